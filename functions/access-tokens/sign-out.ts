/** What ending every session of a person (functions/auth/accounts.ts endEverySession) does to their access tokens, when they ask for it. */
export { revokeAllAccessTokens } from './repository';
