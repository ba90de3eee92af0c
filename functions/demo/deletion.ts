import { AdminUserGlobalSignOutCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DAY_MS } from '../../shared/dates';
import { revokeStoredGrant } from '../gcal/grant';
import { nowMs } from '../platform/clock';
import { deleteAccountSchedules } from '../reminders/account-schedules';
import { cognito, userPool } from '../platform/cognito';
import { log } from '../platform/log';
import { endSessionsBefore } from '../platform/token-cutoffs.repository';
import { deleteCognitoUser } from './accounts';
import { deleteUserRecords, unregister, type RegisteredDemo } from './register.repository';

/**
 * Removes an expired demo account and everything in it. First Cognito signs it out everywhere (its
 * refresh tokens), the user found by its `sub`, which no one can change (the address could be
 * changed once), then its tokens stop counting (an ID token lives an hour after the Cognito user
 * is gone); its Google grant goes back to Google; then the user goes, then its reminders' and
 * snoozes' schedules, then every record under it: deleted directly, not through the items domain, so no bus event mirrors the deletions
 * to a Google calendar. The register's record goes last: any step failing leaves it for the next
 * run. The record of when tokens count stays until its TTL, a day on, when no token of the account
 * can be alive. Safe to run again after a failure.
 */
export async function deleteDemoAccount(demo: RegisteredDemo): Promise<number> {
  const username = await usernameOf(demo.user_id);
  if (username) await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPool().userPoolId, Username: username }));
  // Timed after Cognito's sign-out, so that no token refreshed meanwhile counts.
  const signedOutAt = new Date(nowMs());
  await endSessionsBefore(demo.user_id, signedOutAt, new Date(signedOutAt.getTime() + DAY_MS));
  await revokeStoredGrant(demo.user_id);
  if (username) await deleteCognitoUser(username);
  // Its schedules first: they are found by the records about to go.
  await deleteAccountSchedules(demo.user_id);
  const deleted = await deleteUserRecords(demo.user_id);
  await unregister(demo);
  log.info('demo account deleted', { records: deleted });
  return deleted;
}

/** The Cognito username of the user with this `sub` (a filtered ListUsers, at most one), or undefined when there is none. */
async function usernameOf(sub: string): Promise<string | undefined> {
  const { Users } = await cognito().send(new ListUsersCommand({ UserPoolId: userPool().userPoolId, Filter: `sub = "${sub}"`, Limit: 1 }));
  return Users?.[0]?.Username;
}
