/**
 * Personal access tokens: what a person hands a script or an outside AI assistant (through the MCP
 * server) instead of their password. Shown once, stored only as a hash, scoped, expiring, revocable.
 */

/** `read`: every GET route and the read tools; `write`: everything `read` may, and the changes. */
export const ACCESS_TOKEN_SCOPES = ['read', 'write'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** How long a token lasts, in days: a person picks one (no token lives for ever). */
export const ACCESS_TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365] as const;
export type AccessTokenLifetime = (typeof ACCESS_TOKEN_LIFETIMES_DAYS)[number];

export const ACCESS_TOKEN_LIMITS = {
  /** Live tokens per account. */
  perAccount: 20,
  nameMax: 100,
  /** A token's last use is written at most this often, so that a busy script costs no write per request. */
  lastUseEveryMs: 5 * 60_000,
} as const;

/**
 * What every token starts with: secret scanners (GitHub's among them) and a person reading a config
 * file both know it for what it is. After it, 43 base64url characters (32 random bytes).
 */
export const ACCESS_TOKEN_PREFIX = 'tempo_pat_';

/**
 * The access tokens' messages. They live here, not in MESSAGES, so that only Settings' access
 * tokens section downloads them (with its texts, which translate the ones it shows); a script
 * gets them in English, with no message_key.
 */
export const ACCESS_TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name',
  nameControlCharacters: 'Token name must not contain control characters',
  scope: 'Choose what the token may do: read, or read and write',
  lifetime: 'Choose how long the token lasts: 7, 30, 90 or 365 days',
  tooMany: 'You have the most access tokens an account may have: revoke one first.',
  demo: 'A demo account cannot make access tokens.',
  /** A token on a route only a signed-in session may call (403 token_not_allowed). */
  notAllowed: 'An access token cannot do this: sign in to Tempo to do it.',
  /** A read token on a route that changes something (403 insufficient_scope). */
  insufficientScope: 'This access token may only read: make one with read and write access to change things.',
} as const;

/** Whether a bearer value is one of ours (else it is read as a Cognito JWT). */
export const isAccessToken = (bearer: string) => bearer.startsWith(ACCESS_TOKEN_PREFIX);

/** Whether a token of this scope may do what needs `needed`. */
export const scopeAllows = (scope: AccessTokenScope, needed: AccessTokenScope) => scope === 'write' || needed === 'read';
