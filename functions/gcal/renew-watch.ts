import type { ScheduledEvent } from 'aws-lambda';
import { now } from '../platform/clock';
import { withErrorReporting } from '../platform/error-reporting';
import { log } from '../platform/log';
import { getConnection } from './tokens.repository';
import { openWatch } from './watch';
import { deleteWatchChannel, dueWatchChannels, type WatchChannel } from './watch-channel.repository';

/** How many channels one run renews, and how many at once; more wait for the next hour. */
const RUN_LIMIT = 400;
const AT_ONCE = 8;

/**
 * Scheduled every hour: opens a new watch channel for each one Google ends within a day (or that
 * could not be opened yet), in place of the old, which is stopped. A channel whose person is no
 * longer connected is forgotten. A channel that cannot be renewed leaves Sync and the day's full
 * sync, and is tried again the next hour.
 */
export function handler(_event?: ScheduledEvent): Promise<{ due: number; renewed: number }> {
  return withErrorReporting({ name: 'gcal/renew-watch', op: 'function.schedule' }, renew);
}

async function renew(): Promise<{ due: number; renewed: number }> {
  const startedAt = now();
  const due = await dueWatchChannels(startedAt, RUN_LIMIT);
  let renewed = 0;
  for (let start = 0; start < due.length; start += AT_ONCE) {
    const opened = await Promise.all(due.slice(start, start + AT_ONCE).map((channel) => renewOne(channel, startedAt)));
    renewed += opened.filter(Boolean).length;
  }
  if (due.length > 0) log.info('Google watch channels renewed', { due: due.length, renewed });
  return { due: due.length, renewed };
}

async function renewOne(channel: WatchChannel, at: Date): Promise<boolean> {
  const connection = await getConnection(channel.user_id);
  if (!connection) {
    await deleteWatchChannel(channel.user_id);
    return false;
  }
  return openWatch(connection, at);
}
