/**
 * Deleting one's own account (Settings → "Delete my account"): the person signs in again and types
 * their email address, then everything of the account goes (functions/account/deletion.ts,
 * docs/data-retention.md).
 */

export const ACCOUNT_DELETION = {
  /**
   * How recent the sign-in of the token that asks must be (its `auth_time`): the password, or
   * Google's sign-in, given again for this, not a session left open on someone else's screen.
   */
  freshSignInMs: 5 * 60_000,
} as const;

/**
 * The confirmation typed is the account's email address, as services that delete an account at a
 * person's word ask for the account's name: it names the account that goes, in any language, and
 * is not typed by habit. Compared as addresses are, ignoring case and the spaces around it.
 */
export const confirmsDeletion = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

/**
 * The deletion's messages. They live here, not in MESSAGES, so that only Settings' deletion section
 * downloads them (with its texts, which translate them).
 */
export const ACCOUNT_DELETION_MESSAGES = {
  confirmationMismatch: 'Type your email address exactly as shown to confirm',
  signInAgain: 'Confirm it is you: sign in again, then delete your account within 5 minutes.',
} as const;

/**
 * How many days DynamoDB's point-in-time recovery keeps of the table's past (infra/stacks/data-stack.ts):
 * the privacy page promises a deletion within 30 days, and the last record of a deleted account (the
 * one that refuses its tokens) leaves the table by its TTL a day on, which DynamoDB carries out within
 * a couple of days more. So 30 less 3 (docs/data-retention.md).
 */
export const BACKUP_RECOVERY_DAYS = 27;
