import { apiRequest } from '../../../lib/api';

/**
 * Ends every session of the account at once (POST /api/auth/sign-out-everywhere): this browser's
 * too; with `revokeAccessTokens`, every personal access token as well.
 */
export async function signOutEverywhere(revokeAccessTokens: boolean): Promise<void> {
  await apiRequest('/api/auth/sign-out-everywhere', { method: 'POST', body: { revoke_access_tokens: revokeAccessTokens }, signedIn: true });
}
