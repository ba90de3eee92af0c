import useSWR from 'swr';
import type { AccessTokenCreate, AccessTokenEntry, CreatedAccessToken } from '../../../../../shared/access-tokens.schema';
import { apiRequest } from '../../../lib/api';

const TOKENS_KEY = '/api/access-tokens';

/** The personal access tokens, newest first: never the tokens themselves, only their hints. */
export function useAccessTokens() {
  return useSWR(TOKENS_KEY, async () => (await apiRequest<{ items: AccessTokenEntry[] }>(TOKENS_KEY, { signedIn: true })).items, {
    revalidateOnFocus: false,
  });
}

/** Makes a token: the answer is the only time the token itself is shown. */
export const createAccessToken = (token: AccessTokenCreate) => apiRequest<CreatedAccessToken>(TOKENS_KEY, { method: 'POST', body: token, signedIn: true });

/** The token stops working at once. */
export const revokeAccessToken = (id: string) => apiRequest<void>(`${TOKENS_KEY}/${encodeURIComponent(id)}`, { method: 'DELETE', signedIn: true });
