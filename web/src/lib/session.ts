/**
 * The signed-in user's id token, for the API calls and the profile. The auth feature names where it
 * comes from (code here may not import a feature): the stored token while it is fresh, Amplify once
 * it needs a refresh. Without a session it is null.
 */
let idTokenSource: () => Promise<string | null> = () => Promise.resolve(null);

export function setIdTokenSource(source: () => Promise<string | null>): void {
  idTokenSource = source;
}

export function sessionIdToken(): Promise<string | null> {
  return idTokenSource();
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
