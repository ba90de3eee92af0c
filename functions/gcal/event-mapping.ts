import type { calendar_v3 } from '@googleapis/calendar';
import type { CalendarEvent } from '../../shared/calendar-events.schema';
import { API_LIMITS } from '../../shared/constants';
import { DAY_MS } from '../../shared/dates';
import { canonicalZone, isTimeZone, parseRule, REPEAT_LIMITS, seriesProblem, type Recurrence } from '../../shared/recurrence';
import { withoutControlCharacters } from '../../shared/text';
import { zonedInstant, zonedParts } from '../../shared/zoned-time';
import type { GoogleEvent } from './google';

/**
 * Our events and Google's, both ways. All-day events differ: ours run from 00:00 UTC of the first
 * day to the last day (inclusive, stored at 00:00), Google's from `start.date` to an exclusive
 * `end.date`.
 */
export type SyncedFields = Pick<CalendarEvent, 'title' | 'description' | 'start_time' | 'end_time' | 'all_day' | 'location' | 'recurrence'>;
export const SYNCED_FIELDS = ['title', 'description', 'start_time', 'end_time', 'all_day', 'location', 'recurrence'] as const satisfies ReadonlyArray<
  keyof SyncedFields
>;

/** Marks a Google event as our own event mirrored out, so sync-in does not bring it back as a copy. */
const MIRROR_PROPERTY = 'tempoEventId';

const UNTITLED = '(No title)';

const dayOf = (iso: string) => iso.slice(0, 10);
const midnight = (day: string) => `${day}T00:00:00.000Z`;
const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(midnight(day)) + days * DAY_MS).toISOString());
/** Google's texts are not checked as ours are: control characters go before they can reach the feed or a mail. */
const clip = (text: string | null | undefined, max: number) =>
  withoutControlCharacters(text ?? '')
    .trim()
    .slice(0, max);

/**
 * The fields a Google event sets on its local copy, a series' recurrence included; undefined when
 * it has no usable times, or repeats in a way a series here cannot hold (seriesFromGoogle).
 * `calendarZone` is the calendar's own, which an event without a zone of its own is in.
 */
export function fieldsFromGoogle(google: GoogleEvent, calendarZone: string): SyncedFields | undefined {
  const times = timesFromGoogle(google.start, google.end);
  if (!times) return undefined;
  const recurrence = google.recurrence?.length ? judgedSeries(google, times, calendarZone) : null;
  if (recurrence === undefined) return undefined;
  return {
    title: clip(google.summary, API_LIMITS.titleMax) || UNTITLED,
    description: clip(google.description, API_LIMITS.descriptionMax),
    location: clip(google.location, API_LIMITS.locationMax),
    ...times,
    recurrence,
  };
}

/**
 * A Google series a series here cannot hold (seriesFromGoogle): it comes in as its occurrences,
 * each an event of its own, as Google's events.instances lists them.
 */
export function heldAsOccurrences(google: GoogleEvent, calendarZone: string): boolean {
  if (google.status === 'cancelled' || google.recurringEventId || !google.recurrence?.length) return false;
  const times = timesFromGoogle(google.start, google.end);
  return times !== undefined && judgedSeries(google, times, calendarZone) === undefined;
}

/** What seriesFromGoogle made of each listed series: a sync asks twice (its copy, then whether it is held apart). */
const judged = new WeakMap<GoogleEvent, { calendarZone: string; recurrence: Recurrence | undefined }>();

function judgedSeries(google: GoogleEvent, times: Pick<SyncedFields, 'start_time' | 'end_time' | 'all_day'>, calendarZone: string): Recurrence | undefined {
  const known = judged.get(google);
  if (known?.calendarZone === calendarZone) return known.recurrence;
  const recurrence = seriesFromGoogle(google.recurrence ?? [], times, google.start?.timeZone ?? calendarZone);
  judged.set(google, { calendarZone, recurrence });
  return recurrence;
}

/**
 * Google's recurrence lines as a series here: its RRULE, and its EXDATEs as exceptions (the starts
 * of the occurrences taken out: wall-clock times in their TZID or the series' zone, UTC times, or
 * days of an all-day series). Undefined for what a series here cannot hold: RDATE and EXRULE
 * lines, more than one RRULE, a rule outside the day-or-longer subset or beyond the bounds a rule
 * written here keeps (shared/recurrence.ts: its length, its lists, a first occurrence found in
 * bounded work), or one with no occurrence. The zone is kept as Intl names it.
 */
export function seriesFromGoogle(
  lines: readonly string[],
  times: Pick<SyncedFields, 'start_time' | 'end_time' | 'all_day'>,
  zone: string,
): Recurrence | undefined {
  const seriesZone = canonicalZone(zone);
  if (!seriesZone) return undefined;
  const rules: string[] = [];
  const exceptions = new Set<string>();
  for (const line of lines) {
    const separator = line.indexOf(':');
    const [name, ...parameters] = line.slice(0, separator).split(';');
    const value = line.slice(separator + 1);
    if (name?.toUpperCase() === 'RRULE') rules.push(value);
    else if (name?.toUpperCase() === 'EXDATE') {
      const tzid = parameters.find((parameter) => parameter.toUpperCase().startsWith('TZID='))?.slice('TZID='.length) ?? seriesZone;
      for (const text of value.split(',')) {
        const start = exceptionStart(text.trim(), times.all_day, tzid);
        if (!start) return undefined;
        exceptions.add(start);
      }
    } else return undefined;
  }
  const [rule] = rules;
  if (rules.length !== 1 || !rule || 'problem' in parseRule(rule) || exceptions.size > REPEAT_LIMITS.exceptionsMax) return undefined;
  const recurrence: Recurrence = { rule, time_zone: seriesZone, exceptions: [...exceptions].sort() };
  return seriesProblem({ ...times, recurrence }) === null ? recurrence : undefined;
}

const ICALENDAR_TIME = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})\d{2}(Z?))?$/;

/** An EXDATE value as the start of the occurrence it takes out: a day of an all-day series (00:00 UTC here), else an instant. */
function exceptionStart(text: string, allDay: boolean, zone: string): string | undefined {
  const [, year, month, day, hour, minute, utc] = ICALENDAR_TIME.exec(text) ?? [];
  if (!year || (hour === undefined) !== allDay) return undefined;
  if (allDay) return midnight(`${year}-${month}-${day}`);
  if (!utc && !isTimeZone(zone)) return undefined;
  const minutes = Number(hour) * 60 + Number(minute);
  return utc
    ? new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), 0, minutes)).toISOString()
    : zonedInstant(`${year}-${month}-${day}`, minutes, zone).toISOString();
}

/** The start an occurrence changed or cancelled on its own had in its series, as a series' exception here. */
export function originalStartOf(google: GoogleEvent): string | undefined {
  const original = google.originalStartTime;
  if (original?.date) return midnight(original.date);
  return original?.dateTime ? new Date(original.dateTime).toISOString() : undefined;
}

function timesFromGoogle(
  start: calendar_v3.Schema$EventDateTime | undefined,
  end: calendar_v3.Schema$EventDateTime | undefined,
): Pick<SyncedFields, 'start_time' | 'end_time' | 'all_day'> | undefined {
  if (start?.date && end?.date) {
    return { all_day: true, start_time: midnight(start.date), end_time: midnight(addDays(end.date, -1)) };
  }
  if (start?.dateTime && end?.dateTime) {
    return { all_day: false, start_time: new Date(start.dateTime).toISOString(), end_time: new Date(end.dateTime).toISOString() };
  }
  return undefined;
}

/**
 * The Google event a local event is mirrored as, marked as ours. Both time forms are always named,
 * the unused one as null: a patch merges into what Google holds, and an event that turned all-day
 * (or back) must lose its other form.
 */
export function googleFromEvent(event: SyncedFields & Pick<CalendarEvent, 'id'>): GoogleEvent {
  const series = event.recurrence ?? null;
  // Google expands a series in the zone its times name, and refuses a timed series without one.
  const at = (time: string, lastDay: boolean): calendar_v3.Schema$EventDateTime =>
    event.all_day
      ? { date: lastDay ? addDays(dayOf(time), 1) : dayOf(time), dateTime: null, timeZone: null }
      : { dateTime: time, date: null, timeZone: series?.time_zone ?? null };
  return {
    summary: event.title,
    description: event.description,
    location: event.location,
    start: at(event.start_time, false),
    end: at(event.end_time, true),
    recurrence: series && recurrenceLines(series, event.all_day),
    extendedProperties: { private: { [MIRROR_PROPERTY]: event.id } },
  };
}

/** A series as Google's recurrence lines: its RRULE, and its exceptions as an EXDATE in the series' zone (dates for all-day). */
function recurrenceLines({ rule, time_zone: zone, exceptions }: Recurrence, allDay: boolean): string[] {
  if (exceptions.length === 0) return [`RRULE:${rule}`];
  const compact = (text: string) => text.replace(/[-:]/g, '');
  if (allDay) return [`RRULE:${rule}`, `EXDATE;VALUE=DATE:${exceptions.map((day) => compact(dayOf(day))).join(',')}`];
  const wallClock = (instant: string) => {
    const { day, minutes } = zonedParts(instant, zone);
    return `${compact(day)}T${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}00`;
  };
  return [`RRULE:${rule}`, `EXDATE;TZID=${zone}:${exceptions.map(wallClock).join(',')}`];
}

export const isMirroredFromHere = (google: GoogleEvent) => Boolean(google.extendedProperties?.private?.[MIRROR_PROPERTY]);
