import { endsAfterStart, type EventType } from '../../../../../shared/calendar-event-fields';
import type { CalendarEvent } from '../../../../../shared/calendar-events.schema';
import { MESSAGES } from '../../../../../shared/messages';
import { parseTimeInput, timeInputValue } from './calendar-dates';
import type { ItemInput } from '../../../../../shared/item-kinds.schema';
import type { Recurrence } from '../../../../../shared/recurrence';
import { noRepeat, repeatRule, repeatValues, validateRepeat, type RepeatFormValues } from '../../../components/items/repeat-values';
import { addDays, zonedInstant, zonedParts, type Day } from '../../../../../shared/zoned-time';
import type { ReminderOffset } from '../../../../../shared/reminders';

/** What the event editor holds: the inputs' own values (dates 'YYYY-MM-DD', times 'HH:mm'). */
export interface EventFormValues {
  title: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  location: string;
  description: string;
  eventType: EventType;
  color: string;
  tags: string[];
  repeat: RepeatFormValues;
  /** The event's own reminders, or null for the person's default (an event of type 'reminder': at its start). */
  reminders: ReminderOffset[] | null;
}

export type EventFormField = 'title' | 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'interval' | 'until' | 'count';
export type EventFormErrors = Partial<Record<EventFormField, string>>;

const HOUR = 60;

/** A new event of one hour from a day and minute (a clicked slot, or the New Event button). */
export function newEventValues(day: Day, minutes: number): EventFormValues {
  const endMinutes = minutes + HOUR;
  const endDay = endMinutes >= 24 * HOUR ? addDays(day, 1) : day;
  return {
    title: '',
    allDay: false,
    startDate: day,
    startTime: timeInputValue(minutes),
    endDate: endDay,
    endTime: timeInputValue(endMinutes % (24 * HOUR)),
    location: '',
    description: '',
    eventType: 'other',
    color: '',
    tags: [],
    repeat: noRepeat(day),
    reminders: null,
  };
}

/**
 * Where the New Event button starts: the next full hour when the shown day is today (11 PM at the
 * latest), otherwise the calendar's configured start time.
 */
export function newEventStart(anchor: Day, today: Day, nowMinutes: number, startMinutes: number): number {
  return anchor === today ? Math.min(Math.floor(nowMinutes / HOUR) * HOUR + HOUR, 23 * HOUR) : startMinutes;
}

/** An event's fields (of the occurrence shown, for a series) as the editor shows them in the user's time zone. */
export function eventValues(event: CalendarEvent, timeZone: string): EventFormValues {
  const start = zonedParts(event.start_time, timeZone);
  const end = zonedParts(event.end_time, timeZone);
  const startDate = event.all_day ? event.start_time.slice(0, 10) : start.day;
  return {
    title: event.title,
    allDay: event.all_day,
    startDate,
    startTime: timeInputValue(start.minutes),
    endDate: event.all_day ? event.end_time.slice(0, 10) : end.day,
    endTime: timeInputValue(end.minutes),
    location: event.location,
    description: event.description,
    eventType: event.event_type,
    color: event.color ?? '',
    tags: event.tags,
    repeat: repeatValues(event.recurrence?.rule ?? null, startDate),
    reminders: event.reminders ? [...event.reminders] : null,
  };
}

/**
 * The stored times: an all-day event from 00:00 UTC of its first day to 00:00 UTC of its last,
 * a timed one as the instants its dates and times have in the user's time zone.
 */
export function formTimes(values: EventFormValues, timeZone: string): { start_time: string; end_time: string } {
  if (values.allDay) return { start_time: `${values.startDate}T00:00:00.000Z`, end_time: `${values.endDate}T00:00:00.000Z` };
  const at = (date: string, time: string) => zonedInstant(date, parseTimeInput(time) ?? 0, timeZone).toISOString();
  return { start_time: at(values.startDate, values.startTime), end_time: at(values.endDate, values.endTime) };
}

/** The messages for what is missing or out of order; empty when the form can be saved. */
export function validateEventForm(values: EventFormValues, timeZone: string): EventFormErrors {
  const errors: EventFormErrors = {};
  if (!values.title.trim()) errors.title = MESSAGES.titleRequired;
  if (!values.startDate) errors.startDate = MESSAGES.startDateRequired;
  if (!values.allDay && parseTimeInput(values.startTime) === null) errors.startTime = MESSAGES.startTimeRequired;
  if (!values.endDate) errors.endDate = MESSAGES.endDateRequired;
  if (!values.allDay && parseTimeInput(values.endTime) === null) errors.endTime = MESSAGES.endTimeRequired;
  const timesGiven = !errors.startDate && !errors.startTime && !errors.endDate && !errors.endTime;
  if (timesGiven && !endsAfterStart({ ...formTimes(values, timeZone), all_day: values.allDay })) {
    errors[values.allDay ? 'endDate' : 'endTime'] = MESSAGES.endBeforeStart;
  }
  return { ...errors, ...validateRepeat(values.repeat, values.startDate) };
}

/**
 * The API body of the form, for create and update alike. A series keeps the zone and exceptions
 * it had; a new one takes the user's zone.
 */
export function eventBody(values: EventFormValues, timeZone: string, previous: Recurrence | null = null): ItemInput<'events'> {
  const rule = repeatRule(values.repeat, values.startDate);
  return {
    title: values.title.trim(),
    all_day: values.allDay,
    ...formTimes(values, timeZone),
    location: values.location.trim(),
    description: values.description.trim(),
    event_type: values.eventType,
    color: values.color || null,
    tags: values.tags,
    recurrence: rule === null ? null : { rule, time_zone: previous?.time_zone ?? timeZone, exceptions: previous?.exceptions ?? [] },
    reminders: values.reminders,
  };
}

/** The API's per-field messages on the editor's fields. */
export function apiFieldErrors(fields: Readonly<Record<string, string>>, allDay: boolean): EventFormErrors {
  const errors: EventFormErrors = {};
  if (fields.title) errors.title = fields.title;
  if (fields.start_time) errors[allDay ? 'startDate' : 'startTime'] = fields.start_time;
  if (fields.end_time) errors[allDay ? 'endDate' : 'endTime'] = fields.end_time;
  // A rule the API refuses is the picker's end (its other parts are checked before saving).
  const ruleError = fields['recurrence.rule'] ?? fields.recurrence;
  if (ruleError) errors.until = ruleError;
  return errors;
}
