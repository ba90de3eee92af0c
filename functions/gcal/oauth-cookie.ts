import { GOOGLE_PENDING_WINDOW_MS } from '../../shared/constants';

const ATTEMPT_COOKIE = 'tempo_gcal_attempt';
const CALLBACK_PATH = '/api/gcal/callback';

/** The Set-Cookie that binds an attempt to the browser: sent back only to the callback, on Google's redirect (Lax). */
export function attemptCookie(nonce: string, origin: string): string {
  return `${ATTEMPT_COOKIE}=${nonce}; Path=${CALLBACK_PATH}; Max-Age=${GOOGLE_PENDING_WINDOW_MS / 1000}; HttpOnly; SameSite=Lax${secure(origin)}`;
}

/** The Set-Cookie that removes it once the callback has run. */
export function clearedAttemptCookie(origin: string): string {
  return `${ATTEMPT_COOKIE}=; Path=${CALLBACK_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure(origin)}`;
}

/** The attempt nonce the browser holds, from the request's cookies (API Gateway v2 hands them as `name=value`). */
export function attemptInBrowser(cookies: readonly string[] | undefined): string | undefined {
  const prefix = `${ATTEMPT_COOKIE}=`;
  return cookies?.find((cookie) => cookie.startsWith(prefix))?.slice(prefix.length) || undefined;
}

const secure = (origin: string) => (origin.startsWith('https:') ? '; Secure' : '');
