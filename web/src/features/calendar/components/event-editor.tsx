import { useEffect, useId, useState, type FormEvent } from 'react';
import { EVENT_TYPES, type CalendarEvent, type EventType } from '../../../../../shared/calendar-events';
import { daysBetween } from '../../../../../shared/dates';
import { TAG_PALETTE } from '../../../../../shared/tags';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldFrame } from '../../../components/ui/field-frame';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TagField } from '../../../components/ui/tag-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useFocusFirstInvalid } from '../../../components/ui/use-focus-first-invalid';
import { ApiError } from '../../../lib/api';
import { createItem, updateItem } from '../../../lib/items';
import { addDays, isDay } from '../../../lib/zoned-dates';
import { apiFieldErrors, EVENT_TYPE_LABELS, eventBody, validateEventForm, type EventFormErrors, type EventFormValues } from '../lib/event-form';

const TYPE_OPTIONS = EVENT_TYPES.map((type) => ({ value: type, label: EVENT_TYPE_LABELS[type] }));
const COLOR_OPTIONS = [
  { value: '', label: 'Default' },
  ...TAG_PALETTE.map(({ name, hex }) => ({ value: hex, label: name[0]!.toUpperCase() + name.slice(1) })),
];

interface EventEditorProps {
  /** The event being edited, or undefined for a new one. */
  event: CalendarEvent | undefined;
  initial: EventFormValues;
  timeZone: string;
  onClose: () => void;
}

/**
 * Creates or edits an event, with the specification's messages (shown from the first save
 * attempt on, updated as the user types). Ctrl/Cmd+S saves, Escape closes.
 */
export function EventEditor({ event, initial, timeZone, onClose }: EventEditorProps) {
  const showToast = useToast();
  const formId = useId();
  const [form, focusFirstInvalid] = useFocusFirstInvalid();
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [apiErrors, setApiErrors] = useState<EventFormErrors>({});
  const [saving, setSaving] = useState(false);

  const errors: EventFormErrors = { ...(attempted ? validateEventForm(values, timeZone) : {}), ...apiErrors };

  useEffect(() => {
    const saveOnShortcut = (keyEvent: KeyboardEvent) => {
      if ((keyEvent.ctrlKey || keyEvent.metaKey) && keyEvent.key.toLowerCase() === 's') {
        keyEvent.preventDefault();
        form.current?.requestSubmit();
      }
    };
    document.addEventListener('keydown', saveOnShortcut);
    return () => document.removeEventListener('keydown', saveOnShortcut);
  }, [form]);

  function change(patch: Partial<EventFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setApiErrors({});
  }

  /** A new start date moves the end date along, so the event keeps its length. */
  function changeStartDate(startDate: string) {
    const keepsLength = isDay(startDate) && isDay(values.startDate) && isDay(values.endDate);
    change({ startDate, ...(keepsLength ? { endDate: addDays(values.endDate, daysBetween(values.startDate, startDate)) } : {}) });
  }

  async function save(submitted: FormEvent) {
    submitted.preventDefault();
    if (saving) return;
    setAttempted(true);
    if (Object.keys(validateEventForm(values, timeZone)).length > 0) {
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    try {
      const body = eventBody(values, timeZone);
      if (event) await updateItem('events', event.id, body);
      else await createItem('events', body);
      showToast({ tone: 'success', title: event ? 'Event updated successfully' : 'Event created successfully' });
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : undefined;
      showToast({ tone: 'error', title: 'Failed to save event', description: message });
      if (error instanceof ApiError) setApiErrors(apiFieldErrors(error.fields, values.allDay));
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={event ? 'Edit Event' : 'New Event'}
      className="event-editor"
      onClose={() => {
        if (!saving) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={saving}>
            {event ? 'Save Changes' : 'Create Event'}
          </Button>
        </>
      }
    >
      <form id={formId} ref={form} className="form event-editor__form" noValidate onSubmit={(submitted) => void save(submitted)}>
        <TextField label="Title" value={values.title} error={errors.title} onChange={(input) => change({ title: input.target.value })} data-autofocus />
        <Checkbox label="All day" checked={values.allDay} onChange={(input) => change({ allDay: input.target.checked })} />
        <div className="event-editor__pair">
          <TextField label="Start date" type="date" value={values.startDate} error={errors.startDate} onChange={(input) => changeStartDate(input.target.value)} />
          {!values.allDay && (
            <TextField label="Start time" type="time" value={values.startTime} error={errors.startTime} onChange={(input) => change({ startTime: input.target.value })} />
          )}
        </div>
        <div className="event-editor__pair">
          <TextField label="End date" type="date" value={values.endDate} error={errors.endDate} onChange={(input) => change({ endDate: input.target.value })} />
          {!values.allDay && (
            <TextField label="End time" type="time" value={values.endTime} error={errors.endTime} onChange={(input) => change({ endTime: input.target.value })} />
          )}
        </div>
        <TextField label="Location" optional value={values.location} onChange={(input) => change({ location: input.target.value })} />
        <DescriptionField value={values.description} onChange={(description) => change({ description })} />
        <div className="event-editor__pair">
          <Select label="Event type" options={TYPE_OPTIONS} value={values.eventType} onChange={(input) => change({ eventType: input.target.value as EventType })} />
          <Select label="Color" optional options={COLOR_OPTIONS} value={values.color} onChange={(input) => change({ color: input.target.value })} />
        </div>
        <TagField value={values.tags} onChange={(tags) => change({ tags })} />
      </form>
    </Modal>
  );
}

function DescriptionField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <FieldFrame id={id} label="Description" optional>
      {(described) => <textarea id={id} className="field__control event-editor__description" rows={3} value={value} onChange={(input) => onChange(input.target.value)} {...described} />}
    </FieldFrame>
  );
}
