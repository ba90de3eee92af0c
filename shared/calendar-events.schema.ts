import { z } from 'zod';
import { endsAfterStart, EVENT_TYPES } from './calendar-event-fields';
import { API_LIMITS } from './constants';
import { requiredDateTime } from './dates.schema';
import { chosenId, itemId, serverFields, trashFields } from './item-fields.schema';
import { MESSAGES } from './messages';
import { RecurrenceSchema } from './recurrence.schema';
import { RemindersSchema } from './reminders.schema';
import { optionalText, requiredText, tagNames } from './text.schema';

const eventFields = {
  title: requiredText(MESSAGES.titleRequired),
  description: optionalText(),
  start_time: requiredDateTime(MESSAGES.startDateRequired),
  end_time: requiredDateTime(MESSAGES.endDateRequired),
  all_day: z.boolean(),
  location: optionalText(API_LIMITS.locationMax, MESSAGES.locationControlCharacters),
  color: z.string().trim().max(32).nullable(),
  event_type: z.enum(EVENT_TYPES),
  tags: tagNames,
  recurrence: RecurrenceSchema.nullable(),
  /** Minutes before the start; null: the person's default (an event of type 'reminder': at its start). */
  reminders: RemindersSchema.nullable(),
  /** The task this event is time set aside for (a planned block), or null. */
  task_id: itemId.nullable(),
};

/** Checked on the body when it has both times; the API checks again on the merged item. */
const timesOrder = {
  check: ({ start_time, end_time, all_day }: { start_time?: string; end_time?: string; all_day?: boolean }) =>
    !start_time || !end_time || endsAfterStart({ start_time, end_time, all_day: all_day ?? false }),
  params: { message: MESSAGES.endBeforeStart, path: ['end_time'] },
};

const eventCreateFields = {
  ...eventFields,
  description: eventFields.description.default(''),
  all_day: eventFields.all_day.default(false),
  location: eventFields.location.default(''),
  color: eventFields.color.default(null),
  event_type: eventFields.event_type.default('other'),
  tags: eventFields.tags.default([]),
  recurrence: eventFields.recurrence.default(null),
  reminders: eventFields.reminders.default(null),
  task_id: eventFields.task_id.default(null),
};
export const EventCreateSchema = z.strictObject({ ...chosenId, ...eventCreateFields }).refine(timesOrder.check, timesOrder.params);
export const EventCreateFieldsSchema = z.strictObject(eventCreateFields).refine(timesOrder.check, timesOrder.params);
export const EventUpdateSchema = z.strictObject(eventFields).partial().refine(timesOrder.check, timesOrder.params);
export const EventSchema = z.object({
  ...serverFields,
  ...eventFields,
  /** Absent on events saved before series existed: they do not repeat. */
  recurrence: eventFields.recurrence.optional(),
  /** Absent on events saved before reminders existed: the person's default. */
  reminders: eventFields.reminders.optional(),
  /** Absent on events saved before planned blocks existed: none. */
  task_id: eventFields.task_id.optional(),
  ...trashFields,
  /** Set when the event was synced in from Google. */
  gcal_id: z.string().nullable(),
});

export type CalendarEvent = z.infer<typeof EventSchema>;
