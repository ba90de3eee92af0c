import type { ScheduledEvent } from 'aws-lambda';
import { now } from '../platform/clock';
import { reportError, withErrorReporting } from '../platform/error-reporting';
import { log } from '../platform/log';
import { getConnection } from './tokens.repository';
import { openWatch, WATCH_RETRY_MS } from './watch';
import { deferWatchChannel, deleteWatchChannel, dueWatchChannels, type WatchChannel } from './watch-channel.repository';

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

/** One person's channel; a failure of its own (the table, say) is reported and tried again an hour later, holding up no one else's. */
async function renewOne(channel: WatchChannel, at: Date): Promise<boolean> {
  try {
    const connection = await getConnection(channel.user_id);
    if (!connection) {
      await deleteWatchChannel(channel.user_id);
      return false;
    }
    return await openWatch(connection, at);
  } catch (error) {
    log.error('Google watch channel not renewed', { userId: channel.user_id, error });
    await reportError(error);
    await deferWatchChannel(channel.user_id, new Date(at.getTime() + WATCH_RETRY_MS)).catch(() => undefined);
    return false;
  }
}
