import { DEFAULT_PLANNING, PLANNING_LIMITS, PLANNING_MESSAGES, type DayHours, type PlanningSettings, type WorkingHours } from '../../../../../shared/planning';
import { WEEKDAYS, type Weekday } from '../../../../../shared/weekdays';
import { weekdayName } from '../../../components/items/repeat-form';
import { Checkbox } from '../../../components/ui/checkbox';
import type { AppTexts, PublicTexts } from '../../../i18n/catalogue-types';
import { useAppTexts } from '../../../i18n/texts';
import { localizeMessage } from '../../../lib/api';
import { WholeNumberField } from './whole-number-field';

/** A stretch of the day as the form holds it: its times stay as typed while it is off, so turning it on again brings them back. */
interface HoursDraft {
  on: boolean;
  start: string;
  end: string;
}

/** The planning settings as typed; the numbers stay text until saved, so a cleared field can be checked. */
export interface PlanningDraft {
  working_hours: Record<Weekday, HoursDraft>;
  lunch_break: HoursDraft;
  plan_buffer_minutes: string;
  default_task_minutes: string;
}

/** A day off or no lunch break shows these times once turned on. */
const NINE_TO_FIVE = DEFAULT_PLANNING.working_hours.MO!;
const LUNCH = DEFAULT_PLANNING.lunch_break!;

const draftOf = (hours: DayHours | null, fallback: DayHours): HoursDraft => ({ on: hours !== null, ...(hours ?? fallback) });
const hoursOf = ({ on, start, end }: HoursDraft): DayHours | null => (on ? { start, end } : null);

export function planningDraftOf(settings: PlanningSettings): PlanningDraft {
  return {
    working_hours: Object.fromEntries(WEEKDAYS.map((day) => [day, draftOf(settings.working_hours[day], NINE_TO_FIVE)])) as PlanningDraft['working_hours'],
    lunch_break: draftOf(settings.lunch_break, LUNCH),
    plan_buffer_minutes: String(settings.plan_buffer_minutes),
    default_task_minutes: String(settings.default_task_minutes),
  };
}

/** The working hours and lunch break as the API takes them (the page turns the minutes' text into numbers with its other fields). */
export function planningHoursOf(draft: PlanningDraft): Pick<PlanningSettings, 'working_hours' | 'lunch_break'> {
  return {
    working_hours: Object.fromEntries(WEEKDAYS.map((day) => [day, hoursOf(draft.working_hours[day])])) as WorkingHours,
    lunch_break: hoursOf(draft.lunch_break),
  };
}

/** Where a message about a settings field shows: a day's hours by that day's row, any other field by the field. */
export function errorKeyOf(path: readonly PropertyKey[]): string {
  const [field, day] = path.map(String);
  return field === 'working_hours' && day ? `working_hours.${day}` : (field ?? '');
}

/** A message of the settings' schema in the person's language: the planning ones from this section's texts, the others as every field's. */
export function settingsMessage(text: string, texts: AppTexts & PublicTexts): string {
  return localizeMessage(text, texts, { english: PLANNING_MESSAGES, translated: texts.settings.planning.messages });
}

interface PlanningSectionProps {
  draft: PlanningDraft;
  errors: Readonly<Partial<Record<string, string>>>;
  /** Fields' new values, and the message they clear (errorKeyOf's key: the field's, or a day's). */
  onChange: (patch: Partial<PlanningDraft>, errorKey: string) => void;
}

/**
 * What the planner keeps to: the working hours of each weekday (Monday first), a lunch break, the
 * time left free between blocks and how long a task without an estimate takes. Saved with the
 * rest of the settings form.
 */
export function PlanningSection({ draft, errors, onChange }: PlanningSectionProps) {
  const texts = useAppTexts();
  const t = texts.settings.planning;
  const changeDay = (day: Weekday, patch: Partial<HoursDraft>) =>
    onChange({ working_hours: { ...draft.working_hours, [day]: { ...draft.working_hours[day], ...patch } } }, `working_hours.${day}`);
  const changeLunch = (patch: Partial<HoursDraft>) => onChange({ lunch_break: { ...draft.lunch_break, ...patch } }, 'lunch_break');
  const { bufferMinutes, defaultTaskMinutes } = PLANNING_LIMITS;

  return (
    <section className="card settings-section" aria-labelledby="settings-planning">
      <h2 id="settings-planning">{t.title}</h2>
      <p className="planning__hint">{t.hint}</p>
      <fieldset
        className="planning__group"
        aria-invalid={errors.working_hours ? true : undefined}
        aria-describedby={errors.working_hours ? 'planning-hours-error' : undefined}
      >
        <legend>{t.workingHours}</legend>
        {WEEKDAYS.map((day) => {
          const name = weekdayName(day, 'EEEE', texts.dates);
          return (
            <HoursRow
              key={day}
              id={`planning-${day}`}
              label={name}
              startLabel={t.starts(name)}
              endLabel={t.ends(name)}
              hours={draft.working_hours[day]}
              error={errors[`working_hours.${day}`]}
              onChange={(patch) => changeDay(day, patch)}
            />
          );
        })}
        {errors.working_hours && (
          <p className="field__error" id="planning-hours-error">
            {errors.working_hours}
          </p>
        )}
      </fieldset>
      <HoursRow
        id="planning-lunch"
        label={t.lunchBreak}
        startLabel={t.lunchStarts}
        endLabel={t.lunchEnds}
        hours={draft.lunch_break}
        error={errors.lunch_break}
        onChange={changeLunch}
      />
      <div className="settings-row">
        <WholeNumberField
          label={t.buffer}
          range={bufferMinutes}
          value={draft.plan_buffer_minutes}
          error={errors.plan_buffer_minutes}
          onChange={(value) => onChange({ plan_buffer_minutes: value }, 'plan_buffer_minutes')}
        />
        <WholeNumberField
          label={t.defaultTaskMinutes}
          range={defaultTaskMinutes}
          value={draft.default_task_minutes}
          error={errors.default_task_minutes}
          onChange={(value) => onChange({ default_task_minutes: value }, 'default_task_minutes')}
        />
      </div>
    </section>
  );
}

interface HoursRowProps {
  id: string;
  /** The checkbox's label: the weekday (a working day when ticked), or the lunch break. */
  label: string;
  startLabel: string;
  endLabel: string;
  hours: HoursDraft;
  error: string | undefined;
  onChange: (patch: Partial<HoursDraft>) => void;
}

/** A checkbox and, while it is ticked, the start and end times it turns on; one message for the row. */
function HoursRow({ id, label, startLabel, endLabel, hours, error, onChange }: HoursRowProps) {
  const errorId = `${id}-error`;
  const time = (which: 'start' | 'end', timeLabel: string) => (
    <input
      type="time"
      className="field__control planning__time"
      aria-label={timeLabel}
      value={hours[which]}
      disabled={!hours.on}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      onChange={(event) => onChange({ [which]: event.target.value })}
    />
  );
  return (
    <div className="planning__row">
      <Checkbox label={label} checked={hours.on} onChange={(event) => onChange({ on: event.target.checked })} />
      <span className="planning__times">
        {time('start', startLabel)}
        <span aria-hidden="true">–</span>
        {time('end', endLabel)}
      </span>
      {error && (
        <p className="field__error planning__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
