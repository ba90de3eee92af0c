import type { CalendarEvent } from './calendar-events.schema';
import type { EventTimes } from './calendar-event-fields';
import { showingsOn, type Showing } from './recurrence';
import { addDays, zonedParts } from './zoned-time';

/**
 * The first and last calendar day ('YYYY-MM-DD') an event reaches. An all-day event is stored from
 * 00:00 UTC of its first day to 00:00 UTC of its last, so its days are the dates written in it,
 * whatever the zone; a timed event reaches the days of the user's zone its instants fall on (an
 * end at midnight does not reach the next day).
 */
export function eventDays({ start_time, end_time, all_day }: EventTimes, timeZone: string): { first: string; last: string } {
  if (all_day) return { first: start_time.slice(0, 10), last: end_time.slice(0, 10) };
  return { first: zonedParts(start_time, timeZone).day, last: zonedParts(new Date(Date.parse(end_time) - 1), timeZone).day };
}

/** Whether an event reaches a calendar day of the user's zone (see eventDays). */
export function isEventOnDay(event: EventTimes, day: string, timeZone: string): boolean {
  const { first, last } = eventDays(event, timeZone);
  return first <= day && day <= last;
}

/** An event as a screen shows it: a single event, or one occurrence of a series with that occurrence's times. */
export type EventShowing = Showing<CalendarEvent>;

/** What reaches the days from `firstDay` to `lastDay` of the user's zone: single events, and each occurrence of a series. */
export function eventShowings(events: readonly CalendarEvent[], firstDay: string, lastDay: string, timeZone: string): EventShowing[] {
  const showings = showingsOn(events, firstDay, lastDay, (times, first, last) => {
    const days = eventDays(times, timeZone);
    return days.first <= last && days.last >= first;
  });
  // By start, as the API lists events; a series' occurrences fall in among them.
  return showings.sort((one, other) => Date.parse(one.start_time) - Date.parse(other.start_time));
}

/**
 * The events of each of `days` (ascending), each event's days read once: a month grid asks for 42
 * days of a list that holds every occurrence of every series.
 */
export function eventsByDay<T extends EventTimes>(events: readonly T[], days: readonly string[], timeZone: string): ReadonlyMap<string, readonly T[]> {
  const byDay = new Map(days.map((day) => [day, [] as T[]]));
  const [firstShown, lastShown] = [days[0], days.at(-1)];
  if (firstShown === undefined || lastShown === undefined) return byDay;
  for (const event of events) {
    const { first, last } = eventDays(event, timeZone);
    for (let day = first < firstShown ? firstShown : first; day <= last && day <= lastShown; day = addDays(day, 1)) byDay.get(day)?.push(event);
  }
  return byDay;
}
