import type { APIGatewayEventWebsocketRequestContextV2, APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2WithRequestContext, Context } from 'aws-lambda';
import { now } from '../platform/clock';
import { logger } from '../platform/log';
import type { SocketAuthorizerContext } from './authorizer';
import { removeConnection, saveConnection } from './connections.repository';

export type SocketEvent = APIGatewayProxyWebsocketEventV2WithRequestContext<APIGatewayEventWebsocketRequestContextV2 & { authorizer: SocketAuthorizerContext }>;

/**
 * The WebSocket API's routes. $connect (after the authorizer) records the socket under its user,
 * $disconnect forgets it; $default takes the page's keep-alive pings (API Gateway closes a socket
 * idle for ten minutes) and answers nothing. The user comes from the authorizer's context, which API
 * Gateway hands every route of the connection, never from what the page sends.
 */
export async function handler(event: SocketEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  logger.addContext(context);
  const { routeKey, connectionId, authorizer } = event.requestContext;
  if (routeKey === '$connect') await saveConnection(authorizer.userId, connectionId, now());
  if (routeKey === '$disconnect') await removeConnection(authorizer.userId, connectionId);
  return { statusCode: 200 };
}
