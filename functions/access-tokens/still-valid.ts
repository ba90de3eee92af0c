import { liveAccessToken, noteAccessTokenUse } from './repository';

/**
 * Whether a token the authorizer let through still works, checked by every request it makes (one
 * GetItem), since API Gateway keeps the authorizer's answer for a while: false once it is revoked
 * or expired. Notes its use, at most every ACCESS_TOKEN_LIMITS.lastUseEveryMs.
 */
export async function isTokenStillValid(userId: string, tokenId: string, now: Date): Promise<boolean> {
  const token = await liveAccessToken(userId, tokenId, now);
  if (!token) return false;
  await noteAccessTokenUse(userId, token, now);
  return true;
}
