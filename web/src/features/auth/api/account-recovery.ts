import type { Language } from '../../../../../shared/languages';
import { apiRequest } from '../../../lib/api';
import { browserKey } from '../lib/browser-key';

/**
 * Mails a 6-digit reset code, written in the page's language; the API answers the same whether or
 * not the address has an account. The browser's key: the API limits requests per browser too.
 */
export async function requestResetCode(email: string, lang: Language): Promise<void> {
  await apiRequest('/api/auth/reset-code', { method: 'POST', body: { email, lang, browser: browserKey() } });
}

/** Sets a new password if the code is right, unexpired and unused. */
export async function resetPassword(input: { email: string; code: string; password: string }): Promise<void> {
  await apiRequest('/api/auth/reset-password', { method: 'POST', body: input });
}

/** Confirms the account of the link mailed at sign-up; confirming twice is fine. */
export async function verifyEmail(input: { email: string; code: string }): Promise<void> {
  await apiRequest('/api/auth/verify-email', { method: 'POST', body: input });
}
