/** What ending every session of a person (functions/auth/accounts.ts endEverySession) does to the browsers receiving their reminders. */
export { removeAllSubscriptions } from './subscriptions.repository';
