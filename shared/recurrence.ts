import * as rrulePackage from 'rrule';
import { DAY_MS } from './dates';
import { MESSAGES } from './messages';
import { zonedInstant, zonedParts, type Day } from './zoned-time';
import { WEEKDAYS, type Weekday } from './weekdays';

/**
 * Repeating items as RFC 5545 rules (the RRULE value, as Google Calendar writes it). rrule does the
 * expansion, on "floating" wall-clock times (a UTC Date whose fields are the series' local time),
 * and each occurrence is then placed in the series' time zone, so a weekly 9:00 meeting stays at
 * 9:00 across daylight-saving changes. (rrule's own TZID support depends on the machine's zone,
 * and rrule-temporal weighs 50 KB gzipped with its Temporal polyfill against rrule's 14.)
 */

// Node loads rrule's UMD build, which has only a default export; bundlers load its ES build (no default).
const { RRule, Weekday: RRuleWeekday } = (Reflect.get(rrulePackage, 'default') as typeof rrulePackage | undefined) ?? rrulePackage;

export const REPEAT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/**
 * The list caps are more than a person asks for (every weekday, each nth weekday twice over, every
 * day of a month, every month), and keep a period's work small: rrule reads every BYSETPOS entry
 * against every day of the period. firstOccurrenceYears: see firstOccurrence.
 */
export const REPEAT_LIMITS = {
  intervalMax: 99,
  countMax: 999,
  exceptionsMax: 1000,
  ruleMaxLength: 300,
  byDayMax: 14,
  byMonthDayMax: 31,
  byMonthMax: 12,
  bySetPosMax: 10,
  firstOccurrenceYears: 40,
} as const;

/**
 * A rule's parts. Only day-or-longer frequencies and no time-of-day parts (the time is the item's
 * own): a series has at most one occurrence a day, so any window holds a bounded number of them.
 */
export interface RepeatRule {
  freq: RepeatFrequency;
  interval: number;
  /** Weekdays; `nth` picks the nth (negative: from the end) of the month or year, as in "last Friday". */
  byDay: ReadonlyArray<{ weekday: Weekday; nth: number | null }>;
  byMonthDay: readonly number[];
  byMonth: readonly number[];
  bySetPos: readonly number[];
  count: number | null;
  /** As the rule writes it: a day 'YYYYMMDD' (inclusive) or a UTC instant 'YYYYMMDDTHHMMSSZ'. */
  until: string | null;
}

/** What a repeating item stores: its rule, the zone its wall-clock times belong to, and the starts of occurrences taken out. */
export interface Recurrence {
  rule: string;
  time_zone: string;
  exceptions: string[];
}

/** The times a series is expanded from: its first occurrence's, and how it repeats (absent or null: it does not). */
export interface SeriesTimes {
  start_time: string;
  end_time: string;
  all_day: boolean;
  recurrence?: Recurrence | null;
}

const PART_NAMES = ['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST'] as const;
const BY_DAY = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const UNTIL = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/;

/**
 * A rule's parts, or the message saying what is wrong with it. Accepts an optional "RRULE:" prefix.
 * Lists are read without repeats, and a rule is judged from its parts alone (see unreachable): what
 * it costs to read is bounded by the caps, whatever its text.
 */
export function parseRule(text: string): RepeatRule | { problem: string } {
  const value = text.replace(/^RRULE:/i, '');
  if (value.length > REPEAT_LIMITS.ruleMaxLength) return { problem: MESSAGES.repeatRuleInvalid };
  const parts = new Map<string, string>();
  for (const part of value.split(';')) {
    const [name, value, extra] = part.split('=');
    if (!name || !value || extra !== undefined || !(PART_NAMES as readonly string[]).includes(name.toUpperCase()) || parts.has(name.toUpperCase())) {
      return { problem: MESSAGES.repeatRuleInvalid };
    }
    parts.set(name.toUpperCase(), value.toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (!freq || !(REPEAT_FREQUENCIES as readonly string[]).includes(freq)) return { problem: MESSAGES.repeatFrequency };
  if (parts.has('COUNT') && parts.has('UNTIL')) return { problem: MESSAGES.repeatEndsTwice };

  const numbers = (name: string, min: number, max: number, most: number): number[] | null => {
    const value = parts.get(name);
    if (value === undefined) return [];
    const list = [...new Set(value.split(',').map((entry) => (/^[+-]?\d{1,3}$/.test(entry) ? Number(entry) : NaN)))];
    return list.length <= most && list.every((n) => Number.isInteger(n) && n >= min && n <= max && n !== 0) ? list : null;
  };
  const [interval] = parts.has('INTERVAL') ? (numbers('INTERVAL', 1, REPEAT_LIMITS.intervalMax, 1) ?? [NaN]) : [1];
  if (!Number.isInteger(interval)) return { problem: MESSAGES.repeatIntervalRange };
  const [count] = parts.has('COUNT') ? (numbers('COUNT', 1, REPEAT_LIMITS.countMax, 1) ?? [NaN]) : [null];
  if (count !== null && !Number.isInteger(count)) return { problem: MESSAGES.repeatCountRange };

  const byMonthDay = numbers('BYMONTHDAY', -31, 31, REPEAT_LIMITS.byMonthDayMax);
  const byMonth = numbers('BYMONTH', 1, 12, REPEAT_LIMITS.byMonthMax);
  const bySetPos = numbers('BYSETPOS', -366, 366, REPEAT_LIMITS.bySetPosMax);
  const byDay = [...new Set(parts.get('BYDAY')?.split(',') ?? [])].map((entry) => BY_DAY.exec(entry));
  const until = parts.get('UNTIL') ?? null;
  const wkst = parts.get('WKST');
  if (
    !byMonthDay ||
    !byMonth ||
    !bySetPos ||
    byDay.length > REPEAT_LIMITS.byDayMax ||
    byDay.some((match) => !match) ||
    (until !== null && !untilIsValid(until)) ||
    (wkst !== undefined && !(WEEKDAYS as readonly string[]).includes(wkst)) ||
    !fitsFrequency(freq as RepeatFrequency, byDay as RegExpExecArray[], byMonthDay, bySetPos)
  ) {
    return { problem: MESSAGES.repeatRuleInvalid };
  }
  const rule: RepeatRule = {
    freq: freq as RepeatFrequency,
    interval: interval!,
    byDay: byDay.map((match) => ({ weekday: match![2] as Weekday, nth: match![1] === undefined ? null : Number(match![1]) })),
    byMonthDay,
    byMonth,
    bySetPos,
    count,
    until,
  };
  const problem = unreachable(rule);
  return problem ? { problem } : rule;
}

/**
 * The parts each frequency takes, so that every rule accepted repeats regularly: day-of-month parts
 * and "nth weekday" only monthly (up to the 5th) and yearly (up to the 53rd), BYSETPOS only with
 * weekdays. (rrule walks to the year 9999 looking for an occurrence a rule cannot have.)
 */
function fitsFrequency(freq: RepeatFrequency, byDay: RegExpExecArray[], byMonthDay: number[], bySetPos: number[]): boolean {
  const nthLimit = { DAILY: 0, WEEKLY: 0, MONTHLY: 5, YEARLY: 53 }[freq];
  if (byDay.some((match) => match[1] !== undefined && (Number(match[1]) === 0 || Math.abs(Number(match[1])) > nthLimit))) return false;
  if (nthLimit === 0 && byMonthDay.length > 0) return false;
  return bySetPos.length === 0 || (nthLimit > 0 && byDay.length > 0);
}

/** The most days each month can have (February's 29th in leap years). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * What the parts of a rule say it can never do, read from the calendar alone: a day of the month no
 * month of BYMONTH has (the 30th of February), an nth weekday no month of BYMONTH holds (months hold
 * at most five of a weekday), a BYSETPOS beyond what one period can hold (a month holds at most five
 * Mondays). A rule of which nothing can happen never happens; one with a part that can never apply
 * is not valid. (A rule can still never happen by how its parts meet: firstOccurrence finds out.)
 */
function unreachable(rule: RepeatRule): string | null {
  const months = rule.byMonth.length ? rule.byMonth : rule.freq === 'MONTHLY' || rule.freq === 'YEARLY' ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : [];
  const longest = Math.max(...months.map((month) => MONTH_DAYS[month - 1]!));
  const inMonth = rule.freq === 'MONTHLY' || rule.byMonth.length > 0;
  const nthMax = inMonth ? Math.ceil(longest / 7) : 53;
  const nths = rule.byDay.filter(({ nth }) => nth !== null);
  const plain = rule.byDay.length - nths.length;
  const periodMonths = rule.freq === 'MONTHLY' ? 1 : months.length;
  // The most candidates one period can hold, by each part that picks days.
  const capacity = Math.min(
    rule.freq === 'MONTHLY' ? longest : months.reduce((days, month) => days + MONTH_DAYS[month - 1]!, 0),
    rule.byMonthDay.length ? rule.byMonthDay.length * periodMonths : Infinity,
    nths.length ? nths.length * (inMonth ? periodMonths : 1) : Infinity,
    plain ? plain * (inMonth ? 5 * periodMonths : 53) : Infinity,
  );
  const lists = [
    [rule.byMonthDay, (day: number) => Math.abs(day) <= longest],
    [nths.map(({ nth }) => nth!), (nth: number) => Math.abs(nth) <= nthMax],
    [rule.bySetPos, (position: number) => Math.abs(position) <= capacity],
  ] as const;
  for (const [list, possible] of lists) {
    const kept = list.filter(possible).length;
    if (kept === 0 && list.length > 0) return MESSAGES.repeatNeverHappens;
    if (kept < list.length) return MESSAGES.repeatRuleInvalid;
  }
  return null;
}

function untilIsValid(until: string): boolean {
  const match = UNTIL.exec(until);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map((field) => Number(field ?? 0)) as [number, number, number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}

/** The RRULE value of a rule's parts (without the "RRULE:" prefix), in a fixed order. */
export function formatRule(rule: RepeatRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byDay.length) parts.push(`BYDAY=${rule.byDay.map(({ weekday, nth }) => `${nth ?? ''}${weekday}`).join(',')}`);
  if (rule.byMonthDay.length) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byMonth.length) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.bySetPos.length) parts.push(`BYSETPOS=${rule.bySetPos.join(',')}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${rule.until}`);
  return parts.join(';');
}

/**
 * A time zone spelled as Intl spells it ('europe/berlin' is Europe/Berlin), or null when Intl does
 * not know it (the settings offer a few; Google's series may name any): one spelling a zone, for
 * what is stored and for the caches keyed by it. An alias stays as written (Asia/Kolkata, which
 * some versions of Intl call Asia/Calcutta, is a zone the settings offer).
 */
export function canonicalZone(timeZone: string): string | null {
  try {
    const named = new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
    return named.toLowerCase() === timeZone.toLowerCase() ? named : timeZone;
  } catch {
    return null;
  }
}

/** Whether Intl knows a time zone. */
export const isTimeZone = (timeZone: string): boolean => canonicalZone(timeZone) !== null;

/** One showing of an item: a single item's own times, or one occurrence of a series, named by its start. */
export type Showing<T extends SeriesTimes> = T & { occurrence: string | null };

/** Names a showing among the others of its series (React keys, links). */
export const showingKey = (showing: { id: string; occurrence: string | null }) => (showing.occurrence ? `${showing.id}@${showing.occurrence}` : showing.id);

/**
 * The showings of items that reach the days from `firstDay` to `lastDay` (items with no
 * recurrence once, series once per occurrence), as `reaches` reads an item's days (in the
 * viewer's zone: see calendar-events' eventShowings).
 */
export function showingsOn<T extends SeriesTimes>(
  items: readonly T[],
  firstDay: Day,
  lastDay: Day,
  reaches: (times: SeriesTimes, firstDay: Day, lastDay: Day) => boolean,
): Showing<T>[] {
  return items.flatMap((item): Showing<T>[] => {
    if (!item.recurrence) return reaches(item, firstDay, lastDay) ? [{ ...item, occurrence: null }] : [];
    return occurrencesAround(item, item.recurrence, firstDay, lastDay)
      .filter((times) => reaches({ ...times, all_day: item.all_day }, firstDay, lastDay))
      .map((times) => ({ ...item, ...times, occurrence: times.start_time }));
  });
}

/** The occurrence of a series that starts at `start`, or null when the series has none there. */
export function occurrenceAt<T extends SeriesTimes>(item: T, start: string): Showing<T> | null {
  if (!item.recurrence) return null;
  const day = item.all_day ? start.slice(0, 10) : zonedParts(start, item.recurrence.time_zone).day;
  const found = occurrencesAround(item, item.recurrence, day, day).find((times) => Date.parse(times.start_time) === Date.parse(start));
  return found ? { ...item, ...found, occurrence: found.start_time } : null;
}

/** A series' occurrences starting within about two days of the wall-clock days given, exceptions left out. */
function occurrencesAround(item: SeriesTimes, recurrence: Recurrence, firstDay: Day, lastDay: Day): Array<{ start_time: string; end_time: string }> {
  const length = Date.parse(item.end_time) - Date.parse(item.start_time);
  const from = new Date(Date.parse(firstDay) - 2 * DAY_MS - Math.max(length, 0));
  const expansion = expansionOf(item, recurrence, from.getTime() - 7 * DAY_MS);
  const to = new Date(Date.parse(lastDay) + 3 * DAY_MS);
  // A series whose rule is refused now shows its first occurrence only.
  if (!expansion)
    return Date.parse(item.start_time) >= from.getTime() && Date.parse(item.start_time) <= to.getTime()
      ? [{ start_time: item.start_time, end_time: item.end_time }]
      : [];
  const excluded = new Set(recurrence.exceptions.map((exception) => Date.parse(exception)));
  return expansion.rule
    .between(from, to, true)
    .map((floating) => expansion.place(floating))
    .filter((start) => !excluded.has(start))
    .map((start) => ({ start_time: new Date(start).toISOString(), end_time: new Date(start + length).toISOString() }));
}

/**
 * The rrule expansion of a series and how to place its floating times; null when its rule is not
 * one we accept or never happens (then rrule's walks would not end before the year 9999). Given `from` (a floating time), the expansion may start later than the series but
 * has the same occurrences from `from` on.
 */
function expansionOf(item: SeriesTimes, recurrence: Recurrence, from?: number) {
  const parsed = parseRule(recurrence.rule);
  if ('problem' in parsed) return null;
  const zone = recurrence.time_zone;
  const place = (floating: Date) => placeFloating(floating.getTime(), item.all_day, zone);
  const dtstart = floatingOf(item.start_time, item.all_day, zone);
  // A rule stored before it was judged as now, and found never to happen, is not walked.
  if (firstOccurrence(parsed, dtstart) === null) return null;
  const start = (from !== undefined && laterStart(parsed, dtstart, from)) || { dtstart, byMonthDay: parsed.byMonthDay, byMonth: parsed.byMonth };
  const rule = new RRule({
    freq: RRule[parsed.freq],
    interval: parsed.interval,
    dtstart: new Date(start.dtstart),
    count: parsed.count,
    until: parsed.until === null ? null : new Date(floatingUntil(parsed.until, item.all_day, zone)),
    byweekday: parsed.byDay.length ? parsed.byDay.map(({ weekday, nth }) => new RRuleWeekday(WEEKDAYS.indexOf(weekday), nth ?? undefined)) : null,
    bymonthday: start.byMonthDay.length ? [...start.byMonthDay] : null,
    bymonth: start.byMonth.length ? [...start.byMonth] : null,
    bysetpos: parsed.bySetPos.length ? [...parsed.bySetPos] : null,
  });
  return { rule, place };
}

/**
 * A DTSTART at or before `from` with the same occurrences from there on, for a rule without COUNT:
 * rrule walks every occurrence from DTSTART, and a daily series begun years ago would walk them all
 * for each screen. It moves by whole periods of the rule (so INTERVAL keeps its phase) and names
 * the month and day DTSTART gave implicitly (RFC 5545: a monthly rule repeats DTSTART's day).
 */
function laterStart(rule: RepeatRule, dtstart: number, from: number): { dtstart: number; byMonthDay: readonly number[]; byMonth: readonly number[] } | null {
  if (rule.count !== null || from <= dtstart) return null;
  const first = new Date(dtstart);
  const timeOfDay = ((dtstart % DAY_MS) + DAY_MS) % DAY_MS;
  if (rule.freq === 'DAILY' || rule.freq === 'WEEKLY') {
    const period = rule.interval * (rule.freq === 'DAILY' ? 1 : 7) * DAY_MS;
    return { dtstart: dtstart + Math.floor((from - dtstart) / period) * period, byMonthDay: rule.byMonthDay, byMonth: rule.byMonth };
  }
  const until = new Date(from);
  const implicitDay = rule.byDay.length === 0 && rule.byMonthDay.length === 0;
  const byMonthDay = implicitDay ? [first.getUTCDate()] : rule.byMonthDay;
  if (rule.freq === 'MONTHLY') {
    const months = (until.getUTCFullYear() - first.getUTCFullYear()) * 12 + until.getUTCMonth() - first.getUTCMonth();
    const steps = Math.floor(months / rule.interval) * rule.interval;
    if (steps <= 0) return null;
    return { dtstart: Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + steps, 1) + timeOfDay, byMonthDay, byMonth: rule.byMonth };
  }
  const steps = Math.floor((until.getUTCFullYear() - first.getUTCFullYear()) / rule.interval) * rule.interval;
  if (steps <= 0) return null;
  const byMonth = implicitDay && rule.byMonth.length === 0 ? [first.getUTCMonth() + 1] : rule.byMonth;
  return { dtstart: Date.UTC(first.getUTCFullYear() + steps, 0, 1) + timeOfDay, byMonthDay, byMonth };
}

/** An instant's wall-clock time in a zone as a floating time (an all-day item's date as it is written). */
function floatingOf(instant: string, allDay: boolean, zone: string): number {
  if (allDay) return Date.parse(`${instant.slice(0, 10)}T00:00:00Z`);
  const { day, minutes } = zonedParts(instant, zone);
  return Date.parse(`${day}T00:00:00Z`) + minutes * 60_000;
}

/** The instant a floating time has in a zone (an all-day item's date stays as it is). */
function placeFloating(floating: number, allDay: boolean, zone: string): number {
  if (allDay) return floating;
  const dayStart = floating - (((floating % DAY_MS) + DAY_MS) % DAY_MS);
  return zonedInstant(new Date(dayStart).toISOString().slice(0, 10), (floating - dayStart) / 60_000, zone).getTime();
}

/**
 * "All events", edited from one occurrence that now starts at `start`: the series' first
 * occurrence and its exceptions move by the same wall-clock change, so a 10:00 series moved to
 * 8:00 from a summer occurrence is at 8:00 in winter too, and its exceptions still match.
 */
export function movedSeries(
  series: SeriesTimes & { recurrence: Recurrence },
  occurrence: string,
  start: string,
): { start_time: string; recurrence: Recurrence } {
  const { all_day: allDay, recurrence } = series;
  const change = floatingOf(start, allDay, recurrence.time_zone) - floatingOf(occurrence, allDay, recurrence.time_zone);
  const move = (instant: string) =>
    new Date(placeFloating(floatingOf(instant, allDay, recurrence.time_zone) + change, allDay, recurrence.time_zone)).toISOString();
  return { start_time: move(series.start_time), recurrence: { ...recurrence, exceptions: recurrence.exceptions.map(move) } };
}

/** The start of a series' first occurrence after an instant (exceptions skipped), or null when it has no more. */
export function nextOccurrenceAfter(item: SeriesTimes & { recurrence: Recurrence }, instant: string): string | null {
  const expansion = expansionOf(item, item.recurrence, floatingOf(instant, item.all_day, item.recurrence.time_zone) - 9 * DAY_MS);
  if (!expansion) return null;
  const excluded = new Set(item.recurrence.exceptions.map((exception) => Date.parse(exception)));
  const after = Date.parse(instant);
  let found: number | null = null;
  expansion.rule.all((floating) => {
    const start = expansion.place(floating);
    if (start <= after || excluded.has(start)) return true;
    found = start;
    return false;
  });
  return found === null ? null : new Date(found).toISOString();
}

/** A repeating task as a series: it repeats from its due date, an instant with no length. */
export const taskSeries = (due: string, recurrence: Recurrence): SeriesTimes & { recurrence: Recurrence } => ({
  start_time: due,
  end_time: due,
  all_day: false,
  recurrence,
});

/**
 * A repeating task moved on to its first occurrence after `instant`: due then, its series going on
 * from there (what is left of a COUNT, the exceptions still ahead); null when it has no more.
 */
export function taskSeriesAfter(due: string, recurrence: Recurrence, instant: string): { due_date: string; recurrence: Recurrence } | null {
  const series = taskSeries(due, recurrence);
  const next = nextOccurrenceAfter(series, instant);
  return next === null ? null : { due_date: next, recurrence: splitSeries(series, next).after.recurrence };
}

/**
 * What is wrong with a series as a whole (its rule on its own is checked by the schema): an UNTIL
 * before its start, or a rule with no occurrence in the years firstOccurrence looks at.
 */
export function seriesProblem(item: SeriesTimes & { recurrence: Recurrence }): string | null {
  const parsed = parseRule(item.recurrence.rule);
  if ('problem' in parsed) return parsed.problem;
  const zone = item.recurrence.time_zone;
  const start = floatingOf(item.start_time, item.all_day, zone);
  const until = parsed.until === null ? null : floatingUntil(parsed.until, item.all_day, zone);
  if (until !== null && start > until) return MESSAGES.repeatEndBeforeStart;
  const first = firstOccurrence(parsed, start);
  return first !== null && (until === null || first <= until) ? null : MESSAGES.repeatNeverHappens;
}

/** The work of the last searches, for tests and the bench: how many periods of a rule they examined. */
export const searchWork = { periods: 0 };

/**
 * The first occurrence (a floating time) of a rule from a DTSTART, or null when it has none within
 * REPEAT_LIMITS.firstOccurrenceYears: a walk period by period, as rrule's (RFC 5545) but bounded,
 * where rrule walks on to the year 9999. Forty years hold the first occurrence of every rare
 * calendar day a rule can name: 29 February and a year's 53rd Monday come within 8 years (2096 to
 * 2104), the fifth Friday of February (a leap year whose February begins on a Friday) and a 29
 * February on a Monday within 40: the weekdays of dates repeat every 28 years, but a century's
 * missing leap day stretches that to just over 39 once in the cycle. The Gregorian calendar
 * repeats every 400 years, so a rule with one occurrence has one in every 400 years of its periods:
 * rrule's walks from any point (between, all) meet an occurrence within that many periods.
 */
export function firstOccurrence(rule: RepeatRule, dtstart: number): number | null {
  const timeOfDay = ((dtstart % DAY_MS) + DAY_MS) % DAY_MS;
  const startDay = (dtstart - timeOfDay) / DAY_MS;
  const first = new Date(dtstart);
  const [year, month] = [first.getUTCFullYear(), first.getUTCMonth()];
  const implicitDay = rule.byDay.length === 0 && rule.byMonthDay.length === 0;
  // The parts DTSTART gives a rule that names no day (RFC 5545; rrule's parseOptions).
  const parts = {
    byMonth: implicitDay && rule.freq === 'YEARLY' && rule.byMonth.length === 0 ? [month + 1] : rule.byMonth,
    byMonthDay: implicitDay && (rule.freq === 'YEARLY' || rule.freq === 'MONTHLY') ? [first.getUTCDate()] : rule.byMonthDay,
    weekdays:
      implicitDay && rule.freq === 'WEEKLY'
        ? [weekdayOf(startDay)]
        : rule.byDay.filter(({ nth }) => nth === null).map(({ weekday }) => WEEKDAYS.indexOf(weekday)),
  };
  const horizon = Date.UTC(year + REPEAT_LIMITS.firstOccurrenceYears, month, first.getUTCDate()) / DAY_MS;
  for (let index = 0; ; index += 1) {
    const step = index * rule.interval;
    const [from, to] = periodFrom(rule.freq, startDay, step);
    if (from > horizon) return null;
    searchWork.periods += 1;
    const found = periodDays(rule, parts, from, to).find((day) => day >= startDay);
    if (found !== undefined) return found * DAY_MS + timeOfDay;
  }
}

/** The days (from 1970-01-01) a rule's period `step` periods after the one of `startDay` begins and ends before. */
function periodFrom(freq: RepeatFrequency, startDay: number, step: number): [number, number] {
  const start = new Date(startDay * DAY_MS);
  const [year, month] = [start.getUTCFullYear(), start.getUTCMonth()];
  switch (freq) {
    case 'DAILY':
      return [startDay + step, startDay + step + 1];
    case 'WEEKLY':
      return [startDay - weekdayOf(startDay) + 7 * step, startDay - weekdayOf(startDay) + 7 * step + 7];
    case 'MONTHLY':
      return [Date.UTC(year, month + step, 1) / DAY_MS, Date.UTC(year, month + step + 1, 1) / DAY_MS];
    case 'YEARLY':
      return [Date.UTC(year + step, 0, 1) / DAY_MS, Date.UTC(year + step + 1, 0, 1) / DAY_MS];
  }
}

/** The first and last day (from 1970-01-01) of a month of a year; months past December run on. */
function monthRange(year: number, month: number): readonly [number, number] {
  return [Date.UTC(year, month, 1) / DAY_MS, Date.UTC(year, month + 1, 1) / DAY_MS - 1];
}

/** Monday 0 to Sunday 6 of a day counted from 1970-01-01 (a Thursday). */
const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;

/** The days of one period (days from 1970-01-01, `from` to before `to`) a rule picks, in order, as rrule's iter does. */
function periodDays(
  rule: RepeatRule,
  parts: { byMonth: readonly number[]; byMonthDay: readonly number[]; weekdays: readonly number[] },
  from: number,
  to: number,
): number[] {
  const nthDays = new Set<number>();
  const nths = rule.byDay.filter(({ nth }) => nth !== null);
  if (nths.length) {
    // The ranges an nth weekday counts in: the month, or each month of BYMONTH, or else the year.
    const start = new Date(from * DAY_MS);
    const year = start.getUTCFullYear();
    const ranges =
      rule.freq === 'MONTHLY'
        ? [monthRange(year, start.getUTCMonth())]
        : rule.byMonth.length
          ? rule.byMonth.map((month) => monthRange(year, month - 1))
          : [[from, to - 1] as const];
    for (const [first, last] of ranges) {
      for (const { weekday, nth } of nths) {
        const wanted = WEEKDAYS.indexOf(weekday);
        const day =
          nth! > 0
            ? first + (nth! - 1) * 7 + ((7 + wanted - weekdayOf(first + (nth! - 1) * 7)) % 7)
            : last + (nth! + 1) * 7 - ((7 + weekdayOf(last + (nth! + 1) * 7) - wanted) % 7);
        if (day >= first && day <= last) nthDays.add(day);
      }
    }
  }
  const picked: number[] = [];
  // Month by month, one Date each: a daily rule's search examines thousands of periods.
  for (let day = from; day < to;) {
    const at = new Date(day * DAY_MS);
    const monthLength = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
    const monthEnd = Math.min(to, day + monthLength - at.getUTCDate() + 1);
    if (!parts.byMonth.length || parts.byMonth.includes(at.getUTCMonth() + 1)) {
      for (let dayOfMonth = at.getUTCDate(); day < monthEnd; day += 1, dayOfMonth += 1) {
        if (parts.weekdays.length && !parts.weekdays.includes(weekdayOf(day))) continue;
        if (nths.length && !nthDays.has(day)) continue;
        if (parts.byMonthDay.length && !parts.byMonthDay.includes(dayOfMonth) && !parts.byMonthDay.includes(dayOfMonth - monthLength - 1)) continue;
        picked.push(day);
      }
    }
    day = monthEnd;
  }
  if (!rule.bySetPos.length) return picked;
  // As rrule reads a position: one from the end beyond the first is the first.
  const positioned = rule.bySetPos.map((position) => (position > 0 ? picked[position - 1] : picked.slice(position)[0])).filter((day) => day !== undefined);
  return [...new Set(positioned)].sort((a, b) => a - b);
}

/** UNTIL as a floating time: a day includes all of it; an instant is read in the series' zone. */
function floatingUntil(until: string, allDay: boolean, zone: string): number {
  const [, year, month, day, hour, minute, second] = UNTIL.exec(until)!;
  const dayStart = Date.UTC(Number(year), Number(month) - 1, Number(day));
  if (hour === undefined) return dayStart + DAY_MS - 1000;
  const instant = dayStart + ((Number(hour) * 60 + Number(minute)) * 60 + Number(second)) * 1000;
  if (allDay) return instant;
  const { day: zonedDay, minutes } = zonedParts(new Date(instant), zone);
  return Date.parse(`${zonedDay}T00:00:00Z`) + minutes * 60_000 + (instant % 60_000);
}

/** UNTIL for "up to just before `start`", an occurrence's start: the day before for all-day series. */
function untilBefore(start: string, allDay: boolean): string {
  if (allDay) return new Date(Date.parse(start) - DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return `${new Date(Date.parse(start) - 1000).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/**
 * "This and following" from the occurrence starting at `start`: the series as it stays (ending
 * just before it; null when that was its first occurrence) and the new series from it on (the
 * rest of a COUNT, the same UNTIL, its exceptions from that start on).
 */
export function splitSeries<T extends SeriesTimes & { recurrence: Recurrence }>(
  series: T,
  start: string,
): { before: Recurrence | null; after: SeriesTimes & { recurrence: Recurrence } } {
  const parsed = parseRule(series.recurrence.rule);
  if ('problem' in parsed) throw new Error(`split of an invalid rule: ${parsed.problem}`);
  const at = Date.parse(start);
  const length = Date.parse(series.end_time) - Date.parse(series.start_time);
  const earlier = countBefore(series, at, parsed.count ?? 1);
  const exceptionsFrom = (keep: (exception: number) => boolean) => series.recurrence.exceptions.filter((exception) => keep(Date.parse(exception)));
  const before: Recurrence | null =
    earlier === 0
      ? null
      : {
          ...series.recurrence,
          rule: formatRule(parsed.count === null ? { ...parsed, until: untilBefore(start, series.all_day) } : { ...parsed, count: earlier }),
          exceptions: exceptionsFrom((exception) => exception < at),
        };
  const after = {
    start_time: new Date(at).toISOString(),
    end_time: new Date(at + length).toISOString(),
    all_day: series.all_day,
    recurrence: {
      ...series.recurrence,
      rule: formatRule(parsed.count === null ? parsed : { ...parsed, count: parsed.count - earlier }),
      exceptions: exceptionsFrom((exception) => exception >= at),
    },
  };
  return { before, after };
}

/**
 * How many occurrences (exceptions included, as COUNT counts them) a series has before an instant,
 * counted up to its COUNT; without one, only whether it has any (1): the split needs no more, and
 * a series begun long ago would otherwise be walked from its start.
 */
function countBefore(series: SeriesTimes & { recurrence: Recurrence }, instant: number, enough: number): number {
  const expansion = expansionOf(series, series.recurrence);
  if (!expansion) return 0;
  let count = 0;
  expansion.rule.all((floating) => {
    if (expansion.place(floating) >= instant) return false;
    count += 1;
    return count < enough;
  });
  return count;
}
