import { REPEAT_FREQUENCIES, REPEAT_LIMITS, type RepeatFrequency } from '../../../../shared/recurrence';
import { WEEKDAYS } from '../../../../shared/weekdays';
import type { Day } from '../../../../shared/zoned-time';
import { isDay } from '../../lib/zoned-dates';
import { Select } from '../ui/select';
import { TextField } from '../ui/text-field';
import { useAppTexts } from '../../i18n/texts';
import { repeatSummary, weekdayName, weekdayOf, type MonthlyPlace } from './repeat-form';
import { monthlyPlaces, repeatRule, type RepeatEnd, type RepeatFormField, type RepeatFormValues } from './repeat-values';
import './repeat-picker.css';

/** The option that stands for a rule the picker cannot show. */
const KEPT = 'kept';

interface RepeatPickerProps {
  values: RepeatFormValues;
  /** The first occurrence's day: what "monthly on" offers and where the summary counts from. */
  start: Day;
  errors: Partial<Record<RepeatFormField, string>>;
  onChange: (values: RepeatFormValues) => void;
}

/** How an item repeats: frequency, every N, weekdays or the monthly place, and the end, with the rule in words. */
export function RepeatPicker({ values, start, errors, onChange }: RepeatPickerProps) {
  const texts = useAppTexts();
  const t = texts.repeat;
  // Any change of the picker replaces a rule it could not show.
  const change = (patch: Partial<RepeatFormValues>) => onChange({ ...values, kept: null, ...patch });
  // While the start date is being typed, what depends on it (the monthly places, the words) waits.
  const startKnown = isDay(start);
  const rule = startKnown ? repeatRule(values, start) : null;
  const editable = values.freq !== 'none' && values.kept === null;

  return (
    <div className="repeat-picker">
      <Select
        label={t.label}
        options={[
          { value: 'none', label: t.none },
          ...REPEAT_FREQUENCIES.map((freq) => ({ value: freq, label: t.frequencies[freq] })),
          ...(values.kept === null ? [] : [{ value: KEPT, label: startKnown ? repeatSummary(values.kept, start, texts) : values.kept }]),
        ]}
        value={values.kept === null ? values.freq : KEPT}
        onChange={(input) => {
          const freq = input.target.value as RepeatFrequency | 'none' | typeof KEPT;
          // Weekly starts on the first day's weekday, whatever was ticked before.
          if (freq !== KEPT) change({ freq, ...(freq === 'WEEKLY' && startKnown ? { weekdays: [weekdayOf(start)] } : {}) });
        }}
      />
      {editable && (
        <>
          <div className="repeat-picker__row">
            <WholeNumberField
              label={t.interval}
              max={REPEAT_LIMITS.intervalMax}
              value={values.interval}
              error={errors.interval}
              hint={t.units[values.freq as RepeatFrequency](Number(values.interval) || 1)}
              onChange={(interval) => change({ interval })}
            />
            {values.freq === 'MONTHLY' && startKnown && <MonthlyPlaceSelect start={start} value={values.monthly} onChange={(monthly) => change({ monthly })} />}
          </div>
          {values.freq === 'WEEKLY' && (
            <fieldset className="repeat-picker__weekdays">
              <legend className="field__label">{t.weekdays}</legend>
              {WEEKDAYS.map((weekday) => (
                <label key={weekday} className="repeat-picker__weekday">
                  <input
                    type="checkbox"
                    checked={values.weekdays.includes(weekday)}
                    aria-label={weekdayName(weekday, 'EEEE', texts.dates)}
                    onChange={(input) =>
                      change({ weekdays: input.target.checked ? [...values.weekdays, weekday] : values.weekdays.filter((day) => day !== weekday) })
                    }
                  />
                  <span aria-hidden="true">{weekdayName(weekday, 'EEE', texts.dates)}</span>
                </label>
              ))}
            </fieldset>
          )}
          <div className="repeat-picker__row">
            <Select
              label={t.ends}
              options={[
                { value: 'never', label: t.endsNever },
                { value: 'on', label: t.endsOn },
                { value: 'after', label: t.endsAfter },
              ]}
              value={values.ends}
              onChange={(input) => change({ ends: input.target.value as RepeatEnd })}
            />
            {values.ends === 'on' && (
              <TextField
                label={t.endDate}
                type="date"
                min={start}
                value={values.until}
                error={errors.until}
                onChange={(input) => change({ until: input.target.value })}
              />
            )}
            {values.ends === 'after' && (
              <WholeNumberField
                label={t.count}
                max={REPEAT_LIMITS.countMax}
                value={values.count}
                error={errors.count}
                onChange={(count) => change({ count })}
              />
            )}
          </div>
        </>
      )}
      {rule !== null && values.kept === null && Object.values(errors).every((error) => !error) && (
        <p className="repeat-picker__summary" aria-live="polite">
          {repeatSummary(rule, start, texts)}
        </p>
      )}
    </div>
  );
}

interface WholeNumberFieldProps {
  label: string;
  max: number;
  value: string;
  error: string | undefined;
  hint?: string;
  onChange: (value: string) => void;
}

/** A count from 1 to `max`, kept as typed so the picker's check can name what is wrong. */
function WholeNumberField({ label, max, value, error, hint, onChange }: WholeNumberFieldProps) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      value={value}
      error={error}
      hint={hint}
      onChange={(input) => onChange(input.target.value)}
    />
  );
}

/** Where a monthly series falls, among the places its first day offers. */
function MonthlyPlaceSelect({ start, value, onChange }: { start: Day; value: MonthlyPlace; onChange: (place: MonthlyPlace) => void }) {
  const texts = useAppTexts();
  const t = texts.repeat;
  const places = monthlyPlaces(start);
  const startWeekday = weekdayName(weekdayOf(start), 'EEEE', texts.dates);
  const label: Record<MonthlyPlace, string> = {
    day: t.onMonthDay(Number(start.slice(8))),
    nthWeekday: t.onNthWeekday(Math.ceil(Number(start.slice(8)) / 7), startWeekday),
    lastWeekday: t.onNthWeekday(-1, startWeekday),
    lastDay: t.onLastDay,
  };
  return (
    <Select
      label={t.monthlyOn}
      options={places.map((place) => ({ value: place, label: label[place] }))}
      value={places.includes(value) ? value : 'day'}
      onChange={(input) => onChange(input.target.value as MonthlyPlace)}
    />
  );
}
