import { format } from 'date-fns';

const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** A Date whose local fields show the wall-clock time of `instant` in `timeZone`, for date-fns to format. */
function wallClock(instant: string | Date, timeZone: string): Date {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    partFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  return new Date(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
}

/** Formats an instant with a date-fns pattern as seen in the user's time zone; a bad value comes back raw. */
export function formatInZone(instant: string, timeZone: string, pattern: string): string {
  try {
    return format(wallClock(instant, timeZone), pattern);
  } catch {
    return instant;
  }
}

/** Formats a calendar day ('YYYY-MM-DD') with a date-fns pattern. */
export function formatDay(day: string, pattern: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return format(new Date(year!, month! - 1, date!), pattern);
}

/** The calendar day `days` after `day` (both 'YYYY-MM-DD'). */
export function addDays(day: string, days: number): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
