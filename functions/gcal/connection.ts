import type { GcalStatus } from '../../shared/gcal.schema';
import { publishAfterSave } from '../platform/bus';
import { log } from '../platform/log';
import { isGoogleConfigured } from './config';
import { setGcalConnected } from '../settings/account-settings';
import { GCAL_WAITING_COUNTED } from '../../shared/gcal';
import { dropPendingOf, pendingOf } from './pending-mirror.repository';
import { removeAllSynced } from './synced-events';
import { dropConnection } from './session';
import { revokeGrant } from './grant';
import { getConnection, hasWriteAccess, type Connection } from './tokens.repository';
import { stopWatching } from './watch';

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

/**
 * Disconnects: gives the grant back to Google, forgets the tokens, removes every synced event with
 * its gcal_events row, and sets gcal_connected false. Answers how many synced events went. Also
 * cleans up after a connection that was already lost (revoked), so it never fails for want of one.
 */
export async function disconnect(userId: string, now: Date): Promise<number> {
  const connection = await getConnection(userId);
  if (connection) {
    // Stopped while the grant still lets it be: Google would otherwise notify an address that no longer listens.
    await stopWatching(connection);
    await revokeAtGoogle(connection);
  }
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
