import {
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CodeMismatchException,
  ConfirmSignUpCommand,
  ExpiredCodeException,
  NotAuthorizedException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { nowMs, sleep } from '../platform/clock';
import { cognito, userPool } from '../platform/cognito';
import { endSessionsBefore } from '../platform/sessions.repository';
import { redeemResetCode } from './reset-codes.repository';
import { forgetTrustedDevices } from './trusted-devices.repository';
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

/**
 * Sets a new password with a mailed reset code: false when the code (or the account) is not one
 * that may. Sessions opened with the old password (perhaps by whoever made the reset necessary)
 * end here, every one of them (endEverySession).
 */
export async function resetPassword(email: string, code: string, password: string, now: Date): Promise<boolean> {
  if (!(await redeemResetCode(email, code, now.getTime()))) return false;
  const { userPoolId } = userPool();
  try {
    await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
    const { UserAttributes = [] } = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    const sub = UserAttributes.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!sub) throw new Error('Cognito answered a user without its sub');
    await endEverySession({ userId: sub, username: email, email });
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
 * sockets too (functions/changes/count-changes.ts), and the browsers the account trusted at sign-in
 * (a thief's among them). Answers once a sign-in made after it counts. `username`: the pool's name
 * for the user or an alias of it (the token's `cognito:username`, or the address), never the
 * `sub`, which a Google user's name is not.
 */
export async function endEverySession({ userId, username, email }: { userId: string; username: string; email: string }): Promise<void> {
  try {
    await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPool().userPoolId, Username: username }));
  } catch (error) {
    // A user the pool no longer has (an account being deleted) has no refresh token left to end.
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  const countsFrom = await endSessionsBefore(userId, new Date(nowMs()));
  await forgetTrustedDevices(email);
  await sleep(countsFrom - nowMs());
}
