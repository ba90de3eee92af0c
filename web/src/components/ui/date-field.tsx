import { calendarDay, isBeforeToday } from '../../../../shared/dates';
import { zonedInstant } from '../../../../shared/zoned-time';
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
      onChange={(event) => onChange(event.target.value ? zonedInstant(event.target.value, 0, timeZone).toISOString() : null)}
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
