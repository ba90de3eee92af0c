import { MESSAGES } from '../../../../shared/messages';
import { formatRule, parseRule, REPEAT_LIMITS, type RepeatFrequency } from '../../../../shared/recurrence';
import { WEEKDAYS, type Weekday } from '../../../../shared/weekdays';
import type { Day } from '../../../../shared/zoned-time';
import { isLastDayOfMonth, monthlyPlaceOf, placeInMonth, weekdayOf, type MonthlyPlace } from './repeat-form';

/*
 * The repeat picker's values and the rule they make, apart from a rule's words (repeat-form.ts):
 * only the editors need these, and they download when they open.
 */

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
