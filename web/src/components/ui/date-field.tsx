import { calendarDay, isBeforeToday } from '../../../../shared/dates';
import { TextField } from './text-field';

interface DateFieldProps {
  label: string;
  /** An ISO timestamp, or null for no date. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The user's time zone: the day shown, today and the timestamp sent are read in it. */
  timeZone: string;
  error?: string | null;
  /** The picker offers no day before today. */
  notBeforeToday?: boolean;
}

/** A day picker for a date kept as a timestamp: the picked day's midnight in the user's time zone. */
export function DateField({ label, value, onChange, timeZone, error, notBeforeToday = false }: DateFieldProps) {
  return (
    <TextField
      label={label}
      type="date"
      optional
      error={error}
      min={notBeforeToday ? calendarDay(new Date(), timeZone) : undefined}
      value={value ? calendarDay(value, timeZone) : ''}
      onChange={(event) => onChange(event.target.value ? startOfDay(event.target.value, timeZone) : null)}
    />
  );
}

/**
 * Whether an editor's date is a newly picked day before today: a date kept from before (`saved`)
 * may lie in the past by now, a newly picked one may not.
 */
export function isPickedDayInPast(value: string | null, saved: string | null | undefined, now: Date, timeZone: string): boolean {
  return value !== null && value !== saved && isBeforeToday(value, now, timeZone);
}

/** The instant a 'YYYY-MM-DD' day starts in a time zone, as an ISO timestamp. */
function startOfDay(day: string, timeZone: string): string {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Read the offset again at the first guess, in case a clock change falls in between.
  const guess = utcMidnight - zoneOffsetMs(utcMidnight, timeZone);
  return new Date(utcMidnight - zoneOffsetMs(guess, timeZone)).toISOString();
}

const WALL_CLOCK = { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;

/** How far a zone's wall clock is ahead of UTC at an instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, ...WALL_CLOCK }).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second')) - instant;
}
