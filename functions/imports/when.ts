import * as chrono from 'chrono-node';
import { API_LIMITS } from '../../shared/constants';
import { BoundedCache } from '../../shared/bounded-cache';
import { isTimeZone, parseRule } from '../../shared/recurrence';
import { WEEKDAYS } from '../../shared/weekdays';
import { zonedInstant, zonedParts } from '../../shared/zoned-time';

/** A date the source wrote: an instant (ISO 8601), or null when it wrote none; undefined when it could not be read. */
export type ReadDate = string | null | undefined;

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO 8601 with a time, the offset written with or without its colon (TickTick writes `+0000`). */
const WITH_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/;

const inYears = (instant: Date) => {
  const year = instant.getUTCFullYear();
  return year >= API_LIMITS.earliestYear && year <= API_LIMITS.latestYear;
};

/**
 * A date written as ISO 8601: a day alone is its start in `timeZone`; a time without an offset is
 * read in `timeZone`. Empty text is null; anything else unreadable is undefined.
 */
export function isoDate(text: string, timeZone: string): ReadDate {
  const value = text.trim();
  if (value === '') return null;
  const day = DAY_ONLY.exec(value);
  if (day) return checked(zonedInstant(value, 0, timeZone));
  const timed = WITH_TIME.exec(value);
  if (!timed) return undefined;
  const [, date, time, offset] = timed;
  if (!offset) {
    const [hours, minutes] = time!.split(':').map(Number);
    return checked(zonedInstant(date!, hours! * 60 + minutes!, timeZone));
  }
  const colonOffset = offset === 'Z' ? 'Z' : `${offset.slice(0, 3)}:${offset.slice(-2)}`;
  return checked(new Date(`${date}T${time}${colonOffset}`));
}

const checked = (instant: Date): ReadDate => (Number.isNaN(instant.getTime()) || !inYears(instant) ? undefined : instant.toISOString());

/**
 * A date in words, as Todoist keeps a due date ("tomorrow", "Dec 10 5pm", "2026-12-10"), read by
 * chrono against `now` in `timeZone`, forward (a day without a year is the next one). Undefined
 * when the words name no date.
 */
export function wordsDate(text: string, timeZone: string, now: Date): ReadDate {
  const iso = isoDate(text, timeZone);
  if (iso !== undefined) return iso;
  const here = zonedParts(now, timeZone);
  // chrono reads wall-clock fields: a reference whose UTC fields are the person's wall clock now.
  const reference = new Date(zonedInstant(here.day, 0, 'UTC').getTime() + here.minutes * 60_000);
  const [found] = chrono.parse(text, { instant: reference, timezone: 0 }, { forwardDate: true });
  if (!found) return undefined;
  const { start } = found;
  const day = [start.get('year'), start.get('month'), start.get('day')].map((part, at) => String(part).padStart(at === 0 ? 4 : 2, '0')).join('-');
  const minutes = start.isCertain('hour') ? (start.get('hour') ?? 0) * 60 + (start.get('minute') ?? 0) : 0;
  return checked(zonedInstant(day, minutes, timeZone));
}

/** Zones rows name, known or not: a file names the same few on thousands of rows, and Intl is slow to ask. */
const zonesNamed = new BoundedCache<string, boolean>(64);

/** Whether Intl knows the zone a row names (an IANA id). */
export const isKnownZone = (named: string): boolean => named !== '' && (zonesNamed.get(named) ?? zonesNamed.set(named, isTimeZone(named)));

/** The zone a row names when Intl knows it, else `fallback` (the person's). */
export const zoneOr = (named: string, fallback: string): string => (isKnownZone(named) ? named : fallback);

/** An RFC 5545 rule as TickTick and calendars write it (`RRULE:` before it or not), if it is one we keep. */
export function ruleOf(text: string): string | null {
  const rule = text
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  if (rule === '') return null;
  return 'problem' in parseRule(rule) ? null : rule;
}

const WEEKDAY_NAMES: Record<string, string> = {
  monday: 'MO',
  mon: 'MO',
  tuesday: 'TU',
  tue: 'TU',
  wednesday: 'WE',
  wed: 'WE',
  thursday: 'TH',
  thu: 'TH',
  friday: 'FR',
  fri: 'FR',
  saturday: 'SA',
  sat: 'SA',
  sunday: 'SU',
  sun: 'SU',
};
const UNITS: Record<string, string> = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' };
const EVERY = /^every!?\s+(.*?)(?:\s+(?:at|@)\s+.*)?$/i;

/**
 * Todoist's repeat in words ("every day", "every 2 weeks", "every other month", "every weekday",
 * "every mon, fri", "every! week") as a rule of ours; null when the words are not a repeat, undefined
 * when they are one we cannot say as a rule (then the words are kept in the description).
 * Todoist's `every!` (from the day it is done) repeats here from the due date.
 */
export function todoistRepeat(words: string): string | null | undefined {
  const every = EVERY.exec(words.trim());
  if (!every) return /^every/i.test(words.trim()) ? undefined : null;
  const what = every[1]!.toLowerCase().replace(/\s+/g, ' ').trim();
  const daily = { day: 'FREQ=DAILY', daily: 'FREQ=DAILY', weekday: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', workday: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' }[what];
  if (daily) return daily;
  const unit = /^(?:(other|\d{1,2})\s+)?(day|week|month|year)s?$/.exec(what);
  if (unit) {
    const interval = unit[1] === 'other' ? 2 : Number(unit[1] ?? 1);
    return ruleOf(`FREQ=${UNITS[unit[2]!]}${interval > 1 ? `;INTERVAL=${interval}` : ''}`) ?? undefined;
  }
  const days = what.split(/\s*(?:,|\band\b)\s*/).filter((part) => part !== '');
  const byDay = days.map((day) => WEEKDAY_NAMES[day]);
  if (byDay.length > 0 && byDay.every(Boolean)) {
    const ordered = WEEKDAYS.filter((code) => byDay.includes(code));
    return ruleOf(`FREQ=WEEKLY;BYDAY=${ordered.join(',')}`) ?? undefined;
  }
  return undefined;
}
