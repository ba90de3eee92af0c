import type { TrashableKind } from '../../shared/item-kinds';
import type { Item } from '../../shared/item-kinds.schema';
import { conditionally } from '../platform/dynamo';
import { deleteExpired, deleteItem, expiredOn, getStored, insertItem, replaceLiveItem } from './repository';
import { laterThan, toPublic, type StoredItem } from './stored-item';

/**
 * The items domain's second way in, beside service.ts (what a person asks, through the API or the
 * assistant, every rule judged): the reads and writes that no person's request makes. Each write
 * is an ordinary conditional write of the table, so the stream sees it as any other (the bus's
 * item.* events, the change counters); what it skips of the service's rules is said beside it.
 * Outside functions/items/ nothing imports the items' repositories (eslint.config.js holds it).
 */

/**
 * An item as it is now, for a consumer that acts on that and not on the bus event's copy (the Google
 * mirror, the reminders); undefined when it is gone or in the trash.
 */
export async function liveItemNow<K extends TrashableKind>(userId: string, kind: K, id: string): Promise<Item<K> | undefined> {
  const item = await getStored(userId, kind, id);
  return item && !item.deleted_at ? toPublic(item) : undefined;
}

/*
 * The Google sync's copies of Google events (functions/gcal/synced-events.ts). A copy holds what
 * Google holds, which the person cannot correct here (the next sync would bring Google's back), so
 * the rules the service judges for a person's event are not judged on it: Google admits an event
 * that ends as it starts, and a Google series is judged where it is read (gcal/event-mapping.ts: a
 * series that fails comes in as its occurrences). Events have no saved position and no unique
 * name. What stays is what keeps writers apart: a copy is made once, and a change stamps a later
 * updated_at and loses to any write since its read.
 */

/** What the sync sets on a new copy; the items domain stamps the rest. */
export type GoogleCopyContent = Omit<Item<'events'>, 'id' | 'user_id' | 'created_at' | 'updated_at' | 'version' | 'deleted_at'> & { gcal_id: string };

/** A copy, live or in the trash (a copy the person put there stays there), for the sync to compare with Google's. */
export async function readGoogleCopy(userId: string, id: string): Promise<StoredItem<'events'> | undefined> {
  return getStored(userId, 'events', id);
}

/** Makes a copy under the id the sync derives; false when another sync running at the same time made it first. */
export async function insertGoogleCopy(userId: string, id: string, content: GoogleCopyContent, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const copy: StoredItem<'events'> = { ...content, id, user_id: userId, created_at: at, updated_at: at, version: 1, deleted_at: null };
  return conditionally(insertItem(userId, 'events', copy));
}

/** Changes a live copy as read; false when it was changed since (a local edit wins this round) or put in the trash. */
export async function updateGoogleCopy(userId: string, read: StoredItem<'events'>, changes: Partial<Item<'events'>>, now: Date): Promise<boolean> {
  const next: StoredItem<'events'> = { ...read, ...changes, updated_at: laterThan(read.updated_at, now), version: read.version + 1 };
  return replaceLiveItem(userId, 'events', next, read.updated_at);
}

/**
 * Deletes a copy for good, live or in the trash, when Google has the event no more (or the
 * calendar is disconnected): a person's delete would move it to the trash, from which it could
 * come back without Google's. False when there was none.
 */
export async function deleteGoogleCopy(userId: string, id: string): Promise<boolean> {
  return Boolean(await deleteItem(userId, 'events', id, false));
}

/**
 * The purge (functions/purge/handler.ts): deletes for good the items whose 10 days in the trash ran
 * out on `day` (UTC) up to `now`, across users, off that day's expiry index; answers how many. Each
 * delete holds only while the item is still the same trashed item (not restored and trashed again).
 */
export async function purgeExpiredOn(day: string, now: Date): Promise<number> {
  let purged = 0;
  for await (const entry of expiredOn(day, now)) if (await deleteExpired(entry)) purged += 1;
  return purged;
}
