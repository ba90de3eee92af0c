import { DAY_MS } from '../../shared/dates';
import { nextOccurrenceAfter, REPEAT_LIMITS } from '../../shared/recurrence';
import { deleteGoogleCopy, insertGoogleCopy, readGoogleCopy, updateGoogleCopy } from '../items/background';
import { fieldsFromGoogle, isMirroredFromHere, originalStartOf, SYNCED_FIELDS, type SyncedFields } from './event-mapping';
import type { GoogleEvent } from './google';
import { syncedEventId } from './ids';
import { deleteSyncedRow, markCopied, putSyncedRow, syncedGoogleIds, wasDeletedForGood } from './synced-rows.repository';

/**
 * The local copies of Google events. Each is an ordinary event item (so lists, the trash and the
 * change counters see it) with gcal_id set and an id derived from the Google id, plus a gcal_events
 * row (GCALEVENT#<google id>). The row is written before the event and deleted after it, so every
 * synced event has its row: disconnect and the full-sync cleanup read the rows, never the user's
 * own events. Once the copy is made the row says so (`copied`): a row whose copy is gone was
 * deleted for good here (from the trash, or by the purge), and the sync leaves it deleted.
 *
 * A Google series comes in as one repeating event (its RRULE and EXDATEs as our recurrence), not as
 * its occurrences. An occurrence changed or cancelled on its own, which Google lists apart, is taken
 * out of its series' copy (an exception) and, when it still happens, has a copy of its own.
 */

export type SyncChange = 'created' | 'updated' | 'removed' | 'unchanged';

/** The part of the calendar a sync keeps: [timeMin, timeMax). */
export interface SyncWindow {
  timeMin: string;
  timeMax: string;
}

/**
 * Brings one Google event (or its cancellation) into the user's events; `calendarZone` is the
 * calendar's own zone. An occurrence changed or cancelled on its own must come after its series
 * (sync.ts applies them last). Safe to repeat.
 */
export async function applyGoogleEvent(userId: string, google: GoogleEvent, window: SyncWindow, calendarZone: string, now: Date): Promise<SyncChange> {
  if (!google.id || isMirroredFromHere(google)) return 'unchanged';
  const takenOut = google.recurringEventId ? await takeOutOfSeries(userId, google.recurringEventId, originalStartOf(google), now) : false;
  const fields = google.status === 'cancelled' ? undefined : fieldsFromGoogle(google, calendarZone);
  const change = await applyFields(userId, google.id, fields && overlaps(fields, window) ? fields : undefined, now);
  return change === 'unchanged' && takenOut ? 'updated' : change;
}

/** Removes the copies of a series' occurrences (Google ids `<series id>_…`) but those in `keep`; answers how many. */
export async function removeOccurrenceCopies(userId: string, seriesGoogleId: string, keep: ReadonlySet<string>): Promise<number> {
  let removed = 0;
  for await (const googleId of syncedGoogleIds(userId, `${seriesGoogleId}_`)) {
    if (!keep.has(googleId) && (await removeSyncedEvent(userId, googleId))) removed += 1;
  }
  return removed;
}

async function applyFields(userId: string, googleId: string, fields: SyncedFields | undefined, now: Date): Promise<SyncChange> {
  if (!fields) return (await removeSyncedEvent(userId, googleId)) ? 'removed' : 'unchanged';
  const existing = await readGoogleCopy(userId, syncedEventId(userId, googleId));
  if (!existing) {
    if (await wasDeletedForGood(userId, googleId)) return 'unchanged';
    return (await createSyncedEvent(userId, googleId, fields, now)) ? 'created' : 'unchanged';
  }
  // Occurrences taken out here one by one (takeOutOfSeries) stay out when the series changes.
  const next =
    existing.recurrence && fields.recurrence
      ? { ...fields, recurrence: { ...fields.recurrence, exceptions: withExceptions(fields.recurrence.exceptions, existing.recurrence.exceptions) } }
      : fields;
  // A synced event the user put in the trash stays there; Google's copy is unchanged by it.
  if (existing.deleted_at || SYNCED_FIELDS.every((field) => comparable(existing[field]) === comparable(next[field]))) return 'unchanged';
  // A local edit in between wins this round; the next sync compares again.
  return (await updateGoogleCopy(userId, existing, next, now)) ? 'updated' : 'unchanged';
}

/** Google's rule for timeMin/timeMax (the end after timeMin, the start before timeMax), on our all-day form; a series by its occurrences. */
function overlaps(fields: SyncedFields, window: SyncWindow): boolean {
  const length = Date.parse(fields.end_time) - Date.parse(fields.start_time) + (fields.all_day ? DAY_MS : 0);
  const start = fields.recurrence
    ? nextOccurrenceAfter({ ...fields, recurrence: fields.recurrence }, new Date(Date.parse(window.timeMin) - length).toISOString())
    : fields.start_time;
  return start !== null && Date.parse(start) + length > Date.parse(window.timeMin) && Date.parse(start) < Date.parse(window.timeMax);
}

/** A synced field's value as a text that is the same for the same value (a stored map's keys come back in any order). */
const comparable = (value: SyncedFields[keyof SyncedFields] | undefined): string =>
  typeof value === 'object' && value !== null ? JSON.stringify([value.rule, value.time_zone, value.exceptions]) : JSON.stringify(value ?? null);

/** Exceptions merged, in order; the latest kept when there are more than a series holds. */
const withExceptions = (...lists: string[][]) => [...new Set(lists.flat())].sort().slice(-REPEAT_LIMITS.exceptionsMax);

/** Takes the occurrence starting at `start` out of the series' copy; false when there is no such live copy or it was out already. */
async function takeOutOfSeries(userId: string, seriesGoogleId: string, start: string | undefined, now: Date): Promise<boolean> {
  const series = await readGoogleCopy(userId, syncedEventId(userId, seriesGoogleId));
  if (!start || !series?.recurrence || series.deleted_at || series.recurrence.exceptions.includes(start)) return false;
  return updateGoogleCopy(userId, series, { recurrence: { ...series.recurrence, exceptions: withExceptions(series.recurrence.exceptions, [start]) } }, now);
}

async function createSyncedEvent(userId: string, googleId: string, fields: SyncedFields, now: Date): Promise<boolean> {
  const id = syncedEventId(userId, googleId);
  await putSyncedRow(userId, googleId, id, now.toISOString());
  // Another sync running at the same time may have made it first: one copy either way.
  if (!(await insertGoogleCopy(userId, id, { ...fields, color: null, event_type: 'other', tags: [], gcal_id: googleId }, now))) return false;
  await markCopied(userId, googleId);
  return true;
}

/** Deletes the local copy (live or trashed) and its row; false when there was none. */
async function removeSyncedEvent(userId: string, googleId: string): Promise<boolean> {
  const removed = await deleteGoogleCopy(userId, syncedEventId(userId, googleId));
  await deleteSyncedRow(userId, googleId);
  return removed;
}

/** After a full sync: removes the copies of Google events the listing no longer has. */
export async function removeUnseen(userId: string, seen: ReadonlySet<string>): Promise<number> {
  let removed = 0;
  for await (const googleId of syncedGoogleIds(userId)) {
    if (!seen.has(googleId) && (await removeSyncedEvent(userId, googleId))) removed += 1;
  }
  return removed;
}

/** On disconnect: removes every synced event and every gcal_events row. */
export async function removeAllSynced(userId: string): Promise<number> {
  return removeUnseen(userId, new Set());
}
