import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import { log, logger } from '../platform/log';
import { cameThroughTheSite } from '../platform/origin';
import { isIssuedAfterReset } from '../platform/sessions.repository';
import { userPoolVerifier, type TokenVerifier } from '../platform/token-verifier';
import { SOCKET_API } from './socket-api';

/** What the authorizer hands every later route of the connection ($disconnect included). */
export interface SocketAuthorizerContext {
  userId: string;
}

let verifier: TokenVerifier | undefined;

/** The pool's issuer: Cognito's own address in AWS, the local pool's when USER_POOL_ISSUER names it. */
function poolVerifier(): TokenVerifier {
  const { USER_POOL_ISSUER, USER_POOL_ID, USER_POOL_CLIENT_ID, AWS_REGION } = process.env;
  if (!USER_POOL_ID || !USER_POOL_CLIENT_ID) throw new Error('USER_POOL_ID and USER_POOL_CLIENT_ID must be set');
  verifier ??= userPoolVerifier(USER_POOL_ISSUER ?? `https://cognito-idp.${AWS_REGION}.amazonaws.com/${USER_POOL_ID}`, USER_POOL_CLIENT_ID);
  return verifier;
}

/**
 * The WebSocket API's REQUEST authorizer on $connect. A browser cannot set headers on a WebSocket,
 * so the Cognito token comes as the `token` query parameter; it is checked as the HTTP API's JWT
 * authorizer checks it, and against the user's last password reset as every signed-in request is;
 * like every route of the HTTP API, it must have come through the site's CloudFront.
 * Throwing "Unauthorized" is how a Lambda authorizer makes API Gateway answer 401.
 */
export async function handler(event: APIGatewayRequestAuthorizerEvent, context: Context): Promise<APIGatewayAuthorizerResult> {
  logger.addContext(context);
  const userId = cameThroughTheSite(event.headers ?? undefined)
    ? await verifiedUser(event.queryStringParameters?.[SOCKET_API.authorizer.queryParameter])
    : null;
  if (!userId) throw new Error('Unauthorized');
  const granted: SocketAuthorizerContext = { userId };
  return {
    principalId: userId,
    policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }] },
    context: { ...granted },
  };
}

async function verifiedUser(token: string | undefined): Promise<string | null> {
  if (!token) return null;
  try {
    const claims = await poolVerifier()(token);
    if (typeof claims.sub !== 'string' || !claims.sub) return null;
    return (await isIssuedAfterReset(claims.sub, Number(claims.iat))) ? claims.sub : null;
  } catch (error) {
    log.info('socket token refused', { reason: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
