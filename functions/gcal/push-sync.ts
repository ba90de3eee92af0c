import { now, nowMs, sleep } from '../platform/clock';
import { busConsumer } from '../platform/consumer';
import { log } from '../platform/log';
import { GoogleFailure } from './google';
import { syncCalendar } from './sync';
import { getConnection } from './tokens.repository';
import { releaseSync, takeSync } from './watch-channel.repository';

/** How long a queued sync waits for more of a burst's notifications before it starts, and so the least time between two syncs of one person's. */
const GATHER_MS = 250;
/** How many syncs one run makes while notifications keep coming; then the next notification starts another run. */
const ROUNDS = 10;
/** How long a run holds the person's sync: past it, a run cut off no longer holds anyone up. */
const LEASE_MS = 2 * 60_000;

/**
 * Bus consumer of gcal.changes-notified: the incremental sync Google's notifications asked for.
 * One run at a time per person (a lease on their channel record), so that two listings never
 * overlap and undo each other; notifications that come while it runs queue another sync, which the
 * run makes next, before it gives the lease back. Google failing it is logged, not retried: its
 * next notification, Sync, or the day's full sync brings the changes.
 */
export const handler = busConsumer<'gcal.changes-notified'>('gcal/push-sync', async ({ userId }) => {
  // Google sends a batch of changes as notifications a few milliseconds apart: they join this sync.
  await sleep(GATHER_MS);
  if (!(await takeSync(userId, now(), LEASE_MS))) return;
  for (let round = 1; ; round += 1) {
    const startedAt = nowMs();
    try {
      await syncOnce(userId);
    } catch (error) {
      await releaseSync(userId, { anyway: true });
      throw error;
    }
    if (await releaseSync(userId)) return;
    // Queued again while it ran: the next sync, after the same wait; past ROUNDS, the next notification's run.
    if (round === ROUNDS) {
      await releaseSync(userId, { anyway: true });
      return;
    }
    await sleep(startedAt + GATHER_MS - nowMs());
    if (!(await takeSync(userId, now(), LEASE_MS, { held: true }))) return;
  }
});

async function syncOnce(userId: string): Promise<void> {
  const connection = await getConnection(userId);
  if (!connection) return;
  try {
    const changed = await syncCalendar(connection, now());
    log.info('notified Google changes synced', { userId, changed });
  } catch (error) {
    if (!(error instanceof GoogleFailure)) throw error;
    log.warn('notified Google changes not synced', { userId, kind: error.kind });
  }
}
