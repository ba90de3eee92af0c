import { parseRule, type RepeatRule } from '../../../../shared/recurrence';
import { WEEKDAYS, type Weekday } from '../../../../shared/weekdays';
import { addDays, type Day } from '../../../../shared/zoned-time';
import type { AppTexts } from '../../i18n/catalogue-types';
import { formatDay, formatDayAs, type DateTexts } from '../../lib/zoned-dates';

/** Where a monthly series falls, relative to its first day: its date, its nth weekday, its last such weekday, or the month's last day. */
export type MonthlyPlace = 'day' | 'nthWeekday' | 'lastWeekday' | 'lastDay';

const MONDAY = '2024-01-01';
/** The weekday of a day, as RRULE names it. */
export const weekdayOf = (day: Day): Weekday => WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
/** Which of its weekday in the month a day is (1 to 5), and whether it is the last such weekday. */
export const placeInMonth = (day: Day) => ({ nth: Math.ceil(Number(day.slice(8)) / 7), last: addDays(day, 7).slice(5, 7) !== day.slice(5, 7) });
export const isLastDayOfMonth = (day: Day) => addDays(day, 1).slice(8) === '01';

/** Where a monthly rule falls relative to its first day; null where it is none of the picker's places. */
export function monthlyPlaceOf(rule: RepeatRule, start: Day): MonthlyPlace | null {
  if (rule.byDay.length === 0 && rule.byMonthDay.length === 0) return 'day';
  if (rule.byDay.length === 0 && rule.byMonthDay.length === 1 && rule.byMonthDay[0] === -1 && isLastDayOfMonth(start)) return 'lastDay';
  const [only, ...others] = rule.byDay;
  if (!only || others.length || rule.byMonthDay.length || only.weekday !== weekdayOf(start)) return null;
  const { nth, last } = placeInMonth(start);
  if (only.nth === -1 && last) return 'lastWeekday';
  return only.nth === nth ? 'nthWeekday' : null;
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
