/**
 * What the browser holds of a Cognito session, read without loading Amplify so public pages stay
 * light: Amplify keeps one "CognitoIdentityServiceProvider.<client id>.LastAuthUser" entry beside
 * the tokens, in localStorage ("remember me") or in sessionStorage (this tab only).
 */
const LAST_AUTH_USER_KEY = /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/;

export type TokenStorageKind = 'local' | 'session';

export function storageHoldingSession(): TokenStorageKind | null {
  if (holdsSession(() => window.sessionStorage)) return 'session';
  if (holdsSession(() => window.localStorage)) return 'local';
  return null;
}

/** Google's hosted UI sends the browser back with `code` (or `error`) and `state` to finish signing in. */
export function isOAuthRedirectReturn(search: string): boolean {
  const query = new URLSearchParams(search);
  return query.has('state') && (query.has('code') || query.has('error'));
}

function holdsSession(storage: () => Storage): boolean {
  try {
    const store = storage();
    for (let index = 0; index < store.length; index++) {
      if (LAST_AUTH_USER_KEY.test(store.key(index) ?? '')) return true;
    }
    return false;
  } catch {
    // Storage can be switched off by the browser; then there is no session to find.
    return false;
  }
}
