import { BoundedCache } from '../../shared/bounded-cache';
import { ZONE_FORMATTERS_KEPT } from '../../shared/dates';
import type { Item } from '../../shared/item-kinds.schema';
import type { Settings } from '../../shared/settings.schema';

/** Dates and times in the person's zone and language, as the assistant reads them back. */

export type Person = Pick<Settings, 'lang' | 'preferred_timezone'>;

const formats = new BoundedCache<string, Intl.DateTimeFormat>(ZONE_FORMATTERS_KEPT);

/** "Friday, 4 December at 15:00" in the person's words; an all-day date without hours (stored at 00:00 UTC of its day, so read in UTC). */
function formatFor(person: Person, allDay: boolean): Intl.DateTimeFormat {
  const key = `${person.lang} ${person.preferred_timezone} ${allDay}`;
  return (
    formats.get(key) ??
    formats.set(
      key,
      new Intl.DateTimeFormat(person.lang, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        ...(allDay ? {} : { hour: 'numeric', minute: '2-digit' }),
        timeZone: allDay ? 'UTC' : person.preferred_timezone,
      }),
    )
  );
}

/** A stretch of time in words ("Monday, December 7, 10:00 – 11:00 AM"); an all-day event's days without hours. */
export function saidOfSpan(span: { start: string; end: string; allDay?: boolean }, person: Person): string {
  return formatFor(person, span.allDay === true).formatRange(new Date(span.start), new Date(span.end));
}

/** An event's start or a task's due time, or null. */
export function dateOf(item: Item | null): string | null {
  const fields = (item ?? {}) as Record<string, unknown>;
  return typeof fields.start_time === 'string' ? fields.start_time : typeof fields.due_date === 'string' ? fields.due_date : null;
}

/** The item's date in words, for the agent to read back: an event's start, a task's due time; null for an item without one. */
export function saidOf(item: Item | null, person: Person): string | null {
  const at = dateOf(item);
  return at ? formatFor(person, (item as Record<string, unknown>).all_day === true).format(new Date(at)) : null;
}
