import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/**
 * What API Gateway's JWT authorizer checks before any handler runs: signature against the pool's
 * keys, expiry and not-before, issuer, and the app client as `aud` (id tokens) or `client_id`
 * (access tokens). The local stack's API adapter checks the same.
 */
export function jwtVerifier(options: { issuer: string; clientId: string; keys: JWTVerifyGetKey }) {
  return async function verify(token: string): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, options.keys, { issuer: options.issuer });
    const audiences = [payload.aud ?? []].flat();
    if (!audiences.includes(options.clientId) && payload.client_id !== options.clientId) {
      throw new Error('token was issued to another client');
    }
    return payload;
  };
}

export type TokenVerifier = ReturnType<typeof jwtVerifier>;

/** A verifier for a user pool's tokens, its keys read from the pool's JWKS (fetched once, then cached). */
export function userPoolVerifier(issuer: string, clientId: string): TokenVerifier {
  return jwtVerifier({ issuer, clientId, keys: createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)) });
}
