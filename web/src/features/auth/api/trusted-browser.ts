import type { DeviceTokenSchema } from '../../../../../shared/accounts.schema';
import { TRUSTED_DEVICES } from '../../../../../shared/constants';
import { apiRequest } from '../../../lib/api';
import type { z } from 'zod';

/** Per account, the token the account issued to this browser at its last sign-in here; the oldest account first. */
const TOKENS_KEY = 'tempo.trusted';

function storedTokens(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(TOKENS_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** The token that tells the sign-in throttle this browser signed in to `account` before (its attempts then count apart from strangers'). */
export function trustedBrowserToken(account: string): string | undefined {
  return storedTokens()[account];
}

/**
 * Asks the account, just signed in, to trust this browser: a new token in place of the one it
 * held. Only what this browser was told is kept (nobody else can make one), for its latest
 * accounts.
 */
export async function trustThisBrowser(account: string): Promise<void> {
  const { [account]: replaces, ...others } = storedTokens();
  const { token } = await apiRequest<z.infer<typeof DeviceTokenSchema>>('/api/auth/device-token', {
    method: 'POST',
    body: replaces ? { replaces } : {},
    signedIn: true,
  });
  const kept = Object.entries(others).slice(-(TRUSTED_DEVICES.perBrowser - 1));
  localStorage.setItem(TOKENS_KEY, JSON.stringify(Object.fromEntries([...kept, [account, token]])));
}
