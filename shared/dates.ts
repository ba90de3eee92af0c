import { BoundedCache } from './bounded-cache';

const DAY_MS = 86_400_000;

/** The time zone of a new account, and of a screen until the user's settings are read. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** A formatter holds tens of kilobytes: a few dozen zones are more than the people of one process use. */
const ZONE_FORMATTERS_KEPT = 64;
const dayFormatters = new BoundedCache<string, Intl.DateTimeFormat>(ZONE_FORMATTERS_KEPT);

/** The calendar day ('YYYY-MM-DD') an instant falls on in a time zone. */
export function calendarDay(instant: Date | string, timeZone: string): string {
  const formatter =
    dayFormatters.get(timeZone) ??
    dayFormatters.set(timeZone, new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));
  return formatter.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** Whole calendar days from one 'YYYY-MM-DD' day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Days from today to the day of `date`, both read in the user's time zone. */
export function daysLeft(date: string, now: Date, timeZone: string): number {
  return daysBetween(calendarDay(now, timeZone), calendarDay(date, timeZone));
}

/** A date the user picks must not be before today in their time zone (pickers have minimum today). */
export function isBeforeToday(date: string, now: Date, timeZone: string): boolean {
  return daysLeft(date, now, timeZone) < 0;
}

export { DAY_MS, ZONE_FORMATTERS_KEPT };
