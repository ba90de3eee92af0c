import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { GCAL_SK, PENDING_MIRROR_SHARDS, pendingMirrorKey, pendingMirrorPartition, userKey } from '../data/keys';
import { conditionally, db, dueInPartitions, tableName, unlessConditionFails } from '../platform/dynamo';
import type { GoogleFailureKind } from './google';

/**
 * The mirror's intent: one record per event whose latest change Google has not confirmed, under
 * the user's partition. It carries the `marker` of the change that set it (the bus event's id), so
 * that a write confirmed for an older change never clears a newer one. It sits in a byExpiry
 * partition of its own (one of PENDING_MIRROR_SHARDS), sorted by when it is tried next, where the
 * reconciler finds what is due with a Query.
 */
export interface PendingMirror {
  user_id: string;
  event_id: string;
  marker: string;
  /** When the first change Google has not confirmed was made. */
  since: string;
  next_try_at: string;
  attempts: number;
  last_failure: GoogleFailureKind | null;
  /** Made here and not in Google yet as far as is known: inserted first rather than patched. */
  is_new: boolean;
}

const shardOf = (userId: string) => createHash('sha256').update(userId).digest()[0]! % PENDING_MIRROR_SHARDS;
const dueKeys = (userId: string, eventId: string, nextTryAt: string) => ({
  XPK: pendingMirrorPartition(shardOf(userId)),
  XSK: `${nextTryAt}#${userId}#${eventId}`,
});

/**
 * Marks an event's change as meant for Google, due at `dueAt`; an event already waiting keeps its
 * `since`, and stays new if it was.
 */
export async function markPending(userId: string, eventId: string, marker: string, now: Date, dueAt: Date, isNew: boolean): Promise<void> {
  const at = now.toISOString();
  const due = dueKeys(userId, eventId, dueAt.toISOString());
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: pendingMirrorKey(userId, eventId),
      UpdateExpression:
        'SET user_id = :user, event_id = :event, marker = :marker, since = if_not_exists(since, :now), next_try_at = :due, attempts = if_not_exists(attempts, :zero), last_failure = if_not_exists(last_failure, :none), is_new = if_not_exists(is_new, :new), XPK = :xpk, XSK = :xsk',
      ExpressionAttributeValues: {
        ':user': userId,
        ':event': eventId,
        ':marker': marker,
        ':now': at,
        ':due': dueAt.toISOString(),
        ':zero': 0,
        ':none': null,
        ':new': isNew,
        ':xpk': due.XPK,
        ':xsk': due.XSK,
      },
    }),
  );
}

/** Google has the change `marker` set: the record goes, unless a newer change marked it meanwhile (then false). */
export async function clearPending(userId: string, eventId: string, marker: string): Promise<boolean> {
  return conditionally(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: pendingMirrorKey(userId, eventId),
        ConditionExpression: 'marker = :marker',
        ExpressionAttributeValues: { ':marker': marker },
      }),
    ),
  );
}

/** Google did not take it: tried again at `nextTryAt`, unless a newer change marked it meanwhile (that one is due now). */
export async function deferPending(
  pending: Pick<PendingMirror, 'user_id' | 'event_id' | 'marker'>,
  nextTryAt: Date,
  failure: GoogleFailureKind,
): Promise<void> {
  const at = nextTryAt.toISOString();
  const due = dueKeys(pending.user_id, pending.event_id, at);
  await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: pendingMirrorKey(pending.user_id, pending.event_id),
        UpdateExpression: 'SET next_try_at = :at, XSK = :xsk, last_failure = :failure ADD attempts :one',
        ConditionExpression: 'marker = :marker',
        ExpressionAttributeValues: { ':at': at, ':xsk': due.XSK, ':failure': failure, ':one': 1, ':marker': pending.marker },
      }),
    ),
  );
}

export async function getPending(userId: string, eventId: string): Promise<PendingMirror | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: pendingMirrorKey(userId, eventId), ConsistentRead: true }));
  return Item ? fromRecord(Item) : undefined;
}

/** The pending mirrors due by `now`, oldest due first within each shard, at most `limit` in all (a share per shard, so none waits on another). */
export async function duePending(now: Date, limit: number): Promise<PendingMirror[]> {
  const shards = Array.from({ length: PENDING_MIRROR_SHARDS }, (_, shard) => pendingMirrorPartition(shard));
  const due: PendingMirror[] = [];
  for (const key of await dueInPartitions(shards, now, limit)) {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
    if (Item) due.push(fromRecord(Item));
  }
  return due;
}

/** What waits for Google of one person's, at most `limit` records. */
export async function pendingOf(userId: string, limit: number): Promise<PendingMirror[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :user AND begins_with(SK, :pending)',
      ExpressionAttributeValues: { ':user': userKey(userId), ':pending': GCAL_SK.pendingPrefix },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(fromRecord);
}

/** Forgets everything that waits for Google of one person's (a disconnect: there is no calendar to write to). */
export async function dropPendingOf(userId: string): Promise<void> {
  for (let batch = await pendingOf(userId, 100); batch.length > 0; batch = await pendingOf(userId, 100)) {
    await Promise.all(batch.map((pending) => db().send(new DeleteCommand({ TableName: tableName(), Key: pendingMirrorKey(userId, pending.event_id) }))));
  }
}

const fromRecord = (item: Record<string, unknown>): PendingMirror => ({
  user_id: String(item.user_id),
  event_id: String(item.event_id),
  marker: String(item.marker),
  since: String(item.since),
  next_try_at: String(item.next_try_at),
  attempts: Number(item.attempts ?? 0),
  last_failure: (item.last_failure as GoogleFailureKind | null | undefined) ?? null,
  is_new: item.is_new === true,
});
