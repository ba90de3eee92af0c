/** What ending every session of a person (functions/auth/accounts.ts endEverySession) does to their calendar feed. */
export { replaceFeedAfterSignOut } from './repository';
