import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DAY_MS } from '../../shared/dates';
import { GCAL_SK, syncedRowKey, userKey } from '../data/keys';
import { deleteItem, getStored, insertItem, replaceLiveItem, type StoredItem } from '../items/repository';
import { announceChange, countChange, laterThan } from '../items/service';
import { conditionally, db, queryItems, tableName } from '../platform/dynamo';
import { fieldsFromGoogle, isMirroredFromHere, SYNCED_FIELDS, type SyncedFields } from './event-mapping';
import type { GoogleEvent } from './google';
import { syncedEventId } from './ids';

/**
 * The local copies of Google events. Each is an ordinary event item (so lists, the trash and the
 * change counters see it) with gcal_id set and an id derived from the Google id, plus a gcal_events
 * row (GCALEVENT#<google id>). The row is written before the event and deleted after it, so every
 * synced event has its row: disconnect and the full-sync cleanup read the rows, never the user's
 * own events. Once the copy is made the row says so (`copied`): a row whose copy is gone was
 * deleted for good here (from the trash, or by the purge), and the sync leaves it deleted.
 */

export type SyncChange = 'created' | 'updated' | 'removed' | 'unchanged';

/** The part of the calendar a sync keeps: [timeMin, timeMax). */
export interface SyncWindow {
  timeMin: string;
  timeMax: string;
}

/** Brings one Google event (or its cancellation) into the user's events. Safe to repeat. */
export async function applyGoogleEvent(userId: string, google: GoogleEvent, window: SyncWindow, now: Date): Promise<SyncChange> {
  if (!google.id || isMirroredFromHere(google)) return 'unchanged';
  const fields = google.status === 'cancelled' ? undefined : fieldsFromGoogle(google);
  if (!fields || !overlaps(fields, window)) return (await removeSyncedEvent(userId, google.id, now)) ? 'removed' : 'unchanged';

  const existing = await getStored(userId, 'events', syncedEventId(userId, google.id));
  if (!existing) {
    if (await wasDeletedForGood(userId, google.id)) return 'unchanged';
    return (await createSyncedEvent(userId, google.id, fields, now)) ? 'created' : 'unchanged';
  }
  // A synced event the user put in the trash stays there; Google's copy is unchanged by it.
  if (existing.deleted_at || SYNCED_FIELDS.every((field) => existing[field] === fields[field])) return 'unchanged';
  return (await updateSyncedEvent(userId, existing, fields, now)) ? 'updated' : 'unchanged';
}

/** Google's rule for timeMin/timeMax (the end after timeMin, the start before timeMax), on our all-day form. */
function overlaps(fields: SyncedFields, window: SyncWindow): boolean {
  const end = Date.parse(fields.end_time) + (fields.all_day ? DAY_MS : 0);
  return end > Date.parse(window.timeMin) && Date.parse(fields.start_time) < Date.parse(window.timeMax);
}

async function createSyncedEvent(userId: string, googleId: string, fields: SyncedFields, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const id = syncedEventId(userId, googleId);
  await putRow(userId, googleId, id, at);
  const item: StoredItem = {
    ...fields,
    color: null,
    event_type: 'other',
    tags: [],
    gcal_id: googleId,
    id,
    user_id: userId,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  };
  // Another sync running at the same time may have made it first: one copy either way.
  if (!(await conditionally(insertItem(userId, 'events', item)))) return false;
  await markCopied(userId, googleId);
  await announceChange(userId, 'events', 'item.created', item, null, at);
  return true;
}

/** Marks the row's copy made; a row gone already (a disconnect or a cleanup in between) stays gone. */
async function markCopied(userId: string, googleId: string): Promise<void> {
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: userKey(userId), SK: syncedRowKey(googleId) },
        UpdateExpression: 'SET copied = :yes',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':yes': true },
      }),
    ),
  );
}

/** Whether the local copy of a Google event was made once and has since been deleted for good. */
async function wasDeletedForGood(userId: string, googleId: string): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: syncedRowKey(googleId) }, ConsistentRead: true }),
  );
  return Item?.copied === true;
}

async function updateSyncedEvent(userId: string, existing: StoredItem, fields: SyncedFields, now: Date): Promise<boolean> {
  const next: StoredItem = { ...existing, ...fields, updated_at: laterThan(existing.updated_at, now) };
  // A local edit in between wins this round; the next sync compares again.
  if (!(await replaceLiveItem(userId, 'events', next, existing.updated_at))) return false;
  await announceChange(userId, 'events', 'item.updated', next, existing, next.updated_at);
  return true;
}

/** Deletes the local copy (live or trashed) and its row; false when there was none. */
async function removeSyncedEvent(userId: string, googleId: string, now: Date): Promise<boolean> {
  const removed = await deleteItem(userId, 'events', syncedEventId(userId, googleId), false);
  await deleteRow(userId, googleId);
  if (removed) await announceChange(userId, 'events', 'item.purged', null, removed, now.toISOString());
  return Boolean(removed);
}

/** After a full sync: removes the copies of Google events the listing no longer has. */
export async function removeUnseen(userId: string, seen: ReadonlySet<string>, now: Date): Promise<number> {
  let removed = 0;
  for await (const googleId of rowGoogleIds(userId)) {
    if (!seen.has(googleId) && (await removeSyncedEvent(userId, googleId, now))) removed += 1;
  }
  return removed;
}

/** On disconnect: removes every synced event and every gcal_events row. */
export async function removeAllSynced(userId: string, now: Date): Promise<number> {
  return removeUnseen(userId, new Set(), now);
}

/**
 * Pollers learn of synced changes through the events counter like any other change, counted once
 * per sync or disconnect rather than once per event. The changes are saved already: a failure is logged.
 */
export async function countEventChanges(userId: string, changed: number): Promise<void> {
  if (changed > 0) await countChange(userId, 'events');
}

async function putRow(userId: string, googleId: string, eventId: string, at: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: userKey(userId), SK: syncedRowKey(googleId), google_id: googleId, event_id: eventId, synced_at: at },
    }),
  );
}

async function deleteRow(userId: string, googleId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: syncedRowKey(googleId) } }));
}

async function* rowGoogleIds(userId: string): AsyncGenerator<string> {
  const rows = queryItems({
    KeyConditionExpression: 'PK = :user AND begins_with(SK, :rows)',
    ExpressionAttributeValues: { ':user': userKey(userId), ':rows': GCAL_SK.syncedPrefix },
    ProjectionExpression: 'google_id',
    ConsistentRead: true,
  });
  for await (const row of rows) yield String(row.google_id);
}
