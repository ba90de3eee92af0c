import { z } from 'zod';
import { API_LIMITS } from './constants';
import { MESSAGES } from './messages';

const DAY_MS = 86_400_000;

/** An ISO 8601 timestamp with a zone, a real calendar date, within the years the product stores. */
export const isoDateTime = z.iso
  .datetime({ offset: true, error: MESSAGES.invalidDate })
  .refine((value) => !Number.isNaN(Date.parse(value)) && sameCalendarFields(value), MESSAGES.invalidDate)
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= API_LIMITS.earliestYear && year <= API_LIMITS.latestYear;
  }, MESSAGES.dateOutOfRange);

/** A timestamp the user must give: `message` when it is missing. */
export function requiredDateTime(message: string) {
  return z.string({ error: message }).pipe(isoDateTime);
}

/** Rejects dates such as 2026-02-30 that Date.parse silently rolls over. */
function sameCalendarFields(value: string): boolean {
  const [datePart] = value.split('T');
  const [y, m, d] = (datePart ?? '').split('-').map(Number);
  const probe = new Date(Date.UTC(y!, m! - 1, d!));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m! - 1 && probe.getUTCDate() === d;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ('YYYY-MM-DD') an instant falls on in a time zone. */
export function calendarDay(instant: Date | string, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
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

export { DAY_MS };
