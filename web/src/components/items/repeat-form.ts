import { MESSAGES } from '../../../../shared/messages';
import { formatRule, parseRule, REPEAT_LIMITS, type RepeatFrequency, type RepeatRule } from '../../../../shared/recurrence';
import { WEEKDAYS, type Weekday } from '../../../../shared/weekdays';
import { addDays, type Day } from '../../../../shared/zoned-time';
import type { AppTexts } from '../../i18n/catalogue-types';
import { formatDay, formatDayAs, type DateTexts } from '../../lib/zoned-dates';

/** Where a monthly series falls, relative to its first day: its date, its nth weekday, its last such weekday, or the month's last day. */
export type MonthlyPlace = 'day' | 'nthWeekday' | 'lastWeekday' | 'lastDay';
export type RepeatEnd = 'never' | 'on' | 'after';

/** What the repeat picker holds: the inputs' own values. */
export interface RepeatFormValues {
  freq: RepeatFrequency | 'none';
  interval: string;
  weekdays: Weekday[];
  monthly: MonthlyPlace;
  ends: RepeatEnd;
  /** 'YYYY-MM-DD' */
  until: string;
  count: string;
  /** A rule the picker cannot show (written by Google or through the API): kept as it is until the picker is changed. */
  kept: string | null;
}

export type RepeatFormField = 'interval' | 'until' | 'count';

const MONDAY = '2024-01-01';
/** The weekday of a day, as RRULE names it. */
export const weekdayOf = (day: Day): Weekday => WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
/** Which of its weekday in the month a day is (1 to 5), and whether it is the last such weekday. */
export const placeInMonth = (day: Day) => ({ nth: Math.ceil(Number(day.slice(8)) / 7), last: addDays(day, 7).slice(5, 7) !== day.slice(5, 7) });
const isLastDayOfMonth = (day: Day) => addDays(day, 1).slice(8) === '01';

/** The monthly places a first day offers. */
export function monthlyPlaces(start: Day): MonthlyPlace[] {
  const { nth, last } = placeInMonth(start);
  return [
    'day',
    ...(nth <= 4 ? (['nthWeekday'] as const) : []),
    ...(last ? (['lastWeekday'] as const) : []),
    ...(isLastDayOfMonth(start) ? (['lastDay'] as const) : []),
  ];
}

export function noRepeat(start: Day): RepeatFormValues {
  return { freq: 'none', interval: '1', weekdays: [weekdayOf(start)], monthly: 'day', ends: 'never', until: '', count: '10', kept: null };
}

/** The picker's values for a stored rule; a rule it cannot show is kept whole. */
export function repeatValues(rule: string | null, start: Day): RepeatFormValues {
  const blank = noRepeat(start);
  if (rule === null) return blank;
  const parsed = parseRule(rule);
  const kept = { ...blank, freq: 'WEEKLY' as const, kept: rule };
  if ('problem' in parsed || parsed.byMonth.length || parsed.bySetPos.length || (parsed.until !== null && parsed.until.length !== 8)) return kept;
  const monthly = monthlyPlaceOf(parsed, start);
  const plainWeekdays = parsed.freq === 'WEEKLY' && parsed.byMonthDay.length === 0 && parsed.byDay.every(({ nth }) => nth === null);
  if (parsed.freq === 'MONTHLY' ? monthly === null : parsed.freq === 'WEEKLY' ? !plainWeekdays : parsed.byDay.length || parsed.byMonthDay.length) return kept;
  const until = parsed.until && `${parsed.until.slice(0, 4)}-${parsed.until.slice(4, 6)}-${parsed.until.slice(6)}`;
  return {
    ...blank,
    freq: parsed.freq,
    interval: String(parsed.interval),
    weekdays: parsed.freq === 'WEEKLY' && parsed.byDay.length ? parsed.byDay.map(({ weekday }) => weekday) : blank.weekdays,
    monthly: monthly ?? 'day',
    ends: until ? 'on' : parsed.count !== null ? 'after' : 'never',
    until: until ?? '',
    count: parsed.count !== null ? String(parsed.count) : blank.count,
  };
}

function monthlyPlaceOf(rule: RepeatRule, start: Day): MonthlyPlace | null {
  if (rule.byDay.length === 0 && rule.byMonthDay.length === 0) return 'day';
  if (rule.byDay.length === 0 && rule.byMonthDay.length === 1 && rule.byMonthDay[0] === -1 && isLastDayOfMonth(start)) return 'lastDay';
  const [only, ...others] = rule.byDay;
  if (!only || others.length || rule.byMonthDay.length || only.weekday !== weekdayOf(start)) return null;
  const { nth, last } = placeInMonth(start);
  if (only.nth === -1 && last) return 'lastWeekday';
  return only.nth === nth ? 'nthWeekday' : null;
}

/** The RRULE the picker's values make for a series starting on `start` (null: it does not repeat). */
export function repeatRule(values: RepeatFormValues, start: Day): string | null {
  if (values.freq === 'none') return null;
  if (values.kept !== null) return values.kept;
  const { nth } = placeInMonth(start);
  const weekday = weekdayOf(start);
  const byDay =
    values.freq === 'WEEKLY'
      ? WEEKDAYS.filter((day) => values.weekdays.includes(day)).map((day) => ({ weekday: day, nth: null }))
      : values.freq === 'MONTHLY' && values.monthly === 'nthWeekday'
        ? [{ weekday, nth }]
        : values.freq === 'MONTHLY' && values.monthly === 'lastWeekday'
          ? [{ weekday, nth: -1 }]
          : [];
  return formatRule({
    freq: values.freq,
    interval: Number(values.interval),
    byDay,
    byMonthDay: values.freq === 'MONTHLY' && values.monthly === 'lastDay' ? [-1] : [],
    byMonth: [],
    bySetPos: [],
    count: values.ends === 'after' ? Number(values.count) : null,
    until: values.ends === 'on' ? values.until.replaceAll('-', '') : null,
  });
}

const wholeIn = (text: string, max: number) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= max;

/** The messages for what the picker cannot save; empty when it can. */
export function validateRepeat(values: RepeatFormValues, start: Day): Partial<Record<RepeatFormField, string>> {
  if (values.freq === 'none' || values.kept !== null) return {};
  const errors: Partial<Record<RepeatFormField, string>> = {};
  if (!wholeIn(values.interval, REPEAT_LIMITS.intervalMax)) errors.interval = MESSAGES.repeatIntervalRange;
  if (values.ends === 'after' && !wholeIn(values.count, REPEAT_LIMITS.countMax)) errors.count = MESSAGES.repeatCountRange;
  if (values.ends === 'on' && !(/^\d{4}-\d{2}-\d{2}$/.test(values.until) && values.until >= start)) errors.until = MESSAGES.repeatEndBeforeStart;
  return errors;
}

/** A weekday's name in the language: 'EEE' short, 'EEEE' whole. */
export const weekdayName = (weekday: Weekday, pattern: 'EEE' | 'EEEE', dates: DateTexts) =>
  formatDayAs(addDays(MONDAY, WEEKDAYS.indexOf(weekday)), pattern, dates);

/** A rule in words, e.g. "Every 2 weeks, on Mon and Thu, until Mar 31, 2027". */
export function repeatSummary(rule: string, start: Day, texts: AppTexts): string {
  const t = texts.repeat;
  const parsed = parseRule(rule);
  if ('problem' in parsed) return t.summary.custom(rule);
  const list = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} ${t.summary.and} ${names.at(-1)}` : (names[0] ?? ''));
  const parts: string[] = [t.summary.every[parsed.freq](parsed.interval)];
  const monthly = parsed.freq === 'MONTHLY' ? monthlyPlaceOf(parsed, start) : null;
  if (parsed.freq === 'WEEKLY' && parsed.byDay.every(({ nth }) => nth === null) && parsed.byDay.length) {
    parts.push(t.summary.onWeekdays(list(parsed.byDay.map(({ weekday }) => weekdayName(weekday, 'EEE', texts.dates)))));
  } else if (monthly === 'nthWeekday' || monthly === 'lastWeekday') {
    parts.push(t.onNthWeekday(monthly === 'lastWeekday' ? -1 : placeInMonth(start).nth, weekdayName(weekdayOf(start), 'EEEE', texts.dates)));
  } else if (monthly === 'lastDay') {
    parts.push(t.onLastDay);
  } else if (monthly === 'day') {
    parts.push(t.onMonthDay(Number(start.slice(8))));
  } else if (parsed.byDay.length || parsed.byMonthDay.length || parsed.byMonth.length || parsed.bySetPos.length) {
    return t.summary.custom(rule);
  }
  if (parsed.until) parts.push(t.summary.until(formatDay(`${parsed.until.slice(0, 4)}-${parsed.until.slice(4, 6)}-${parsed.until.slice(6, 8)}`, texts.dates)));
  if (parsed.count !== null) parts.push(t.summary.times(parsed.count));
  return parts.join(', ');
}
