import { publish } from '../platform/bus';
import { notFound } from '../platform/errors';
import { userIdOfChannel } from './channel-id';
import { unqueueSync, verifyNotification, type NotificationHeaders } from './watch-channel.repository';

/** Longer than any resource id or token Google sends back: such a notification is not one of ours. */
const HEADER_MAX = 512;
/** A sync queued this long ago without starting lost its bus event: the next notification queues it again. */
const QUEUED_SYNC_STALE_MS = 60_000;

/**
 * A Google push notification (an empty POST whose headers say which channel and what happened):
 * checked against the channel kept for the person its id names (its id, resource id and token, in
 * one conditional write), else 404, and answered at once. Google's `sync` message (a channel
 * opened) asks for nothing; any other state queues one incremental sync on the bus, unless one is
 * queued already, so a burst of notifications is one sync.
 */
export async function receiveNotification(headers: Record<string, string | undefined>, at: Date): Promise<void> {
  const notification: NotificationHeaders = {
    channelId: headers['x-goog-channel-id'] ?? '',
    resourceId: headers['x-goog-resource-id'] ?? '',
    token: headers['x-goog-channel-token'] ?? '',
  };
  const userId = userIdOfChannel(notification.channelId);
  if (!userId || notification.resourceId.length > HEADER_MAX || notification.token.length > HEADER_MAX) throw notFound();
  const queue = headers['x-goog-resource-state'] !== 'sync';
  const verdict = await verifyNotification(userId, notification, { queue, now: at, staleAfterMs: QUEUED_SYNC_STALE_MS });
  if (verdict === 'refused') throw notFound();
  if (verdict !== 'queued') return;
  try {
    await publish('gcal.changes-notified', { userId, occurredAt: at.toISOString() });
  } catch (error) {
    // Unqueued, so that Google's retry of this notification queues it again.
    await unqueueSync(userId);
    throw error;
  }
}
