import type { Language } from '../../../../../shared/languages';
import { apiRequest } from '../../../lib/api';
import { browserKey } from '../../../lib/browser-key';
import { trustedBrowserToken } from './trusted-browser';

/**
 * Mails a 6-digit reset code, written in the page's language; the API answers the same whether or
 * not the address has an account. The browser's key: the API limits requests per browser too.
 */
export async function requestResetCode(email: string, lang: Language): Promise<void> {
  await apiRequest('/api/auth/reset-code', { method: 'POST', body: { email, lang, browser: browserKey() } });
}

/**
 * Mails a one-time link that makes the browser opening it trusted for the account, answered like
 * a reset code's request.
 */
export async function requestSignInLink(email: string, lang: Language): Promise<void> {
  await apiRequest('/api/auth/sign-in-link', { method: 'POST', body: { email, lang, browser: browserKey() } });
}

/**
 * Sets a new password if the code is right, unexpired and unused; with `revoke_access_tokens`,
 * every personal access token of the account stops working too. A browser the account trusts
 * says so: its guesses count apart from strangers'.
 */
export async function resetPassword(input: { email: string; code: string; password: string; revoke_access_tokens: boolean }): Promise<void> {
  const device = trustedBrowserToken(input.email);
  await apiRequest('/api/auth/reset-password', { method: 'POST', body: { ...input, ...(device ? { device } : {}) } });
}

/** Confirms the account of the link mailed at sign-up; confirming twice is fine. */
export async function verifyEmail(input: { email: string; code: string }): Promise<void> {
  await apiRequest('/api/auth/verify-email', { method: 'POST', body: input });
}
