import { format } from 'date-fns';
import { CALENDAR } from '../../../../../shared/constants';
import { DAY_MS } from '../../../../../shared/dates';

/**
 * The calendar's date math. A day is a 'YYYY-MM-DD' string of the user's time zone and a time of
 * day is minutes since its midnight, so nothing here depends on the browser's own zone: instants
 * are read and made in the user's zone through Intl, and date-fns only formats wall-clock fields.
 */

export type Day = string;
export const CALENDAR_VIEWS = ['day', 'week', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const MINUTES_PER_DAY = 24 * 60;
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a time zone, as the UTC milliseconds of those fields. */
function wallClockMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(partFormatter(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** The day and minute of the day an instant falls on in a time zone. */
export function zonedParts(instant: Date | string, timeZone: string): { day: Day; minutes: number } {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const wall = wallClockMs(ms - (ms % 1000), timeZone);
  const dayStart = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
  return { day: new Date(dayStart).toISOString().slice(0, 10), minutes: Math.floor((wall - dayStart) / 60_000) };
}

/**
 * The instant a wall-clock time of a day has in a time zone (minutes may run past midnight). A
 * time skipped by a daylight-saving change does not exist: it lands an hour earlier, the same day.
 */
export function zonedInstant(day: Day, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * 60_000;
  const firstGuess = wall - (wallClockMs(wall, timeZone) - wall);
  const offset = wallClockMs(firstGuess, timeZone) - firstGuess;
  return new Date(wall - offset);
}

export function addDays(day: Day, days: number): Day {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day of the month `months` later, or that month's last day when it is shorter. */
export function addMonths(day: Day, months: number): Day {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDate = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastDate));
  return first.toISOString().slice(0, 10);
}

/** 0 for Sunday to 6 for Saturday. */
export function weekday(day: Day): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** Weeks start on Sunday. */
export function startOfWeek(day: Day): Day {
  return addDays(day, -weekday(day));
}

/** Whole weeks, Sunday to Saturday, from the week of the month's first day to that of its last. */
export function monthGrid(day: Day): Day[][] {
  const first = `${day.slice(0, 8)}01`;
  const last = addDays(addMonths(first, 1), -1);
  const weeks: Day[][] = [];
  for (let start = startOfWeek(first); start <= last; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(start, index)));
  }
  return weeks;
}

/** The day columns of the day and week views; narrow screens show the week's Monday to Friday. */
export function timeGridDays(view: Exclude<CalendarView, 'month'>, anchor: Day, weekdaysOnly: boolean): Day[] {
  if (view === 'day') return [anchor];
  const sunday = startOfWeek(anchor);
  return weekdaysOnly ? [1, 2, 3, 4, 5].map((offset) => addDays(sunday, offset)) : Array.from({ length: 7 }, (_, index) => addDays(sunday, index));
}

/** The anchor day one view's length before (-1) or after (1). */
export function stepAnchor(view: CalendarView, anchor: Day, step: -1 | 1): Day {
  if (view === 'day') return addDays(anchor, step);
  if (view === 'week') return addDays(anchor, 7 * step);
  return addMonths(anchor, step);
}

/** A Date whose local fields are the day's, for date-fns to format (noon: no daylight-saving edge). */
function localDate(day: Day, minutes = 12 * 60): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, Math.floor(minutes / 60), minutes % 60);
}

/** 'MMM d, yyyy', e.g. 'Nov 22, 2026'. */
export function formatDay(day: Day): string {
  return format(localDate(day), CALENDAR.dateFormat);
}

/** 'h:mm a' of a minute of the day, e.g. '9:00 AM'. */
export function formatMinutes(minutes: number): string {
  return format(localDate('2000-01-01', minutes), CALENDAR.timeFormat);
}

/** 'h:mm a' of an instant in the user's time zone. */
export function formatTime(instant: string, timeZone: string): string {
  return formatMinutes(zonedParts(instant, timeZone).minutes);
}

/** A date-fns pattern of a day other than the spec's two (weekday names, month titles). */
export function formatDayAs(day: Day, pattern: string): string {
  return format(localDate(day), pattern);
}

/** What the toolbar says is shown: a day, a week's first and last day, or a month. */
export function rangeLabel(view: CalendarView, anchor: Day, days: readonly Day[]): string {
  if (view === 'month') return formatDayAs(anchor, 'MMMM yyyy');
  if (days.length === 1) return formatDayAs(anchor, 'EEEE, ') + formatDay(anchor);
  return `${formatDay(days[0]!)} – ${formatDay(days.at(-1)!)}`;
}

/** 'HH:mm' for a time input. */
export function timeInputValue(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes of the day of a time input's 'HH:mm', or null when it is empty or malformed. */
export function parseTimeInput(value: string): number | null {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

export function isDay(value: string | null): value is Day {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
}
