import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import { now } from '../platform/clock';
import { withErrorReporting } from '../platform/error-reporting';
import { logger } from '../platform/log';
import { cameThroughTheSite } from '../platform/origin';
import { isIssuedAfterReset } from '../platform/token-cutoffs.repository';
import { SOCKET_API } from './socket-api';
import { redeemTicket } from './tickets.repository';

/** What the authorizer hands every later route of the connection ($disconnect included). */
export interface SocketAuthorizerContext {
  userId: string;
}

/**
 * The WebSocket API's REQUEST authorizer on $connect. A browser cannot set headers on a WebSocket,
 * and a token in the address would be written to the edge's access logs; so the socket opens with
 * a single-use ticket (functions/change-notices/tickets.repository.ts) that a signed-in call to the API got
 * moments before, and that this call uses up. A ticket issued before the user's sessions were ended
 * (a password reset, "Sign out everywhere") opens nothing. Like every route of the HTTP API, the
 * upgrade must have come through the site's CloudFront. Throwing "Unauthorized" is how a Lambda
 * authorizer makes API Gateway answer 401; what fails in redeeming the ticket is reported first.
 */
export async function handler(event: APIGatewayRequestAuthorizerEvent, context: Context): Promise<APIGatewayAuthorizerResult> {
  logger.addContext(context);
  const userId = cameThroughTheSite(event.headers ?? undefined)
    ? await withErrorReporting({ name: '$connect authorizer', op: 'function.authorizer' }, () =>
        ticketHolder(event.queryStringParameters?.[SOCKET_API.authorizer.queryParameter]),
      )
    : null;
  if (!userId) throw new Error('Unauthorized');
  const granted: SocketAuthorizerContext = { userId };
  return {
    principalId: userId,
    policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }] },
    context: { ...granted },
  };
}

async function ticketHolder(ticket: string | undefined): Promise<string | null> {
  if (!ticket) return null;
  const redeemed = await redeemTicket(ticket, now());
  if (!redeemed) return null;
  return (await isIssuedAfterReset(redeemed.userId, redeemed.issuedAt)) ? redeemed.userId : null;
}
