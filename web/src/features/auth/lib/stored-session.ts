import { jwtClaims } from '../../../lib/session';

/**
 * What the browser holds of a Cognito session, read without loading Amplify so public pages stay
 * light: Amplify keeps one "CognitoIdentityServiceProvider.<client id>.LastAuthUser" entry beside
 * the tokens, in localStorage ("remember me") or in sessionStorage (shared with the browser's other tabs, lib/browser-session.ts).
 */
const LAST_AUTH_USER_KEY = /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/;

export type TokenStorageKind = 'local' | 'session';

export function storageHoldingSession(): TokenStorageKind | null {
  if (lastAuthUserKey(() => window.sessionStorage)) return 'session';
  if (lastAuthUserKey(() => window.localStorage)) return 'local';
  return null;
}

/** A token is used as stored until a minute before it expires; then Amplify is loaded to refresh it. */
const FRESH_MARGIN_MS = 60_000;

/**
 * The stored session's id token while it and its access token are valid, judged as Amplify judges
 * them (its clock drift included); null without a session or when they need a refresh. A signed-in
 * visit runs on it without downloading Amplify until the tokens near their end.
 */
export function freshStoredIdToken(now = Date.now()): string | null {
  const kind = storageHoldingSession();
  if (!kind) return null;
  const store = kind === 'session' ? window.sessionStorage : window.localStorage;
  const key = lastAuthUserKey(() => store)!;
  const user = `${key.slice(0, -'.LastAuthUser'.length)}.${store.getItem(key) ?? ''}`;
  const idToken = store.getItem(`${user}.idToken`);
  const clockDrift = Number(store.getItem(`${user}.clockDrift`) ?? 0) || 0;
  const fresh = (token: string | null) => token !== null && expiryOf(token) > now + clockDrift + FRESH_MARGIN_MS;
  return fresh(idToken) && fresh(store.getItem(`${user}.accessToken`)) ? idToken : null;
}

/** A JWT's `exp`, in milliseconds; 0 for what is not a readable JWT. */
function expiryOf(token: string): number {
  const { exp } = jwtClaims(token);
  return typeof exp === 'number' ? exp * 1000 : 0;
}

/** Google's hosted UI sends the browser back with `code` (or `error`) and `state` to finish signing in. */
export function isOAuthRedirectReturn(search: string): boolean {
  const query = new URLSearchParams(search);
  return query.has('state') && (query.has('code') || query.has('error'));
}

function lastAuthUserKey(storage: () => Storage): string | null {
  try {
    const store = storage();
    for (let index = 0; index < store.length; index++) {
      const key = store.key(index) ?? '';
      if (LAST_AUTH_USER_KEY.test(key)) return key;
    }
    return null;
  } catch {
    // Storage can be switched off by the browser; then there is no session to find.
    return null;
  }
}
