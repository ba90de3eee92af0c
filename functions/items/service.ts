import { randomUUID } from 'node:crypto';
import { endsAfterStart } from '../../shared/calendar-event-fields';
import { calendarDay, isBeforeToday } from '../../shared/dates';
import { occurrenceAt, seriesProblem, splitSeries, taskSeries, taskSeriesAfter } from '../../shared/recurrence';
import { zonedInstant } from '../../shared/zoned-time';
import type { Item, ItemChanges, NewItem } from '../../shared/item-kinds.schema';
import type { Task } from '../../shared/tasks.schema';
import type { CalendarEvent } from '../../shared/calendar-events.schema';
import type { TrashEntry } from '../../shared/item-fields.schema';
import { isOrderable, type ItemKind, type OrderableKind, type TrashableKind } from '../../shared/item-kinds';
import { API_ERRORS, MESSAGES } from '../../shared/messages';
import { KIND_OF_PREFIX } from '../data/keys';
import { conditionally } from '../platform/dynamo';
import { conflict, invalidField, notFound, versionMismatch } from '../platform/errors';
import { userTimeZone } from '../settings/account-settings';
import { positionOnTop, repositionMoved } from './ordering';
import {
  deleteItem,
  eventTimes,
  firstPosition,
  getStored,
  insertItem,
  insertTrashed,
  listLive,
  listTrash,
  moveToTrash,
  replaceLiveItem,
  restoreFromTrash,
  savePosition,
} from './repository';
import { laterThan, toPublic, type StoredItem } from './stored-item';
import { claimTagName, releaseTagName } from './tag-names.repository';

/**
 * The items domain: what a create, update, delete, restore or reorder does, whoever asks (the HTTP
 * API, and the assistant's tool processor). Every function is scoped to one user.
 */

export async function listItems<K extends ItemKind>(userId: string, kind: K): Promise<Item<K>[]> {
  return (await listLive(userId, kind)).map(toPublic);
}

/** A live item of the user's; another user's item is not found, exactly like a missing one. */
export async function getLiveItem<K extends ItemKind>(userId: string, kind: K, id: string): Promise<StoredItem<K>> {
  const item = await getStored(userId, kind, id);
  if (!item || isTrashed(item)) throw notFound();
  return item;
}

/** Whether the item is in the trash (a tag never is: it is deleted outright). */
export const isTrashed = (item: StoredItem | Item) => 'deleted_at' in item && Boolean(item.deleted_at);

/** The user's item as it is now, live or in the trash; undefined when there is none (a tag deleted, an item purged). */
export async function findItem<K extends ItemKind>(userId: string, kind: K, id: string): Promise<Item<K> | undefined> {
  const item = await getStored(userId, kind, id);
  return item && toPublic(item);
}

/**
 * Creates an item. A caller that may run twice for one request (a redelivered tool call) names the
 * id: the second run finds the item made by the first and answers it instead of making another.
 */
export async function createItem<K extends ItemKind>(userId: string, kind: K, input: NewItem<K>, now: Date, id: string = randomUUID()): Promise<Item<K>> {
  return (await insertNew(userId, kind, input, now, id)) ?? toPublic(await getLiveItem(userId, kind, id));
}

/**
 * Creates an item under the id the client chose, or a new one. An id the user has already (live or
 * trashed) is refused: the client's copy and the server's could differ.
 */
export async function createChosenItem<K extends ItemKind>(userId: string, kind: K, input: NewItem<K>, now: Date): Promise<Item<K>> {
  const item = await insertNew(userId, kind, input, now, input.id ?? randomUUID());
  if (!item) throw conflict(API_ERRORS.idAlreadyUsed);
  return item;
}

/** Writes a new item at version 1; undefined when the user has an item with that id already. */
async function insertNew<K extends ItemKind>(userId: string, kind: K, input: NewItem<K>, now: Date, id: string): Promise<Item<K> | undefined> {
  const at = now.toISOString();
  const item = { ...input, ...SERVER_DEFAULTS[kind], id, user_id: userId, created_at: at, updated_at: at, version: 1 } as StoredItem<K>;

  const [position] = await Promise.all([isOrderable(kind) ? firstPosition(userId, kind) : null, checkRules(userId, item, undefined, now)]);
  if (isOrderable(kind)) item.position = positionOnTop(position);
  const tagName = nameOfTag(item);
  if (tagName !== undefined) await claimTagName(userId, tagName, item.id);
  return (await conditionally(insertItem(userId, kind, item))) ? toPublic(item) : undefined;
}

/** What a new item holds that the client never sends: live (not trashed), and for an event, not from Google. */
const SERVER_DEFAULTS: Record<ItemKind, object> = {
  goals: { deleted_at: null },
  tasks: { deleted_at: null },
  events: { deleted_at: null, gcal_id: null },
  tags: {},
};

/** A tag's name (the one field that must be unique per user); undefined for the other kinds. */
const nameOfTag = (item: StoredItem): string | undefined => ('name' in item ? item.name : undefined);

/**
 * How often a change without If-Match is made again when another write came between its read and
 * its own: it named no version, so it applies to the newest, as the fields it sets are the person's
 * latest word on them. Two tabs or a script and a tab saving at once both succeed.
 */
const UNVERSIONED_UPDATE_ATTEMPTS = 3;

/**
 * Changes fields of a live item, as a new version. With `expectedVersion` (an If-Match), an item
 * at another version is left as it is and answered (412), also when another write came between
 * this one's read and write; without, the change is made again on the newer version, a few times.
 */
export async function updateItem<K extends ItemKind>(
  userId: string,
  kind: K,
  id: string,
  changes: ItemChanges<K>,
  now: Date,
  expectedVersion?: number,
): Promise<Item<K>> {
  for (let attempt = 1; ; attempt += 1) {
    const previous = await getLiveItem(userId, kind, id);
    if (expectedVersion !== undefined && previous.version !== expectedVersion) throw versionMismatch(toPublic(previous));
    const next: StoredItem<K> = { ...previous, ...changes, updated_at: laterThan(previous.updated_at, now), version: previous.version + 1 };
    Object.assign(next, await nextOccurrenceDue(userId, previous, next, now));
    await checkRules(userId, next, previous, now);

    const [nextName, previousName] = [nameOfTag(next), nameOfTag(previous)];
    const renamedTag = nextName !== undefined && previousName !== undefined && nextName.toLowerCase() !== previousName.toLowerCase();
    if (renamedTag) await claimTagName(userId, nextName, id);
    if (await replaceLiveItem(userId, kind, next, previous.updated_at)) {
      if (renamedTag) await releaseTagName(userId, previousName, id);
      return toPublic(next);
    }
    if (expectedVersion !== undefined) throw versionMismatch(toPublic(await getLiveItem(userId, kind, id)));
    if (attempt === UNVERSIONED_UPDATE_ATTEMPTS) throw conflict(API_ERRORS.staleWrite);
  }
}

/**
 * Completing a repeating task completes the occurrence that is due: the task stays open, due on its
 * next occurrence from today on (an overdue one comes due today or later), and completes when it has
 * no more. Its due date is where its series starts, so the series starts again from there.
 */
async function nextOccurrenceDue(
  userId: string,
  previous: StoredItem,
  next: StoredItem,
  now: Date,
): Promise<Pick<Task, 'status' | 'due_date' | 'recurrence'> | null> {
  if (!('due_date' in next) || !('due_date' in previous) || next.status !== 'completed' || previous.status === 'completed') return null;
  if (!next.recurrence || !next.due_date) return null;
  const timeZone = await userTimeZone(userId);
  const lastNightEnd = new Date(zonedInstant(calendarDay(now, timeZone), 0, timeZone).getTime() - 1).toISOString();
  const from = next.due_date > lastNightEnd ? next.due_date : lastNightEnd;
  const movedOn = taskSeriesAfter(next.due_date, next.recurrence, from);
  return movedOn ? { status: previous.status, ...movedOn } : null;
}

/** The item as the trash keeps it once deleteOrTrashItem moved it there at `now`. */
export const trashedVersion = (item: Item, now: Date): Item =>
  ({ ...item, deleted_at: now.toISOString(), updated_at: now.toISOString(), version: item.version + 1 }) as Item;

/** Goals, tasks and events move to the trash, stamped `deleted_at` and `updated_at` with `now` (trashedVersion); a tag is deleted outright. */
export async function deleteOrTrashItem(userId: string, kind: ItemKind, id: string, now: Date): Promise<void> {
  const at = now.toISOString();
  if (kind === 'tags') {
    const deleted = await deleteItem(userId, kind, id, false);
    if (!deleted) throw notFound();
    await releaseTagName(userId, deleted.name, id);
    return;
  }
  // The move's condition refuses a missing or already trashed item: no read before it is needed.
  if (!(await moveToTrash(userId, kind, id, at))) throw notFound();
}

/**
 * "This and following": the occurrences of the user's series from the one starting at `from` go to
 * the trash as one entry, a series of their own that a restore brings back from there on, and the
 * series ends just before it; from its first occurrence, the whole series goes. The entry is
 * written before the series gives the occurrences up, so a failure between shows them twice,
 * never loses them. A Google series is only cut, as its single occurrences are: a copy of its
 * occurrences would be mirrored to Google beside the series it came from.
 */
export async function trashSeriesFrom(userId: string, id: string, from: string, now: Date): Promise<void> {
  const series = await getLiveItem(userId, 'events', id);
  const { recurrence } = series;
  if (!recurrence || !occurrenceAt(series, from)) throw notFound();
  const { before, after } = splitSeries({ ...series, recurrence }, from);
  if (before === null) return deleteOrTrashItem(userId, 'events', id, now);
  const at = now.toISOString();
  const following = series.gcal_id ? null : { ...series, ...after, id: randomUUID(), created_at: at, updated_at: at, deleted_at: at, version: 1 };
  if (following) await insertTrashed(userId, 'events', following);
  const cut = { ...series, recurrence: before, updated_at: laterThan(series.updated_at, now), version: series.version + 1 };
  if (await replaceLiveItem(userId, 'events', cut, series.updated_at)) return;
  if (following) await deleteItem(userId, 'events', following.id, true);
  throw conflict(API_ERRORS.staleWrite);
}

export interface TrashSelection {
  kind: TrashableKind;
  id: string;
}

/** Restores what is still in the trash and answers how many came back. */
export async function restoreItems(userId: string, selection: readonly TrashSelection[], now: Date): Promise<number> {
  const at = now.toISOString();
  const restored = await Promise.all(
    selection.map(async ({ kind, id }) => {
      const item = await getStored(userId, kind, id);
      if (!item?.deleted_at || !(await restoreFromTrash(userId, kind, item, at))) return false;
      return true;
    }),
  );
  return restored.filter(Boolean).length;
}

/** Deletes trashed items for good (never a live one) and answers how many went. */
export async function purgeItems(userId: string, selection: readonly TrashSelection[]): Promise<number> {
  const purged = await Promise.all(
    selection.map(async ({ kind, id }) => {
      if (!(await deleteItem(userId, kind, id, true))) return false;
      return true;
    }),
  );
  return purged.filter(Boolean).length;
}

/** The user's trash, newest deletion first, with what the trash screen shows of each item. */
export async function listTrashed(userId: string): Promise<Array<Omit<TrashEntry, 'days_remaining'>>> {
  const trashed = await listTrash(userId);
  return Promise.all(
    trashed.map(async (entry) => {
      const selection = trashSelectionOf(entry);
      const repeats = selection.kind === 'events' ? repeatsOf(await eventTimes(userId, entry.id)) : {};
      return { ...selection, title: entry.title, deleted_at: entry.deleted_at, ...repeats };
    }),
  );
}

/** A series in the trash is told from its other parts (deleted from one occurrence on) by its rule and the day it repeats from. */
function repeatsOf({ recurrence, start_time, all_day }: Partial<Pick<CalendarEvent, 'start_time' | 'all_day' | 'recurrence'>>): Pick<TrashEntry, 'repeats'> {
  if (!recurrence || !start_time) return {};
  return { repeats: { rule: recurrence.rule, from: all_day ? start_time.slice(0, 10) : calendarDay(start_time, recurrence.time_zone) } };
}

export async function emptyTrash(userId: string): Promise<number> {
  const trashed = await listTrash(userId);
  return purgeItems(userId, trashed.map(trashSelectionOf));
}

function trashSelectionOf(entry: { SK: string; id: string }): TrashSelection {
  return { kind: KIND_OF_PREFIX[entry.SK.split('#')[0]!] as TrashableKind, id: entry.id };
}

/**
 * Saves a new order. The ids must be exactly the live list (a stale screen gets a 409); only the
 * items that moved are written. An item deleted meanwhile is a 409 too, the others keeping the
 * places they were given, which are in the order asked for.
 */
export async function reorderItems(userId: string, kind: OrderableKind, ids: readonly string[]): Promise<void> {
  const live = await listLive(userId, kind);
  const byId = new Map(live.map((item) => [item.id, item]));
  if (new Set(ids).size !== ids.length || ids.length !== live.length || !ids.every((id) => byId.has(id))) {
    throw conflict(API_ERRORS.staleWrite);
  }
  const moved = repositionMoved(ids.map((id) => ({ id, position: String(byId.get(id)!.position) })));
  const saved = await Promise.all([...moved].map(([id, position]) => savePosition(userId, kind, id, position)));
  if (!saved.every(Boolean)) throw conflict(API_ERRORS.staleWrite);
}

/** The rules the server enforces whatever the client checked. Only changed fields are judged. */
async function checkRules(userId: string, next: StoredItem, previous: StoredItem | undefined, now: Date) {
  const changed = (field: string) => !previous || fieldOf(previous, field) !== fieldOf(next, field);
  const notPast = async (field: string, message: string) => {
    const value = fieldOf(next, field);
    if (changed(field) && typeof value === 'string' && isBeforeToday(value, now, await userTimeZone(userId))) {
      throw invalidField(field, message);
    }
  };
  if ('target_date' in next) return notPast('target_date', MESSAGES.targetDateInPast);
  if ('due_date' in next) {
    await notPast('due_date', MESSAGES.dueDateInPast);
    // A series is judged when it or the day it starts from changed.
    if (next.recurrence && (changed('recurrence') || changed('due_date'))) {
      if (!next.due_date) throw invalidField('recurrence', MESSAGES.repeatNeedsDueDate);
      const problem = seriesProblem(taskSeries(next.due_date, next.recurrence));
      if (problem) throw invalidField('recurrence.rule', problem);
    }
    if (changed('goal_id') && next.goal_id) {
      const goal = await getStored(userId, 'goals', next.goal_id);
      if (!goal || goal.deleted_at || goal.status === 'completed') throw invalidField('goal_id', MESSAGES.goalNotLinkable);
    }
    return;
  }
  if ('start_time' in next) {
    if (!endsAfterStart(next)) throw invalidField('end_time', MESSAGES.endBeforeStart);
    const seriesChanged = ['recurrence', 'start_time', 'end_time', 'all_day'].some(changed);
    const problem = next.recurrence && seriesChanged && seriesProblem({ ...next, recurrence: next.recurrence });
    if (problem) throw invalidField('recurrence.rule', problem);
  }
}

const fieldOf = (item: StoredItem, field: string): unknown => (item as Record<string, unknown>)[field];
