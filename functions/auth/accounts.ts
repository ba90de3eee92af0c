import {
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CodeMismatchException,
  ConfirmSignUpCommand,
  ExpiredCodeException,
  NotAuthorizedException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { timingSafeEqual } from 'node:crypto';
import { RESET_CODE, RESET_GUESSES } from '../../shared/constants';
import type { z } from 'zod';
import type { ResetPasswordSchema } from '../../shared/accounts.schema';
import { revokeAllAccessTokens } from '../access-tokens/sign-out';
import { replaceFeedAfterSignOut } from '../calendar-feed/sign-out';
import { nowMs, sleep } from '../platform/clock';
import { cognito, userPool } from '../platform/cognito';
import { reportError } from '../platform/error-reporting';
import { log } from '../platform/log';
import { endSessionsBefore } from '../platform/token-cutoffs.repository';
import { removeAllSubscriptions } from '../reminders/sign-out';
import { countGuess, countUntrustedGuess, liveResetCode, spendResetCode } from './reset-codes.repository';
import { forgetTrustedDevices, trustedDeviceOf } from './trusted-devices.repository';
import { rememberVerification, wasVerifiedWith } from './verifications.repository';

/**
 * Confirms a sign-up from its mailed link: true when the account is confirmed now or was with this
 * same code before (the link opened again), false for any other code, alike for every address.
 */
export async function confirmEmail(email: string, code: string, now: Date): Promise<boolean> {
  try {
    await cognito().send(new ConfirmSignUpCommand({ ClientId: userPool().clientId, Username: email, ConfirmationCode: code }));
  } catch (error) {
    const refused = [CodeMismatchException, ExpiredCodeException, NotAuthorizedException, UserNotFoundException].some((kind) => error instanceof kind);
    if (!refused) throw error;
    return wasVerifiedWith(email, code);
  }
  await rememberVerification(email, code, now.getTime());
  return true;
}

/** Raised to the operator once an account's day of wrong reset-code guesses is used up (the guesses after it are refused). */
class ResetGuessesUsedUp extends Error {
  constructor() {
    super(`A password reset code was guessed ${RESET_GUESSES.untrustedPerAccount} times today from browsers its account does not trust`);
    this.name = 'ResetGuessesUsedUp';
  }
}

/**
 * Spends the address's reset code: the account's `sub` for the right, unexpired code within its
 * guesses, once; null for anything else. A browser the account trusts (`device`: one it signed in
 * with, or opened a mailed link in) has guesses of its own on each code. Any other browser's guess
 * counts in the account's day too (RESET_GUESSES), before it is compared, so that no number of
 * requesters, codes or guesses sent side by side passes the bound; the one that reaches it is
 * reported (once a day per account), the ones after it refused.
 */
export async function redeemResetCode(email: string, code: string, device: string | undefined, now: number): Promise<string | null> {
  const live = await liveResetCode(email, now);
  if (!live) return null;
  const trusted = (await trustedDeviceOf(live.user_id, device, now)) !== null;
  if (!trusted) {
    const guessesToday = await countUntrustedGuess(live.user_id, now);
    if (guessesToday === null) return null;
    if (guessesToday === RESET_GUESSES.untrustedPerAccount) {
      log.warn('an account’s reset guesses of the day from untrusted browsers are used up', { userId: live.user_id });
      await reportError(new ResetGuessesUsedUp(), { account: live.user_id });
    }
  }
  const counted = await countGuess(email, live.issued_at, trusted, now);
  if (!counted) return null;
  const right = counted.code.length === code.length && timingSafeEqual(Buffer.from(counted.code), Buffer.from(code));
  // Single use: of two requests with the right code, only the one whose delete finds it wins.
  if (right) return (await spendResetCode(email, counted.issued_at)) ? counted.user_id : null;
  // Out of the trusted browsers' guesses too: the next request makes a new code.
  if (trusted && (counted.trusted_attempts ?? 0) >= RESET_CODE.attempts) await spendResetCode(email, counted.issued_at);
  return null;
}

/**
 * Sets a new password with a mailed reset code: false when the code (or the account) is not one
 * that may. Sessions opened with the old password (perhaps by whoever made the reset necessary)
 * end here, every one of them (endEverySession), and the personal access tokens too when asked.
 */
export async function resetPassword(
  { email, code, password, device, revoke_access_tokens: revokeAccessTokens = false }: z.output<typeof ResetPasswordSchema>,
  now: Date,
): Promise<boolean> {
  const userId = await redeemResetCode(email, code, device, now.getTime());
  if (!userId) return false;
  try {
    await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: userPool().userPoolId, Username: email, Password: password, Permanent: true }));
    await endEverySession({ userId, username: email, revokeAccessTokens });
  } catch (error) {
    if (error instanceof UserNotFoundException) return false;
    throw error;
  }
  return true;
}

/**
 * Ends every session of the user at once: their refresh tokens with Cognito, then the ID tokens
 * already issued with our own check (endSessionsBefore, timed after Cognito's sign-out, so that no
 * token refreshed meanwhile counts), whose record's change on the table's stream closes their open
 * sockets too (functions/changes/count-changes.ts), the browsers the account trusted (a thief's
 * among them), the browsers receiving its reminders, and the calendar feed's address (a new one
 * is made, and Settings asks the person to subscribe again); with `revokeAccessTokens`, every
 * personal access token (which ending sessions leaves alone: a script keeps working). Answers once
 * a sign-in made after it counts. `username`: the pool's name for the user or an alias of it (the
 * token's `cognito:username`, or the address), never the `sub`, which a Google user's name is not.
 */
export async function endEverySession({
  userId,
  username,
  revokeAccessTokens,
}: {
  userId: string;
  username: string;
  revokeAccessTokens: boolean;
}): Promise<void> {
  try {
    await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPool().userPoolId, Username: username }));
  } catch (error) {
    // A user the pool no longer has (an account being deleted) has no refresh token left to end.
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  const countsFrom = await endSessionsBefore(userId, new Date(nowMs()));
  await forgetTrustedDevices(userId);
  await removeAllSubscriptions(userId);
  await replaceFeedAfterSignOut(userId, new Date(nowMs()));
  if (revokeAccessTokens) await revokeAllAccessTokens(userId);
  await sleep(countsFrom - nowMs());
}
