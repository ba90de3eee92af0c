import { BoundedCache } from './bounded-cache';
import { DAY_MS, ZONE_FORMATTERS_KEPT } from './dates';

/**
 * Wall-clock time in a time zone, through Intl, so nothing depends on the machine's own zone. A
 * day is a 'YYYY-MM-DD' string of the zone and a time of day is minutes since its midnight.
 */

export type Day = string;

const partFormatters = new BoundedCache<string, Intl.DateTimeFormat>(ZONE_FORMATTERS_KEPT);

const newPartFormatter = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** The wall-clock fields of an instant in a time zone, as the UTC milliseconds of those fields. */
function wallClockMs(instant: number, timeZone: string): number {
  return instant + offsetMs(instant, timeZone);
}

/** Zones change their offset on whole quarter hours at most: one Intl read per zone and quarter hour. */
const QUARTER_HOUR_MS = 15 * 60_000;
const OFFSETS_KEPT = 100_000;
const offsets = new BoundedCache<string, number>(OFFSETS_KEPT);

/** How far a zone's clocks are ahead of UTC at an instant (a series expands thousands of times a screen). */
function offsetMs(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const key = `${timeZone} ${quarter}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const formatter = partFormatters.get(timeZone) ?? partFormatters.set(timeZone, newPartFormatter(timeZone));
  const parts = Object.fromEntries(formatter.formatToParts(new Date(quarter)).map((part) => [part.type, part.value]));
  return offsets.set(
    key,
    Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - quarter,
  );
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
