import { formatDay, formatDayAs, type DateTexts } from '../../../lib/zoned-dates';
import { addDays, type Day } from '../../../../../shared/zoned-time';

/** The month title's and a whole day's patterns ('MMMM yyyy', 'EEEE, MMM d, yyyy'). */
type CalendarDateTexts = DateTexts & { month: string; weekdayDay: string };

/** The calendar's date math over the days of lib/zoned-dates: views, weeks from Sunday, month grids, time inputs. */

export const CALENDAR_VIEWS = ['day', 'week', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The same day of the month `months` later, or that month's last day when it is shorter. */
export function addMonths(day: Day, months: number): Day {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDate = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastDate));
  return first.toISOString().slice(0, 10);
}

/** 0 for Sunday to 6 for Saturday. */
export function weekday(day: Day): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** Weeks start on Sunday. */
export function startOfWeek(day: Day): Day {
  return addDays(day, -weekday(day));
}

/** Whole weeks, Sunday to Saturday, from the week of the month's first day to that of its last. */
export function monthGrid(day: Day): Day[][] {
  const first = `${day.slice(0, 8)}01`;
  const last = addDays(addMonths(first, 1), -1);
  const weeks: Day[][] = [];
  for (let start = startOfWeek(first); start <= last; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(start, index)));
  }
  return weeks;
}

/**
 * The day columns of the day and week views. Narrow screens show the week's Monday to Friday, and
 * the anchor too when it falls on the weekend: the day opened on (today, or an event's day) is
 * always in view, where the next or the past week would hide it.
 */
export function timeGridDays(view: Exclude<CalendarView, 'month'>, anchor: Day, weekdaysOnly: boolean): Day[] {
  if (view === 'day') return [anchor];
  const week = Array.from({ length: 7 }, (_, index) => addDays(startOfWeek(anchor), index));
  return weekdaysOnly ? week.filter((day) => day === anchor || (weekday(day) >= 1 && weekday(day) <= 5)) : week;
}

/** The anchor day one view's length before (-1) or after (1). */
export function stepAnchor(view: CalendarView, anchor: Day, step: -1 | 1): Day {
  if (view === 'day') return addDays(anchor, step);
  if (view === 'week') return addDays(anchor, 7 * step);
  return addMonths(anchor, step);
}

/** What the toolbar says is shown: a day, a week's first and last day, or a month. */
export function rangeLabel(view: CalendarView, anchor: Day, days: readonly Day[], dates: CalendarDateTexts): string {
  if (view === 'month') return formatDayAs(anchor, dates.month, dates);
  if (days.length === 1) return formatDayAs(anchor, dates.weekdayDay, dates);
  return `${formatDay(days[0]!, dates)} – ${formatDay(days.at(-1)!, dates)}`;
}

/** 'HH:mm' for a time input. */
export function timeInputValue(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes of the day of a time input's 'HH:mm', or null when it is empty or malformed. */
export function parseTimeInput(value: string): number | null {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}
