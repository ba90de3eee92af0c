import { jwtClaims } from '../../../lib/session';

/**
 * What the browser holds of a Cognito session, read without loading Amplify so public pages stay
 * light: Amplify keeps one "CognitoIdentityServiceProvider.<client id>.LastAuthUser" entry beside
 * the tokens, in localStorage ("remember me") or in sessionStorage (shared with the browser's other tabs, lib/browser-session.ts).
 */
const LAST_AUTH_USER_KEY = /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/;
/** Amplify's entries for the session (tokens, clock drift, last user), all under this prefix. */
export const AMPLIFY_PREFIX = 'CognitoIdentityServiceProvider.';

export type TokenStorageKind = 'local' | 'session';

/**
 * Where the session's tokens are, read at the moment of use; null without one. A session signed out
 * in another tab counts as none from the moment it ended: its end is read from the storage every
 * tab shares (endSession), not from a message that may not have arrived yet. The tab signing out
 * keeps its own until Amplify has revoked and dropped them.
 */
export function storageHoldingSession(): TokenStorageKind | null {
  return (['session', 'local'] as const).find((kind) => heldSession(kind) === 'live') ?? null;
}

/** What `kind` of storage holds: a live session, one signed out in another tab, or none. */
function heldSession(kind: TokenStorageKind): 'live' | 'ended' | null {
  const session = sessionIn(kind);
  if (session === null) return null;
  return session !== endedHere && endedSessions().includes(session) ? 'ended' : 'live';
}

/**
 * The session `kind` holds, named by its user and the time it signed in (its ID token's `sub` and
 * `auth_time`, which Cognito keeps through refreshes, so every tab's copy names it alike; a person
 * cannot sign in again within the second they signed out); null without one.
 */
function sessionIn(kind: TokenStorageKind): string | null {
  const store = storageOf(kind);
  const key = lastAuthUserKey(() => store);
  if (!key) return null;
  const { sub, auth_time } = jwtClaims(store.getItem(`${userPrefix(key, store)}.idToken`) ?? '');
  return `${String(sub)}@${String(auth_time)}`;
}

/** The session this tab signed out, whose tokens its Amplify still needs to revoke. */
let endedHere: string | null = null;
const ENDED_SESSIONS_KEY = 'tempo.endedSessions';
/** Enough for the sign-outs a browser's open tabs can still hold a copy of. */
const ENDED_SESSIONS_KEPT = 10;

function endedSessions(): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(ENDED_SESSIONS_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as string[]) : [];
  } catch {
    return [];
  }
}

/** The session held now ends (signing out): every tab's copy of it counts as none from this moment on. */
export function endSession(): void {
  const kind = storageHoldingSession();
  endedHere = kind && sessionIn(kind);
  try {
    if (endedHere) window.localStorage.setItem(ENDED_SESSIONS_KEY, JSON.stringify([...endedSessions(), endedHere].slice(-ENDED_SESSIONS_KEPT)));
  } catch {
    // Storage switched off: the message to the other tabs (lib/browser-session.ts) is all there is.
  }
}

/** Whether the tokens this tab holds are of a session signed out in another tab since: it is signed out, and Amplify is not to refresh them. */
export function signedOutElsewhere(): boolean {
  return storageHoldingSession() === null && (heldSession('session') === 'ended' || heldSession('local') === 'ended');
}

/**
 * Drops this tab's copy (sessionStorage) of a session signed out elsewhere, so that Amplify never
 * finds it (before the first render). The shared copy in localStorage is the signing-out tab's to
 * revoke and drop.
 */
export function forgetEndedSession(): void {
  if (heldSession('session') === 'ended') dropSession(window.sessionStorage);
}

/** Drops Amplify's entries for the session from `store` (tokens, clock drift, last user). */
export function dropSession(store: Storage): void {
  for (const key of Object.keys(store)) if (key.startsWith(AMPLIFY_PREFIX)) store.removeItem(key);
}

const storageOf = (kind: TokenStorageKind): Storage => (kind === 'session' ? window.sessionStorage : window.localStorage);

/** Amplify's prefix for the last user's entries, from its LastAuthUser key. */
const userPrefix = (lastAuthUser: string, store: Storage) => `${lastAuthUser.slice(0, -'.LastAuthUser'.length)}.${store.getItem(lastAuthUser) ?? ''}`;

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
  const store = storageOf(kind);
  const user = userPrefix(
    lastAuthUserKey(() => store)!,
    store,
  );
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
