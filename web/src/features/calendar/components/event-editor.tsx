import { useId, useState } from 'react';
import { EVENT_TYPES, type EventType } from '../../../../../shared/calendar-event-fields';
import type { CalendarEvent } from '../../../../../shared/calendar-events.schema';
import { daysBetween } from '../../../../../shared/dates';
import { DEFAULT_REMINDERS, defaultEventReminders } from '../../../../../shared/reminders';
import { TAG_PALETTE } from '../../../../../shared/tags';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldFrame } from '../../../components/ui/field-frame';
import { EditorOverlay } from '../../../components/ui/editor-overlay';
import { Select } from '../../../components/ui/select';
import { RemindersField } from '../../../components/items/reminders-field';
import { useAskForPushOnFirstReminder } from '../../../lib/web-push';
import { RepeatPicker } from '../../../components/items/repeat-picker';
import { SeriesScopeDialog, type SeriesScope } from '../../../components/items/series-scope-dialog';
import { TagField } from '../../../components/items/tag-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFocusFirstInvalid } from '../../../components/ui/use-focus-first-invalid';
import { ApiError, localizedError, localizeMessage } from '../../../lib/api';
import { createItem, updateItem, useSettings } from '../../../lib/items';
import { isDay } from '../../../lib/zoned-dates';
import { addDays } from '../../../../../shared/zoned-time';
import { apiFieldErrors, eventBody, validateEventForm, type EventFormErrors, type EventFormValues } from '../lib/event-form';
import { saveSeriesEdit } from '../lib/series-changes';
import { useAppTexts } from '../../../i18n/texts';

interface EventEditorProps {
  /** The event being edited (a whole series, for an occurrence), or undefined for a new one. */
  event: CalendarEvent | undefined;
  /** The start of the series' occurrence being edited: saving asks which occurrences the change is for. */
  occurrence?: string | null;
  initial: EventFormValues;
  timeZone: string;
  onClose: () => void;
}

/**
 * Creates or edits an event, naming what is missing or out of order (shown from the first save
 * attempt on, updated as the user types). Ctrl/Cmd+S saves, Escape closes.
 */
export function EventEditor({ event, occurrence = null, initial, timeZone, onClose }: EventEditorProps) {
  const showToast = useToast();
  const [form, focusFirstInvalid] = useFocusFirstInvalid();
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [apiErrors, setApiErrors] = useState<EventFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [askingScope, setAskingScope] = useState(false);
  const texts = useAppTexts();
  const t = texts.calendar.editor;
  const askForPush = useAskForPushOnFirstReminder();
  const defaults = useSettings().data?.event_reminders ?? DEFAULT_REMINDERS.events;

  const errors: EventFormErrors = Object.fromEntries(
    Object.entries({ ...(attempted ? validateEventForm(values, timeZone) : {}), ...apiErrors }).map(([field, message]) => [
      field,
      localizeMessage(message, texts),
    ]),
  );

  function change(patch: Partial<EventFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setApiErrors({});
  }

  /** A new start date moves the end date along, so the event keeps its length. */
  function changeStartDate(startDate: string) {
    const keepsLength = isDay(startDate) && isDay(values.startDate) && isDay(values.endDate);
    change({ startDate, ...(keepsLength ? { endDate: addDays(values.endDate, daysBetween(values.startDate, startDate)) } : {}) });
  }

  function save() {
    if (saving) return;
    setAttempted(true);
    if (Object.keys(validateEventForm(values, timeZone)).length > 0) {
      focusFirstInvalid();
      return;
    }
    if (event?.recurrence && occurrence) setAskingScope(true);
    else void write('all');
  }

  async function write(scope: SeriesScope) {
    setAskingScope(false);
    setSaving(true);
    try {
      const body = eventBody(values, timeZone, event?.recurrence ?? null);
      if (event?.recurrence && occurrence) await saveSeriesEdit({ ...event, recurrence: event.recurrence }, occurrence, body, scope);
      else if (event) await updateItem('events', event.id, body);
      else await createItem('events', body);
      showToast({ tone: 'success', title: event ? t.updated : t.created });
      onClose();
    } catch (error) {
      showToast({ tone: 'error', title: t.failed, description: localizedError(error, texts, '') || undefined });
      if (error instanceof ApiError) setApiErrors(apiFieldErrors(error.fields, values.allDay));
      setSaving(false);
    }
  }

  return (
    <EditorOverlay
      open
      title={event ? t.editTitle : texts.calendar.newEvent}
      onClose={() => {
        if (!saving) onClose();
      }}
      onSave={save}
      // Always: a refused save shows what is wrong and takes the focus to the first.
      canSave
      saving={saving}
      saveLabel={event ? t.saveChanges : t.create}
      formRef={form}
    >
      <TextField label={texts.ui.title} value={values.title} error={errors.title} onChange={(input) => change({ title: input.target.value })} data-autofocus />
      <Checkbox label={texts.calendar.allDay} checked={values.allDay} onChange={(input) => change({ allDay: input.target.checked })} />
      <div className="event-editor__pair">
        <TextField
          label={t.startDate}
          type="date"
          value={values.startDate}
          error={errors.startDate}
          onChange={(input) => changeStartDate(input.target.value)}
        />
        {!values.allDay && (
          <TextField
            label={t.startTime}
            type="time"
            value={values.startTime}
            error={errors.startTime}
            onChange={(input) => change({ startTime: input.target.value })}
          />
        )}
      </div>
      <div className="event-editor__pair">
        <TextField label={t.endDate} type="date" value={values.endDate} error={errors.endDate} onChange={(input) => change({ endDate: input.target.value })} />
        {!values.allDay && (
          <TextField
            label={t.endTime}
            type="time"
            value={values.endTime}
            error={errors.endTime}
            onChange={(input) => change({ endTime: input.target.value })}
          />
        )}
      </div>
      <RepeatPicker
        values={values.repeat}
        start={values.startDate}
        errors={{ interval: errors.interval, until: errors.until, count: errors.count }}
        onChange={(repeat) => change({ repeat })}
      />
      <TextField label={texts.calendar.details.location} optional value={values.location} onChange={(input) => change({ location: input.target.value })} />
      <DescriptionField value={values.description} onChange={(description) => change({ description })} />
      <div className="event-editor__pair">
        <Select
          label={t.eventType}
          options={EVENT_TYPES.map((type) => ({ value: type, label: texts.labels.eventType[type] }))}
          value={values.eventType}
          onChange={(input) => change({ eventType: input.target.value as EventType })}
        />
        <Select
          label={t.color}
          optional
          options={[{ value: '', label: t.defaultColor }, ...TAG_PALETTE.map(({ name, hex }) => ({ value: hex, label: t.colors[name] }))]}
          value={values.color}
          onChange={(input) => change({ color: input.target.value })}
        />
      </div>
      <TagField value={values.tags} onChange={(tags) => change({ tags })} />
      <RemindersField
        legend={texts.reminders.region}
        value={values.reminders ?? defaultEventReminders(values.eventType, defaults)}
        onChange={(reminders) => change({ reminders })}
        onAdded={askForPush}
      />
      {askingScope && <SeriesScopeDialog kind="events" action="edit" onChoose={write} onCancel={() => setAskingScope(false)} />}
    </EditorOverlay>
  );
}

function DescriptionField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const label = useAppTexts().calendar.details.description;
  return (
    <FieldFrame id={id} label={label} optional>
      {(described) => (
        <textarea
          id={id}
          className="field__control event-editor__description"
          rows={3}
          value={value}
          onChange={(input) => onChange(input.target.value)}
          {...described}
        />
      )}
    </FieldFrame>
  );
}
