/**
 * The signed-in user's id token, for the API calls and the profile. The auth feature names where it
 * comes from (code here may not import a feature): the stored token while it is fresh, Amplify once
 * it needs a refresh. Without a session it is null.
 */
interface IdTokenSource {
  /** The stored token while it is fresh, at once; null when there is none or it needs a refresh. */
  stored: () => string | null;
  /** A usable token, refreshed if need be; null without a session. */
  refreshed: () => Promise<string | null>;
}

let idTokenSource: IdTokenSource = { stored: () => null, refreshed: () => Promise.resolve(null) };

export function setIdTokenSource(source: IdTokenSource): void {
  idTokenSource = source;
}

export function sessionIdToken(): Promise<string | null> {
  const stored = idTokenSource.stored();
  return stored ? Promise.resolve(stored) : idTokenSource.refreshed();
}

/** The fresh stored token's claims at once (what a first render can show without waiting); null without one. */
export function storedSessionClaims(): Record<string, unknown> | null {
  const stored = idTokenSource.stored();
  return stored ? jwtClaims(stored) : null;
}

/** The claims of a JWT, unverified (the API verifies the token; the browser only reads what it says); {} when unreadable. */
export function jwtClaims(token: string): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
