import { randomBytes } from 'node:crypto';
import { now } from '../platform/clock';
import { busConsumer } from '../platform/consumer';
import { reportError } from '../platform/error-reporting';
import { log } from '../platform/log';
import { appOrigin } from '../platform/site';
import { newChannelId } from './channel-id';
import { CALENDAR_ID, GoogleFailure } from './google';
import { withCalendar } from './session';
import { getConnection, type Connection } from './tokens.repository';
import { deferWatchChannel, getWatchChannel, saveOpeningChannel, saveWatchChannel, type WatchChannel } from './watch-channel.repository';

/** Where Google sends a channel's notifications: the public webhook (functions/gcal/notifications.ts). */
const NOTIFICATION_PATH = '/api/gcal/notifications';
/** What a channel is asked to live, in seconds: a week, Google's most for calendar events. Google answers what it grants. */
const CHANNEL_TTL_S = 7 * 24 * 3600;
/** A channel is renewed a day before Google ends it (half its life, for a short one), leaving a failed renewal hours of tries. */
const RENEW_BEFORE_MS = 24 * 3600_000;
/** A channel that could not be opened or renewed is tried again by the next run of the renewal an hour later. */
export const WATCH_RETRY_MS = 3600_000;

/**
 * Bus consumer of gcal.connected: opens the person's watch channel, so Google's changes come in
 * within seconds instead of at the next Sync. A reconnect opens a new one in place of the old.
 */
export const handler = busConsumer<'gcal.connected'>('gcal/watch', async ({ userId }) => {
  const connection = await getConnection(userId);
  if (connection) await openWatch(connection, now());
});

/**
 * Opens a watch channel on the person's primary calendar (events.watch, with a fresh id and a
 * secret token of its own) and keeps it in place of the previous one, which is then stopped at
 * Google. Answers whether it was opened. When Google refuses or fails, the channel is put off for
 * WATCH_RETRY_MS (a channel still open stays until then), and Sync and the day's full sync bring
 * Google's changes meanwhile; when access is lost, the connection has been dropped with it.
 */
export async function openWatch(connection: Connection, at: Date): Promise<boolean> {
  const { userId } = connection;
  const id = newChannelId(userId);
  const token = randomBytes(32).toString('base64url');
  let answer: { resourceId?: string | null; expiration?: string | null };
  await saveOpeningChannel(userId, id, token, new Date(at.getTime() + WATCH_RETRY_MS));
  try {
    answer = await withCalendar(connection, async (api) => {
      const requestBody = { id, token, type: 'web_hook', address: `${appOrigin()}${NOTIFICATION_PATH}`, params: { ttl: String(CHANNEL_TTL_S) } };
      return (await api.events.watch({ calendarId: CALENDAR_ID, requestBody })).data;
    });
  } catch (error) {
    if (error instanceof GoogleFailure && error.kind === 'access-lost') return false;
    if (!(error instanceof GoogleFailure)) {
      // Google refusing the request itself (an address that is not HTTPS): the operator's to fix.
      log.error('Google watch channel not opened', { userId, error });
      await reportError(error);
    }
    await deferWatchChannel(userId, new Date(at.getTime() + WATCH_RETRY_MS));
    return false;
  }
  if (!answer.resourceId) throw new Error('Google opened a watch channel without a resourceId');
  const granted = Number(answer.expiration);
  const expiresAt = new Date(Number.isFinite(granted) && granted > at.getTime() ? granted : at.getTime() + CHANNEL_TTL_S * 1000);
  const lifetime = expiresAt.getTime() - at.getTime();
  const renewAt = new Date(at.getTime() + Math.max(lifetime - RENEW_BEFORE_MS, lifetime / 2));
  const previous = await saveWatchChannel(userId, { id, resourceId: answer.resourceId, token, expiresAt }, renewAt, at);
  if (previous === 'gone') {
    // Disconnected (or opened again) meanwhile: this channel is nobody's.
    await stopChannel(connection, { channel_id: id, resource_id: answer.resourceId });
    return false;
  }
  if (previous?.channel_id && previous.channel_id !== id) await stopChannel(connection, previous);
  return true;
}

/** Stops the person's channel at Google, if they have one (a disconnect: the record goes with the connection). */
export async function stopWatching(connection: Connection): Promise<void> {
  const channel = await getWatchChannel(connection.userId);
  if (channel) await stopChannel(connection, channel);
}

/** channels.stop, best effort: a channel Google no longer knows (404), or cannot stop now, ends at its expiration anyway. */
async function stopChannel(connection: Connection, channel: Pick<WatchChannel, 'channel_id' | 'resource_id'>): Promise<void> {
  if (!channel.channel_id || !channel.resource_id) return;
  const requestBody = { id: channel.channel_id, resourceId: channel.resource_id };
  try {
    await withCalendar(connection, (api) => api.channels.stop({ requestBody }));
  } catch (error) {
    log.warn('Google watch channel not stopped', { userId: connection.userId, channelId: channel.channel_id, error });
  }
}
