import { useId } from 'react';
import { MAX_REMINDERS, REMINDER_OFFSETS, type ReminderOffset } from '../../../../shared/reminders';
import { useAppTexts } from '../../i18n/texts';
import { Checkbox } from '../ui/checkbox';
import './reminders-field.css';

interface RemindersFieldProps {
  legend: string;
  /** The offsets chosen, in minutes before the item's time. */
  value: readonly ReminderOffset[];
  onChange: (value: ReminderOffset[]) => void;
  /** Called on the click that adds a reminder (an editor asks for notifications then). */
  onAdded?: () => void;
  hint?: string;
  error?: string;
}

/**
 * When to be reminded: at the time, or 5, 10, 15, 30 minutes, 1 or 2 hours, or a day before, up to
 * five. Once five are chosen the others wait, so the form can never hold a sixth.
 */
export function RemindersField({ legend, value, onChange, onAdded, hint, error }: RemindersFieldProps) {
  const t = useAppTexts().reminders;
  const full = value.length >= MAX_REMINDERS;
  const errorId = useId();
  const toggle = (offset: ReminderOffset, on: boolean) => {
    onChange(on ? REMINDER_OFFSETS.filter((each) => each === offset || value.includes(each)) : value.filter((each) => each !== offset));
    if (on) onAdded?.();
  };
  return (
    <fieldset className="reminders-field" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {hint && <p className="reminders-field__hint">{hint}</p>}
      <div className="reminders-field__options">
        {REMINDER_OFFSETS.map((offset) => (
          <Checkbox
            key={offset}
            label={t.offset[offset]}
            checked={value.includes(offset)}
            disabled={full && !value.includes(offset)}
            onChange={(event) => toggle(offset, event.target.checked)}
          />
        ))}
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
