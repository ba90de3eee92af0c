import { INITIAL_SYNC_DELAY_MS } from '../../shared/constants';
import { GCAL_MESSAGES, syncedMessage } from '../../shared/gcal';
import type { InitialSync } from '../../shared/gcal.schema';
import { now, nowMs, sleep } from '../platform/clock';
import { log } from '../platform/log';
import { syncCalendar } from './sync';
import { getConnection, recordInitialSync, type Connection } from './tokens.repository';
import { busConsumer } from '../platform/consumer';

/**
 * Bus consumer of gcal.connected: the first sync, about a second after the tokens were stored,
 * run here rather than by the browser so it happens even when nobody comes back to
 * the page. Its outcome, with the toast text, goes on the connection, where GET /api/gcal/status
 * shows it. A failure is recorded, not retried: the person is told to sync by hand. A redelivery,
 * or a delivery after a reconnect, finds the first sync no longer pending and does nothing.
 */
export const handler = busConsumer<'gcal.connected'>('gcal/initial-sync', async ({ userId, occurredAt: connectedAt }) => {
  await sleep(Date.parse(connectedAt) + INITIAL_SYNC_DELAY_MS - nowMs());
  const connection = await getConnection(userId);
  if (connection?.connectedAt !== connectedAt || connection.initialSync?.status !== 'pending') return;
  await recordInitialSync(userId, connectedAt, await firstSync(connection));
});

async function firstSync(connection: Connection): Promise<InitialSync> {
  try {
    const synced = await syncCalendar(connection, now());
    return { status: 'succeeded', synced, message: syncedMessage(synced) };
  } catch (error) {
    log.error('first Google Calendar sync failed', { userId: connection.userId, error });
    return { status: 'failed', synced: null, message: GCAL_MESSAGES.initialSyncFailed };
  }
}
