import { apiRequest } from '../../../lib/api';

/** Ends every session of the account at once (POST /api/auth/sign-out-everywhere): this browser's too. */
export async function signOutEverywhere(): Promise<void> {
  await apiRequest('/api/auth/sign-out-everywhere', { method: 'POST', signedIn: true });
}
