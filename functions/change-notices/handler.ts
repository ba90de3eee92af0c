import type { APIGatewayEventWebsocketRequestContextV2, APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2WithRequestContext, Context } from 'aws-lambda';
import { SOCKET_LIMITS } from '../../shared/constants';
import { now } from '../platform/clock';
import { withErrorReporting } from '../platform/error-reporting';
import { log, logger } from '../platform/log';
import type { SocketAuthorizerContext } from './authorizer';
import { connectionsOverCap, countFrame, removeConnection, saveConnection } from './connections.repository';
import { closeConnections } from './management';

export type SocketEvent = APIGatewayProxyWebsocketEventV2WithRequestContext<APIGatewayEventWebsocketRequestContextV2 & { authorizer: SocketAuthorizerContext }>;

/**
 * The WebSocket API's routes. $connect (after the authorizer) records the socket under its user and
 * closes the user's oldest sockets past SOCKET_LIMITS.openPerUser (each is a billed message per
 * notice); $disconnect forgets it; $default takes the page's keep-alive pings (API Gateway closes a
 * socket idle for ten minutes), answers nothing, and closes a socket that sends more frames than
 * SOCKET_LIMITS.frames allows (each frame runs this function), or one no longer recorded, which no
 * notice would reach (its tab opens a new one, and reads what it missed). The user comes from the
 * authorizer's context, which API Gateway hands every route of the connection, never from what the
 * page sends. A failure is reported (functions/platform/error-reporting.ts).
 */
export function handler(event: SocketEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const { routeKey, authorizer } = event.requestContext;
  return withErrorReporting({ name: routeKey, op: 'websocket.server', userId: authorizer.userId }, () => serve(event, context));
}

async function serve(event: SocketEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  logger.addContext(context);
  const { routeKey, connectionId, authorizer } = event.requestContext;
  const { userId } = authorizer;
  if (routeKey === '$connect') {
    await saveConnection(userId, connectionId, now());
    const over = await connectionsOverCap(userId, now());
    if (over.length > 0) log.info('oldest sockets closed', { over: over.length });
    await closeConnections(userId, over);
  } else if (routeKey === '$disconnect') {
    await removeConnection(userId, connectionId);
  } else {
    const frames = await countFrame(userId, connectionId, now());
    if (frames === null) {
      log.info('unrecorded socket closed', { connectionId });
      await closeConnections(userId, [connectionId]);
    } else if (frames > SOCKET_LIMITS.frames.perWindow) {
      log.info('socket closed for its frames', { connectionId, frames });
      await closeConnections(userId, [connectionId]);
    }
  }
  return { statusCode: 200 };
}
