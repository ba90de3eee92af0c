import { revokeAllAccessTokens } from '../access-tokens/sign-out';
import { revokeStoredGrant } from '../gcal/grant';
import { log } from '../platform/log';
import { deleteAccountSchedules } from '../reminders/account-schedules';
import { deleteEveryWebhook } from '../webhooks/account-deletion';
import { deleteCognitoUser, endSessions, type AccountToDelete } from './end-access';
import { deleteRecordsKeptApart, deleteUserRecords } from './records.repository';

/**
 * Deletes an account and everything of it: the one path of a person's own deletion (the bus
 * consumer of account.deletion-requested) and of the demo clean-up. Its sessions end first
 * (endSessions), then its personal access tokens go with their lookup records and its Google grant
 * goes back to Google, before its Cognito user goes: a failure until then leaves the user to find
 * again. Then its reminders' and snoozes' schedules, its webhooks with their delivery logs and
 * retry schedules (all found by records about to go), every record under it, and those kept apart
 * under its `sub` and its addresses. Each step is safe to run again, so a failure anywhere is
 * retried from the start. docs/data-retention.md says what stays elsewhere, and for how long.
 */
export async function deleteAccount(account: AccountToDelete): Promise<number> {
  const { username, addresses } = await endSessions(account);
  const { userId } = account;
  await revokeAllAccessTokens(userId);
  await revokeStoredGrant(userId);
  if (username) await deleteCognitoUser(username);
  await deleteAccountSchedules(userId);
  await deleteEveryWebhook(userId);
  const deleted = await deleteUserRecords(userId);
  await deleteRecordsKeptApart(userId, addresses);
  log.info('account deleted', { records: deleted });
  return deleted;
}
