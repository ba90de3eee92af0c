import type { EventTimes } from '../../../../../shared/calendar-event-fields';
import { eventDays } from '../../../../../shared/calendar-events';
import { CALENDAR } from '../../../../../shared/constants';
import { formatDay, formatTime, MINUTES_PER_DAY } from '../../../lib/zoned-dates';
import { zonedParts, type Day } from '../../../../../shared/zoned-time';
import type { AppTexts } from '../../../i18n/catalogue-types';

/** Where events go on the calendar; which days an event reaches is shared/calendar-events' eventDays. */

type Timed = EventTimes;

/** A block of a plan waiting for an answer (the app gives them), drawn dashed among the events: not an event yet. */
export interface ProposedTime extends EventTimes {
  key: string;
  title: string;
  proposed: true;
}

/** The minutes of `day` a timed event covers, or null when it does not reach that day. */
export function segmentOn(event: Timed, day: Day, timeZone: string): { start: number; end: number } | null {
  const start = zonedParts(event.start_time, timeZone);
  const end = zonedParts(event.end_time, timeZone);
  if (day < start.day || day > end.day) return null;
  const segment = { start: day === start.day ? start.minutes : 0, end: day === end.day ? end.minutes : MINUTES_PER_DAY };
  return segment.end > segment.start ? segment : null;
}

export interface Placed<T> {
  event: T;
  start: number;
  end: number;
  /** Overlapping events sit side by side: this one's column among `columns`. */
  column: number;
  columns: number;
}

/**
 * The timed events of a day laid out in columns: each group of events that overlap (directly or
 * through others) shares its width equally. An event counts as at least `minMinutes` long, the
 * time its smallest block covers on screen, so short events never hide one another.
 */
export function layoutDay<T extends Timed>(events: readonly T[], day: Day, timeZone: string, minMinutes: number): Array<Placed<T>> {
  const segments = events
    .filter((event) => !event.all_day)
    .flatMap((event) => {
      const segment = segmentOn(event, day, timeZone);
      return segment ? [{ event, ...segment }] : [];
    })
    .sort((a, b) => a.start - b.start || b.end - a.end);

  const placed: Array<Placed<T>> = [];
  let group: Array<Placed<T>> = [];
  let columnEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const member of group) member.columns = columnEnds.length;
    group = [];
    columnEnds = [];
  };
  for (const segment of segments) {
    const shownEnd = Math.max(segment.end, segment.start + minMinutes);
    if (segment.start >= groupEnd) closeGroup();
    let column = columnEnds.findIndex((end) => end <= segment.start);
    if (column === -1) column = columnEnds.push(shownEnd) - 1;
    else columnEnds[column] = shownEnd;
    const entry = { ...segment, column, columns: 1 };
    group.push(entry);
    placed.push(entry);
    groupEnd = Math.max(groupEnd, shownEnd);
  }
  closeGroup();
  return placed;
}

/** Top and height in pixels of a block in a grid of hourly rows, never shorter than `minPx` nor past the day's end. */
export function blockGeometry(start: number, end: number, rowPx: number, minPx: number): { top: number; height: number } {
  const dayPx = 24 * rowPx;
  const height = Math.max(minPx, ((end - start) / 60) * rowPx);
  return { top: Math.min((start / 60) * rowPx, dayPx - height), height };
}

/** Month cells: up to 2 all-day events, then timed ones up to 4 entries in all; the rest are '+N more'. */
export function monthEntries<T extends Timed>(eventsOfDay: readonly T[]): { shown: T[]; more: number } {
  const allDay = eventsOfDay.filter((event) => event.all_day).slice(0, CALENDAR.monthAllDayShown);
  const timed = eventsOfDay.filter((event) => !event.all_day).slice(0, CALENDAR.monthEntriesShown - allDay.length);
  const shown = [...allDay, ...timed];
  return { shown, more: eventsOfDay.length - shown.length };
}

/** When an event happens, in words: 'Nov 22, 2026, 9:00 AM – 10:00 AM', or its days with '(All day)'. */
export function describeWhen(event: Timed, timeZone: string, { dates, calendar }: Pick<AppTexts, 'dates' | 'calendar'>): string {
  const day = (value: Day) => formatDay(value, dates);
  const time = (instant: string) => formatTime(instant, timeZone, dates);
  if (event.all_day) {
    const { first, last } = eventDays(event, timeZone);
    return `${first === last ? day(first) : `${day(first)} – ${day(last)}`} ${calendar.allDayMark}`;
  }
  const startDay = zonedParts(event.start_time, timeZone).day;
  const endDay = zonedParts(event.end_time, timeZone).day;
  const start = `${day(startDay)}, ${time(event.start_time)}`;
  return startDay === endDay ? `${start} – ${time(event.end_time)}` : `${start} – ${day(endDay)}, ${time(event.end_time)}`;
}
