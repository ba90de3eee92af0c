import { format, type Locale } from 'date-fns';
import { DAY_MS } from '../../../shared/dates';

/**
 * Dates in the user's time zone, for every screen. A day is a 'YYYY-MM-DD' string of the user's
 * time zone and a time of day is minutes since its midnight, so nothing here depends on the
 * browser's own zone: instants are read and made in the user's zone through Intl, and date-fns
 * only formats wall-clock fields.
 */

export type Day = string;

export const MINUTES_PER_DAY = 24 * 60;

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
  const parts = Object.fromEntries(
    partFormatter(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
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
 * time skipped by a daylight-saving change does not exist: it lands an hour earlier, the same day,
 * east of Greenwich as west of it. A time the clock shows twice is its first instant.
 */
export function zonedInstant(day: Day, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * 60_000;
  const offsetAt = (instant: number) => wallClockMs(instant, timeZone) - instant;
  // The offsets in force a day before and a day after: they differ only around a clock change.
  const [early, late] = [wall - offsetAt(wall - DAY_MS), wall - offsetAt(wall + DAY_MS)];
  const shows = (instant: number) => wallClockMs(instant, timeZone) === wall;
  if (shows(early) && shows(late)) return new Date(Math.min(early, late));
  if (shows(early)) return new Date(early);
  // Shown only with the later offset, or skipped: with the later offset a skipped time reads an hour earlier.
  return new Date(late);
}

export function addDays(day: Day, days: number): Day {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A Date whose local fields are the day's, for date-fns to format (noon: no daylight-saving edge). */
function localDate(day: Day, minutes = 12 * 60): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, Math.floor(minutes / 60), minutes % 60);
}

/** How a language writes days and times: date-fns patterns and locale (the app catalogue's `dates`). */
export interface DateTexts {
  locale: Locale;
  /** A day: 'MMM d, yyyy' in English, e.g. 'Nov 22, 2026'. */
  day: string;
  /** A time: 'h:mm a' in English, e.g. '9:00 AM'. */
  time: string;
}

export function formatDay(day: Day, dates: DateTexts): string {
  return format(localDate(day), dates.day, { locale: dates.locale });
}

/** A minute of the day as the language writes times. */
export function formatMinutes(minutes: number, dates: DateTexts): string {
  return format(localDate('2000-01-01', minutes), dates.time, { locale: dates.locale });
}

/** An instant's time in the user's time zone; a value that is not a time comes back as it is. */
export function formatTime(instant: string, timeZone: string, dates: DateTexts): string {
  try {
    return formatMinutes(zonedParts(instant, timeZone).minutes, dates);
  } catch {
    return instant;
  }
}

/** A day in another date-fns pattern (weekday names, month titles), in the language's words. */
export function formatDayAs(day: Day, pattern: string, dates: DateTexts): string {
  return format(localDate(day), pattern, { locale: dates.locale });
}

export function isDay(value: string | null): value is Day {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
}
