import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerWithContextResult, Context } from 'aws-lambda';
import type { JWTPayload } from 'jose';
import { isAccessToken, type AccessTokenScope } from '../../shared/access-tokens';
import { now } from '../platform/clock';
import { withErrorReporting } from '../platform/error-reporting';
import { logger } from '../platform/log';
import { userPoolVerifier, type TokenVerifier } from '../platform/token-verifier';
import { findAccessToken } from './repository';

/**
 * What the HTTP API's authorizer hands every handler in `requestContext.authorizer.lambda`, all
 * strings: for a Cognito token, its verified claims (`sub`, `iat`, `exp`, `cognito:username`,
 * `email`, ...); for a personal access token, `TokenContext`.
 */
export type AuthorizerContext = Readonly<Record<string, string>>;
export type TokenContext = { sub: string; token_id: string; scope: AccessTokenScope; token_name: string };

/**
 * How long API Gateway keeps an answer for the same Authorization header (and the local adapter
 * with it). Whatever changes meanwhile (a revoked token, ended sessions) each handler checks again
 * per request (functions/platform/http.ts).
 */
export const AUTHORIZER_CACHE_SECONDS = 300;

/** The one error message that makes API Gateway answer 401 `{"message":"Unauthorized"}` (any other error is a 500). */
export const AUTHORIZER_REFUSAL = 'Unauthorized';

const refusal = () => new Error(AUTHORIZER_REFUSAL);
const isRefusal = (error: unknown) => error instanceof Error && error.message === AUTHORIZER_REFUSAL;

/**
 * The authorizer in front of every route not marked public (a Lambda REQUEST authorizer, payload
 * 2.0, simple answers, its identity source the Authorization header: API Gateway answers 401 itself
 * when there is none). A `Bearer` value is a personal access token when it has our prefix (found by
 * its hash, one GetItem), else a Cognito token, checked as the JWT authorizer did (signature,
 * expiry, issuer, app client: token-verifier.ts). Anything else is refused with a 401. It decides
 * nothing by route, since its answer is cached for every route alike: which routes a token may
 * call, and with what scope, the handlers check.
 */
export function createAuthorizer(verify: TokenVerifier) {
  return async function authorize(event: APIGatewayRequestAuthorizerEventV2): Promise<APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>> {
    const bearer = bearerOf(event.headers?.authorization);
    if (!bearer) throw refusal();
    const context = isAccessToken(bearer) ? await tokenContext(bearer) : await sessionContext(verify, bearer);
    if (!context) throw refusal();
    return { isAuthorized: true, context };
  };
}

export type Authorizer = ReturnType<typeof createAuthorizer>;

async function tokenContext(bearer: string): Promise<TokenContext | null> {
  const token = await findAccessToken(bearer, now());
  return token && { sub: token.userId, token_id: token.tokenId, scope: token.scope, token_name: token.name };
}

async function sessionContext(verify: TokenVerifier, bearer: string): Promise<AuthorizerContext | null> {
  try {
    return gatewayClaims(await verify(bearer));
  } catch {
    return null;
  }
}

function bearerOf(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
}

/** Claims as strings, as API Gateway's JWT authorizer handed them over; arrays read "[a b]". */
function gatewayClaims(payload: JWTPayload): AuthorizerContext {
  return Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [
      name,
      Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : String(value),
    ]),
  );
}

let authorizer: Authorizer | undefined;

/** The Lambda: the user pool's keys fetched once per container and kept (jose's remote JWK set). */
export async function handler(event: APIGatewayRequestAuthorizerEventV2, context: Context) {
  logger.addContext(context);
  authorizer ??= createAuthorizer(userPoolVerifier(environment('USER_POOL_ISSUER'), environment('USER_POOL_CLIENT_ID')));
  const authorize = authorizer;
  return withErrorReporting({ name: 'API authorizer', op: 'function.authorizer', isAnswer: isRefusal }, () => authorize(event));
}

function environment(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
