import { createHash, randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { userIdOfKey, WATCH_CHANNEL_SHARDS, watchChannelKey, watchRenewalPartition } from '../data/keys';
import { conditionally, db, dueInPartitions, tableName, unlessConditionFails } from '../platform/dynamo';

/**
 * A person's Google watch channel: one record under their partition (the channel's id names the
 * person: functions/gcal/channel-id.ts), found by when it is to be renewed through a byExpiry
 * partition of its own (one of WATCH_CHANNEL_SHARDS). The channel's token is kept as its hash only.
 * A record without a channel is one still to be opened (the first try failed), due at its `renew_at`.
 */
export interface WatchChannel {
  user_id: string;
  channel_id: string | null;
  resource_id: string | null;
  /** When Google ends the channel. */
  expires_at: string | null;
  renew_at: string;
}

/** The channel as Google answered events.watch, with the token sent with it. */
export interface OpenedChannel {
  id: string;
  resourceId: string;
  token: string;
  expiresAt: Date;
}

/** Only the hash of a channel's token is kept: a leaked table does not let anyone forge Google's notifications. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

const shardOf = (userId: string) => createHash('sha256').update(userId).digest()[0]! % WATCH_CHANNEL_SHARDS;
const renewalKeys = (userId: string, renewAt: string) => ({ XPK: watchRenewalPartition(shardOf(userId)), XSK: `${renewAt}#${userId}` });

/** An UpdateExpression's SET clauses, and their values, that make the person's record due for the renewal at `dueAt`. */
function dueForRenewal(userId: string, dueAt: Date) {
  const at = dueAt.toISOString();
  const keys = renewalKeys(userId, at);
  return {
    set: 'user_id = :user, renew_at = :at, XPK = :xpk, XSK = :xsk',
    values: { ':user': userId, ':at': at, ':xpk': keys.XPK, ':xsk': keys.XSK },
  };
}

export async function getWatchChannel(userId: string): Promise<WatchChannel | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: watchChannelKey(userId), ConsistentRead: true }));
  return Item ? fromRecord(Item) : undefined;
}

/**
 * Keeps a newly opened channel in place of the person's previous one, which it answers (to be
 * stopped at Google); 'gone' when this opening is no longer wanted (a disconnect, or a newer
 * opening, came meanwhile): then the new channel is the one to stop.
 */
export async function saveWatchChannel(userId: string, channel: OpenedChannel, renewAt: Date, now: Date): Promise<WatchChannel | undefined | 'gone'> {
  const at = renewAt.toISOString();
  const saved = await unlessConditionFails(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...watchChannelKey(userId),
          ...renewalKeys(userId, at),
          user_id: userId,
          channel_id: channel.id,
          resource_id: channel.resourceId,
          token_hash: tokenHash(channel.token),
          expires_at: channel.expiresAt.toISOString(),
          renew_at: at,
          opened_at: now.toISOString(),
        },
        ConditionExpression: 'opening_id = :channel',
        ExpressionAttributeValues: { ':channel': channel.id },
        ReturnValues: 'ALL_OLD',
      }),
    ),
  );
  if (!saved) return 'gone';
  return saved.Attributes ? fromRecord(saved.Attributes) : undefined;
}

/**
 * A channel about to be opened: Google sends its first message (and may send a change) before it
 * has answered events.watch, so its id and token are known here first. The open channel stays.
 */
export async function saveOpeningChannel(userId: string, channelId: string, token: string, retryAt: Date): Promise<void> {
  // Due again at `retryAt`, in case the opening never finishes (the function cut off): the renewal then tries again.
  const due = dueForRenewal(userId, retryAt);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: watchChannelKey(userId),
      UpdateExpression: `SET ${due.set}, opening_id = :channel, opening_token_hash = :hash`,
      ExpressionAttributeValues: { ...due.values, ':channel': channelId, ':hash': tokenHash(token) },
    }),
  );
}

/** Opening or renewing failed: tried again at `retryAt`; a channel still open stays until then. */
export async function deferWatchChannel(userId: string, retryAt: Date): Promise<void> {
  const due = dueForRenewal(userId, retryAt);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: watchChannelKey(userId),
      UpdateExpression: `SET ${due.set} REMOVE opening_id, opening_token_hash`,
      ExpressionAttributeValues: due.values,
    }),
  );
}

export async function deleteWatchChannel(userId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: watchChannelKey(userId) }));
}

/** The channels to renew (or open) by `now`, at most `limit` in all, a share per partition. */
export async function dueWatchChannels(now: Date, limit: number): Promise<WatchChannel[]> {
  const shards = Array.from({ length: WATCH_CHANNEL_SHARDS }, (_, shard) => watchRenewalPartition(shard));
  const due: WatchChannel[] = [];
  for (const { PK } of await dueInPartitions(shards, now, limit)) {
    const channel = await getWatchChannel(userIdOfKey(PK));
    if (channel) due.push(channel);
  }
  return due;
}

/** What a notification says about itself: which channel, which resource, and the channel's token. */
export interface NotificationHeaders {
  channelId: string;
  resourceId: string;
  token: string;
}

/**
 * Checks a notification against the person's channel (its id, its resource and the hash of its
 * token; or the id and token of the one being opened, whose resource is not known yet), in the
 * write's condition, so that nothing is written for a forged one, and, when `queue`,
 * queues one sync: 'queued' when this notification queued it, 'already queued' when one was
 * waiting already, 'verified' when nothing was asked, and 'refused' when the channel is not theirs
 * any more or the notification does not match it. A sync queued longer ago than `staleAfterMs` (its
 * bus event was lost) is queued again.
 */
export async function verifyNotification(
  userId: string,
  notification: NotificationHeaders,
  { queue, now, staleAfterMs }: { queue: boolean; now: Date; staleAfterMs: number },
): Promise<'queued' | 'already queued' | 'verified' | 'refused'> {
  // Its own mark, so that of notifications at the same moment only one takes the queue.
  const mark = `${now.toISOString()}#${randomUUID()}`;
  const updated = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: watchChannelKey(userId),
        UpdateExpression: queue ? 'SET sync_queued = if_not_exists(sync_queued, :mark), notified_at = :now' : 'SET notified_at = :now',
        ConditionExpression:
          '(channel_id = :channel AND resource_id = :resource AND token_hash = :hash) OR (opening_id = :channel AND opening_token_hash = :hash)',
        ExpressionAttributeValues: {
          ':channel': notification.channelId,
          ':resource': notification.resourceId,
          ':hash': tokenHash(notification.token),
          ':now': now.toISOString(),
          ...(queue ? { ':mark': mark } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (!updated) return 'refused';
  if (!queue) return 'verified';
  const queued = String(updated.Attributes?.sync_queued);
  if (queued === mark) return 'queued';
  if (Date.parse(queued.split('#')[0]!) > now.getTime() - staleAfterMs) return 'already queued';
  const retaken = await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: watchChannelKey(userId),
        UpdateExpression: 'SET sync_queued = :mark',
        ConditionExpression: 'sync_queued = :queued',
        ExpressionAttributeValues: { ':mark': mark, ':queued': queued },
      }),
    ),
  );
  return retaken ? 'queued' : 'already queued';
}

/** The queued sync starts (or its bus event was not put): the next notification queues another. */
export async function unqueueSync(userId: string): Promise<void> {
  await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: watchChannelKey(userId),
        UpdateExpression: 'REMOVE sync_queued',
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
}

const fromRecord = (item: Record<string, unknown>): WatchChannel => ({
  user_id: String(item.user_id),
  channel_id: typeof item.channel_id === 'string' ? item.channel_id : null,
  resource_id: typeof item.resource_id === 'string' ? item.resource_id : null,
  expires_at: typeof item.expires_at === 'string' ? item.expires_at : null,
  renew_at: String(item.renew_at),
});
