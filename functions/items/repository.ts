import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CalendarEvent } from '../../shared/calendar-events.schema';
import type { ItemKind } from '../../shared/item-kinds';
import { listSortKey } from '../../shared/list-order';
import { expiryKeys, expiryPartition, itemKey, itemKeyPrefix, listKey, trashKey, userKey } from '../data/keys';
import { conditionally, db, queryItems, tableName, unlessConditionFails } from '../platform/dynamo';
import { withoutKeys, type StoredItem } from './stored-item';

/** One more than the item's version, in an update expression (`:one` = 1); an item saved before versions is at 1. */
const NEXT_VERSION = 'version = if_not_exists(version, :one) + :one';

const liveListAttributes = (userId: string, kind: ItemKind, item: StoredItem) => ({
  LPK: listKey(userId, kind),
  LSK: listSortKey(item),
});

async function queryAll(input: Parameters<typeof queryItems>[0]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const item of queryItems(input)) items.push(item);
  return items;
}

/** One item by key, live or trashed; undefined when the user has no such item. */
export async function getStored<K extends ItemKind>(userId: string, kind: K, id: string): Promise<StoredItem<K> | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: itemKey(kind, id) }, ConsistentRead: true }));
  return Item ? withoutKeys<K>(Item) : undefined;
}

/** The user's live items of a kind, in list order. */
export async function listLive<K extends ItemKind>(userId: string, kind: K): Promise<StoredItem<K>[]> {
  const items = await queryAll({
    IndexName: 'byList',
    KeyConditionExpression: 'LPK = :list',
    ExpressionAttributeValues: { ':list': listKey(userId, kind) },
  });
  return items.map((item) => withoutKeys<K>(item));
}

/** The position of the first live item of a list, to place a new one above it. */
export async function firstPosition(userId: string, kind: ItemKind): Promise<string | null> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'byList',
      KeyConditionExpression: 'LPK = :list',
      ExpressionAttributeValues: { ':list': listKey(userId, kind) },
      ProjectionExpression: '#position',
      ExpressionAttributeNames: { '#position': 'position' },
      Limit: 1,
    }),
  );
  const position = Items?.[0]?.position;
  return typeof position === 'string' ? position : null;
}

export async function insertItem(userId: string, kind: ItemKind, item: StoredItem): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...item, PK: userKey(userId), SK: itemKey(kind, item.id), ...liveListAttributes(userId, kind, item) },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/**
 * Replaces a live item, only if nobody changed it since it was read (same updated_at) and it is not
 * in the trash. Returns false when that condition failed.
 */
export async function replaceLiveItem(userId: string, kind: ItemKind, next: StoredItem, readUpdatedAt: string): Promise<boolean> {
  return conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...next, PK: userKey(userId), SK: itemKey(kind, next.id), ...liveListAttributes(userId, kind, next) },
        ConditionExpression: 'updated_at = :read AND attribute_not_exists(TPK)',
        ExpressionAttributeValues: { ':read': readUpdatedAt },
      }),
    ),
  );
}

/** Where an item deleted at `deletedAt` sits in the trash and expiry indexes. */
function trashAttributes(userId: string, kind: ItemKind, id: string, deletedAt: string) {
  const expiry = expiryKeys(deletedAt);
  return {
    TPK: trashKey(userId),
    TSK: `${deletedAt}#${itemKey(kind, id)}`,
    XPK: expiry.XPK,
    XSK: `${expiry.XSK}#${userKey(userId)}#${itemKey(kind, id)}`,
  };
}

/** Moves a live item to the trash (a new version): out of its list, into the trash and expiry indexes. False if it was not live. */
export async function moveToTrash(userId: string, kind: ItemKind, id: string, deletedAt: string): Promise<boolean> {
  const trash = trashAttributes(userId, kind, id, deletedAt);
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: userKey(userId), SK: itemKey(kind, id) },
        UpdateExpression: `SET deleted_at = :at, updated_at = :at, ${NEXT_VERSION}, TPK = :trash, TSK = :tsk, XPK = :xpk, XSK = :xsk REMOVE LPK, LSK`,
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(TPK)',
        ExpressionAttributeValues: { ':at': deletedAt, ':one': 1, ':trash': trash.TPK, ':tsk': trash.TSK, ':xpk': trash.XPK, ':xsk': trash.XSK },
      }),
    ),
  );
}

/** Writes a new item straight into the trash (stamped deleted_at), never in a list. */
export async function insertTrashed(userId: string, kind: ItemKind, item: StoredItem & { deleted_at: string }): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...item, PK: userKey(userId), SK: itemKey(kind, item.id), ...trashAttributes(userId, kind, item.id, item.deleted_at) },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** Puts a trashed item back in its list (a new version). False if it was not in the trash. */
export async function restoreFromTrash(userId: string, kind: ItemKind, item: StoredItem, restoredAt: string): Promise<boolean> {
  const list = liveListAttributes(userId, kind, item);
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: userKey(userId), SK: itemKey(kind, item.id) },
        UpdateExpression: `SET deleted_at = :null, updated_at = :at, ${NEXT_VERSION}, LPK = :lpk, LSK = :lsk REMOVE TPK, TSK, XPK, XSK`,
        ConditionExpression: 'attribute_exists(TPK)',
        ExpressionAttributeValues: { ':null': null, ':at': restoredAt, ':one': 1, ':lpk': list.LPK, ':lsk': list.LSK },
      }),
    ),
  );
}

/** Deletes an item for good; `onlyIfTrashed` protects live items from a stale trash screen. */
export async function deleteItem<K extends ItemKind>(userId: string, kind: K, id: string, onlyIfTrashed: boolean): Promise<StoredItem<K> | undefined> {
  return deleteReturningItem<K>({ PK: userKey(userId), SK: itemKey(kind, id) }, onlyIfTrashed ? 'attribute_exists(TPK)' : 'attribute_exists(PK)');
}

/** A trashed item whose 10 days ran out, as the expiry index holds it. */
export interface ExpiredEntry {
  PK: string;
  SK: string;
  XSK: string;
}

/** The trashed items that expired on `day` (UTC) up to `now`, from the expiry index's partition of that day. */
export function expiredOn(day: string, now: Date): AsyncGenerator<ExpiredEntry> {
  return queryItems<ExpiredEntry>({
    IndexName: 'byExpiry',
    KeyConditionExpression: 'XPK = :day AND XSK <= :now',
    ExpressionAttributeValues: { ':day': expiryPartition(day), ':now': `${now.toISOString()}~` },
  });
}

/** Deletes an expired item for good, if it is still the same trashed item (not restored and trashed again since). */
export async function deleteExpired(entry: ExpiredEntry): Promise<StoredItem | undefined> {
  return deleteReturningItem({ PK: entry.PK, SK: entry.SK }, 'XSK = :xsk', { ':xsk': entry.XSK });
}

async function deleteReturningItem<K extends ItemKind>(
  Key: Record<string, string>,
  ConditionExpression: string,
  ExpressionAttributeValues?: Record<string, string>,
): Promise<StoredItem<K> | undefined> {
  const deleted = await unlessConditionFails(
    db().send(new DeleteCommand({ TableName: tableName(), Key, ConditionExpression, ExpressionAttributeValues, ReturnValues: 'ALL_OLD' })),
  );
  return deleted?.Attributes ? withoutKeys<K>(deleted.Attributes) : undefined;
}

/** The user's tasks, live or trashed, that belong to a goal. */
export async function tasksOfGoal(userId: string, goalId: string): Promise<StoredItem<'tasks'>[]> {
  const tasks = await queryAll({
    KeyConditionExpression: 'PK = :user AND begins_with(SK, :task)',
    FilterExpression: 'goal_id = :goal',
    ExpressionAttributeValues: { ':user': userKey(userId), ':task': itemKeyPrefix('tasks'), ':goal': goalId },
  });
  return tasks.map((task) => withoutKeys<'tasks'>(task));
}

/** Takes a task off a goal (a new version); false when it no longer belongs to that goal. */
export async function unlinkTask(userId: string, taskId: string, goalId: string, at: string): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: userKey(userId), SK: itemKey('tasks', taskId) },
        UpdateExpression: `SET goal_id = :none, updated_at = :at, ${NEXT_VERSION}`,
        ConditionExpression: 'goal_id = :goal',
        ExpressionAttributeValues: { ':none': null, ':at': at, ':one': 1, ':goal': goalId },
      }),
    ),
  );
}

/** Saves a new position for a live item of an ordered list (the same version: only the order changed); false when the item is no longer live. */
export async function savePosition(userId: string, kind: ItemKind, id: string, position: string): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: userKey(userId), SK: itemKey(kind, id) },
        UpdateExpression: 'SET #position = :position, LSK = :lsk',
        ConditionExpression: 'attribute_exists(LPK)',
        ExpressionAttributeNames: { '#position': 'position' },
        ExpressionAttributeValues: { ':position': position, ':lsk': `${position}#${id}` },
      }),
    ),
  );
}

/** The user's trash, newest deletion first, with the fields the trash index keeps. */
export async function listTrash(userId: string): Promise<Array<{ SK: string; id: string; title: string; deleted_at: string }>> {
  const items = await queryAll({
    IndexName: 'byTrash',
    KeyConditionExpression: 'TPK = :trash',
    ExpressionAttributeValues: { ':trash': trashKey(userId) },
    ScanIndexForward: false,
  });
  return items as Array<{ SK: string; id: string; title: string; deleted_at: string }>;
}

/** An event's times and series, which the trash index does not keep. */
export async function eventTimes(userId: string, id: string): Promise<Partial<Pick<CalendarEvent, 'start_time' | 'all_day' | 'recurrence'>>> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: { PK: userKey(userId), SK: itemKey('events', id) },
      ProjectionExpression: '#start, #allDay, #recurrence',
      ExpressionAttributeNames: { '#start': 'start_time', '#allDay': 'all_day', '#recurrence': 'recurrence' },
    }),
  );
  return Item ?? {};
}
