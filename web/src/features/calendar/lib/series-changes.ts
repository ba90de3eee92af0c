import type { CalendarEvent } from '../../../../../shared/calendar-events.schema';
import type { ItemInput } from '../../../../../shared/item-kinds.schema';
import { movedSeries, splitSeries, type Recurrence } from '../../../../../shared/recurrence';
import type { SeriesScope } from '../../../components/items/series-scope-dialog';
import { createItem, discardFollowing, discardItem, updateItem } from '../../../lib/items';

type Series = CalendarEvent & { recurrence: Recurrence };

/**
 * Saves the editor's body for one occurrence of a series (`occurrence` is its start). A new item is
 * always written before the series gives the occurrences up, so a failure halfway shows an
 * occurrence twice, never loses one.
 */
export async function saveSeriesEdit(series: Series, occurrence: string, body: ItemInput<'events'>, scope: SeriesScope): Promise<void> {
  const { before, after } = splitSeries(series, occurrence);
  if (scope === 'this') {
    await createItem('events', { ...body, recurrence: null });
    await updateItem('events', series.id, { recurrence: withException(series.recurrence, occurrence) });
    return;
  }
  if (scope === 'all' || before === null) {
    const moved = movedSeries(series, occurrence, body.start_time);
    const length = Date.parse(body.end_time) - Date.parse(body.start_time);
    const end_time = new Date(Date.parse(moved.start_time) + length).toISOString();
    const recurrence = body.recurrence && { ...body.recurrence, exceptions: moved.recurrence.exceptions };
    await updateItem('events', series.id, { ...body, start_time: moved.start_time, end_time, recurrence });
    return;
  }
  // The rest of the series: the rule as picked, or (when the picker left it) what remains of its COUNT.
  const rule = body.recurrence && body.recurrence.rule === series.recurrence.rule ? after.recurrence.rule : body.recurrence?.rule;
  await createItem('events', { ...body, recurrence: rule ? { ...after.recurrence, rule } : null });
  await updateItem('events', series.id, { recurrence: before });
}

/**
 * Takes one occurrence, this and the following ones, or the whole series off the calendar. The whole
 * series goes to the trash; so do one occurrence of the user's own series, as an event of its own
 * (written, then trashed, before the series gives the occurrence up), and the following ones, as a
 * series of their own (the API cuts the series and trashes the rest as one entry): each can be
 * restored for the trash's days. A Google series' occurrences are only taken out: a copy would be
 * mirrored to Google beside the series it came from.
 */
export async function deleteFromSeries(series: Series, occurrence: string, scope: SeriesScope): Promise<'occurrence' | 'following' | 'trashed'> {
  const { before } = splitSeries(series, occurrence);
  if (scope === 'this') {
    if (!series.gcal_id) await trashOccurrence(series, occurrence);
    await updateItem('events', series.id, { recurrence: withException(series.recurrence, occurrence) });
    return series.gcal_id ? 'occurrence' : 'trashed';
  }
  if (scope === 'following' && before !== null) {
    await discardFollowing(series.id, occurrence);
    return series.gcal_id ? 'following' : 'trashed';
  }
  await discardItem('events', series.id);
  return 'trashed';
}

const withException = (recurrence: Recurrence, start: string): Recurrence => ({ ...recurrence, exceptions: [...recurrence.exceptions, start] });

/** One occurrence as an event of its own, in the trash. */
async function trashOccurrence(series: Series, start: string): Promise<void> {
  const { title, description, location, color, event_type, tags, all_day } = series;
  const end_time = new Date(Date.parse(start) + Date.parse(series.end_time) - Date.parse(series.start_time)).toISOString();
  const copy = await createItem('events', { title, description, location, color, event_type, tags, all_day, start_time: start, end_time, recurrence: null });
  await discardItem('events', copy.id);
}
