/**
 * The signed-in session as the rest of the app sees it: the user's id token, for the API calls and
 * the profile, and where the browser keeps the session. The auth feature names where they come
 * from (code here may not import a feature): the stored token while it is fresh, Amplify once it
 * needs a refresh. Without a session the token is null.
 */
interface SessionSource {
  /** The stored token while it is fresh, at once; null when there is none or it needs a refresh. */
  stored: () => string | null;
  /** A usable token, refreshed if need be; null without a session. */
  refreshed: () => Promise<string | null>;
  /** The storage holding the session: localStorage with "remember me", else this tab's sessionStorage; null without one. */
  storage: () => Storage | null;
}

let sessionSource: SessionSource = { stored: () => null, refreshed: () => Promise.resolve(null), storage: () => null };
const sessionEndHandlers = new Set<() => void>();

export function setSessionSource(source: SessionSource): void {
  sessionSource = source;
}

/** The storage holding the session (what is kept for a session is kept beside it, and goes with it). */
export function sessionStorageArea(): Storage | null {
  return sessionSource.storage();
}

/** `handler` runs whenever the session ends (signed out, or expired), to drop what was held for it. */
export function onSessionEnd(handler: () => void): void {
  sessionEndHandlers.add(handler);
}

/** The auth feature's word that the session ended. */
export function sessionEnded(): void {
  for (const handler of sessionEndHandlers) handler();
}

/** The stored token while it is fresh, at once; null when there is none or it needs a refresh. */
export function storedIdToken(): string | null {
  return sessionSource.stored();
}

export function sessionIdToken(): Promise<string | null> {
  const stored = storedIdToken();
  return stored ? Promise.resolve(stored) : sessionSource.refreshed();
}

/** The fresh stored token's claims at once (what a first render can show without waiting); null without one. */
export function storedSessionClaims(): Record<string, unknown> | null {
  const stored = sessionSource.stored();
  return stored ? jwtClaims(stored) : null;
}

/**
 * The signed-in user's id, also when the stored token is no longer fresh (offline, nothing can
 * refresh it): what is kept in this browser for the user (lib/offline/) is found by it, and the
 * API still checks every token. Null without a session.
 */
export function sessionUserId(): string | null {
  const fresh = storedSessionClaims()?.sub;
  if (typeof fresh === 'string') return fresh;
  const storage = sessionStorageArea();
  if (!storage) return null;
  try {
    const key = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '').find((name) => STORED_ID_TOKEN_KEY.test(name));
    const sub = key ? jwtClaims(storage.getItem(key) ?? '').sub : undefined;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}
/** Where Amplify keeps a signed-in user's id token. */
const STORED_ID_TOKEN_KEY = /^CognitoIdentityServiceProvider\.[^.]+\..+\.idToken$/;

/** The claims of a JWT, unverified (the API verifies the token; the browser only reads what it says); {} when unreadable. */
export function jwtClaims(token: string): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
