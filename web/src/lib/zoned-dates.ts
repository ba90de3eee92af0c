import { format, type Locale } from 'date-fns';
import { addDays, zonedParts, type Day } from '../../../shared/zoned-time';

/**
 * Dates in the user's time zone, for every screen. A day is a 'YYYY-MM-DD' string of the user's
 * time zone and a time of day is minutes since its midnight, so nothing here depends on the
 * browser's own zone: instants are read and made in the user's zone through Intl, and date-fns
 * only formats wall-clock fields.
 */

export const MINUTES_PER_DAY = 24 * 60;

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
