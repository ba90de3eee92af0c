import { now, sleep } from '../platform/clock';
import { busConsumer } from '../platform/consumer';
import { log } from '../platform/log';
import { GoogleFailure } from './google';
import { syncCalendar } from './sync';
import { getConnection } from './tokens.repository';
import { unqueueSync } from './watch-channel.repository';

/** How long a queued sync waits for more of a burst's notifications before it starts. */
const GATHER_MS = 250;

/**
 * Bus consumer of gcal.changes-notified: the incremental sync Google's notifications asked for.
 * It unqueues the sync as it starts, so a notification that comes while it runs queues the next
 * one, which waits for this one (syncCalendar runs one sync of a person's at a time) and then
 * brings what this one could not have seen. Google failing it is logged, not retried: its next
 * notification, Sync, or the day's full sync brings the changes.
 */
export const handler = busConsumer<'gcal.changes-notified'>('gcal/push-sync', async ({ userId }) => {
  // Google sends a batch of changes as notifications a few milliseconds apart: they join this sync.
  await sleep(GATHER_MS);
  await unqueueSync(userId);
  const connection = await getConnection(userId);
  if (!connection) return;
  try {
    const changed = await syncCalendar(connection, now());
    log.info('notified Google changes synced', { userId, changed });
  } catch (error) {
    if (!(error instanceof GoogleFailure)) throw error;
    log.warn('notified Google changes not synced', { userId, kind: error.kind });
  }
});
