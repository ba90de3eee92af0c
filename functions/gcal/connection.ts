import type { GcalStatus } from '../../shared/gcal.schema';
import { publishAfterSave } from '../platform/bus';
import { log } from '../platform/log';
import { googleConfig, isGoogleConfigured } from './config';
import { setGcalConnected } from '../settings/account-settings';
import { GCAL_WAITING_COUNTED } from '../../shared/gcal';
import { dropPendingOf, pendingOf } from './pending-mirror.repository';
import { deleteSyncState } from './sync-state.repository';
import { removeAllSynced } from './synced-events';
import { deleteConnection, getConnection, hasWriteAccess, openTokens, type Connection } from './tokens.repository';

/** A user's Google connection as a whole: its status, losing it, and disconnecting; the way other capabilities reach it. */

/** The status, correcting the stored gcal_connected flag to whether tokens exist. */
export async function connectionStatus(userId: string): Promise<GcalStatus> {
  const connection = await getConnection(userId);
  await setGcalConnected(userId, Boolean(connection));
  return {
    configured: isGoogleConfigured(),
    connected: Boolean(connection),
    write_access: connection ? hasWriteAccess(connection.scopes) : false,
    initial_sync: connection?.initialSync ?? null,
    waiting: connection ? await waitingForGoogle(userId) : null,
  };
}

/** The changes Google has failed at least once and that wait for it, or null: one under way for the first time is not waiting. */
async function waitingForGoogle(userId: string): Promise<GcalStatus['waiting']> {
  const failed = (await pendingOf(userId, GCAL_WAITING_COUNTED)).filter((pending) => pending.attempts > 0);
  if (failed.length === 0) return null;
  const earliest = (values: string[]) => values.reduce((first, value) => (value < first ? value : first));
  return {
    changes: failed.length,
    since: earliest(failed.map((pending) => pending.since)),
    next_try_at: earliest(failed.map((pending) => pending.next_try_at)),
  };
}

/** Forgets the tokens and the sync token, and says so in the settings. Synced events are kept. */
export async function dropConnection(userId: string): Promise<void> {
  await deleteConnection(userId);
  await deleteSyncState(userId);
  await setGcalConnected(userId, false);
}

/**
 * Disconnects: gives the grant back to Google, forgets the tokens, removes every synced event with
 * its gcal_events row, and sets gcal_connected false. Answers how many synced events went. Also
 * cleans up after a connection that was already lost (revoked), so it never fails for want of one.
 */
export async function disconnect(userId: string, now: Date): Promise<number> {
  const connection = await getConnection(userId);
  if (connection) await revokeAtGoogle(connection);
  await dropConnection(userId);
  const removed = await removeAllSynced(userId);
  // What waited for Google has no calendar to go to any more.
  await dropPendingOf(userId);
  await publishAfterSave('gcal.disconnected', { userId, removedEvents: removed, occurredAt: now.toISOString() });
  return removed;
}

/** Best effort: the local disconnect stands even when Google cannot be told. */
async function revokeAtGoogle(connection: Connection): Promise<void> {
  try {
    await revokeGrant(connection);
  } catch (error) {
    log.warn('Google grant not revoked on disconnect', { userId: connection.userId, error });
  }
}

/** Gives the user's grant back to Google when they have one (see revokeGrant); any failure throws. */
export async function revokeStoredGrant(userId: string): Promise<void> {
  const connection = await getConnection(userId);
  if (connection) await revokeGrant(connection);
}

/**
 * Gives the user's grant back to Google (revoking the refresh token ends the whole grant), as
 * Google documents it: a form POST of the token to the revocation endpoint. Asked once, without
 * the client library's retries: a caller that must know tries again on its own schedule (the demo
 * clean-up's next run). Google answers 400 invalid_token for a token it no longer knows: the grant
 * is gone already, which is what was asked. Any other failure throws.
 */
async function revokeGrant(connection: Connection): Promise<void> {
  const answer = await fetch(googleConfig().revokeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: openTokens(connection).refreshToken }),
  });
  if (!answer.ok && answer.status !== 400) throw new Error(`Google did not revoke the grant: ${answer.status}`);
}
