import { now, sleep } from '../platform/clock';
import { busConsumer } from '../platform/consumer';
import { log } from '../platform/log';
import { GoogleFailure } from './google';
import { syncCalendar } from './sync';
import { getConnection } from './tokens.repository';
import { takeQueuedSync } from './watch-channel.repository';

/** How long a queued sync waits for more of a burst's notifications before it starts. */
const GATHER_MS = 250;

/**
 * Bus consumer of gcal.changes-notified: the incremental sync Google's notifications asked for.
 * Notifications that come while it runs queue the next one, so none is missed. Google failing it is
 * logged, not retried: its next notification, Sync, or the day's full sync brings the changes.
 */
export const handler = busConsumer<'gcal.changes-notified'>('gcal/push-sync', async ({ userId }) => {
  // Google sends a batch of changes as notifications a few milliseconds apart: they join this sync.
  await sleep(GATHER_MS);
  await takeQueuedSync(userId);
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
