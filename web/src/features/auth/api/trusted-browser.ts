import type { DeviceTokenSchema, OpenedSignInLinkSchema } from '../../../../../shared/accounts.schema';
import { DEVICE_TOKEN_CLAIM, TRUSTED_DEVICES } from '../../../../../shared/constants';
import { apiRequest } from '../../../lib/api';
import type { z } from 'zod';

/** Per account (its address, as typed in the forms), the token the account issued to this browser last; the oldest account first. */
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

/** Keeps the account's new token for this browser, for its latest TRUSTED_DEVICES.perBrowser accounts. */
function keepToken(account: string, token: string): void {
  const { [account]: _replaced, ...others } = storedTokens();
  const kept = Object.entries(others).slice(-(TRUSTED_DEVICES.perBrowser - 1));
  localStorage.setItem(TOKENS_KEY, JSON.stringify(Object.fromEntries([...kept, [account, token]])));
}

/**
 * The token that tells the server this browser signed in to `account` before, or opened a link
 * mailed to it: its sign-in attempts and reset-code guesses then count apart from strangers'.
 */
export function trustedBrowserToken(account: string): string | undefined {
  return storedTokens()[account.trim().toLowerCase()];
}

/**
 * Keeps the token a password sign-in handed this browser in its ID token (functions/auth/pre-token-generation.ts):
 * the trust comes with the sign-in's own answer. False when the ID token holds none (the server could not store one).
 */
export function keepTokenFromSignIn(account: string, idTokenClaims: Record<string, unknown>): boolean {
  const token = idTokenClaims[DEVICE_TOKEN_CLAIM];
  if (typeof token !== 'string') return false;
  keepToken(account, token);
  return true;
}

/**
 * Asks the account, just signed in, to trust this browser: a new token in place of the one it
 * held, for a sign-in whose answer brought none. Only what this browser was told is kept (nobody else can make one).
 */
export async function trustThisBrowser(account: string): Promise<void> {
  const replaces = trustedBrowserToken(account);
  const { token } = await apiRequest<z.infer<typeof DeviceTokenSchema>>('/api/auth/device-token', {
    method: 'POST',
    body: replaces ? { replaces } : {},
    signedIn: true,
  });
  keepToken(account, token);
}

/** Opens a mailed sign-in link: this browser is trusted for its account from now on. Answers the account's address. */
export async function openSignInLink(linkToken: string): Promise<string> {
  const { email, token } = await apiRequest<z.infer<typeof OpenedSignInLinkSchema>>('/api/auth/sign-in-link/open', {
    method: 'POST',
    body: { token: linkToken },
  });
  keepToken(email.toLowerCase(), token);
  return email;
}
