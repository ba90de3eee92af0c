import { z } from 'zod';
import { isoDateTime } from './dates.schema';
import { chosenId, itemId, serverFields, trashFields } from './item-fields.schema';
import { MESSAGES } from './messages';
import { RecurrenceSchema } from './recurrence.schema';
import { EstimateSchema } from './planning.schema';
import { RemindersSchema } from './reminders.schema';
import { TASK_PRIORITIES, TASK_STATUSES } from './tasks';
import { optionalText, requiredText, tagNames } from './text.schema';

const taskFields = {
  title: requiredText(MESSAGES.taskTitleRequired),
  description: optionalText(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  due_date: isoDateTime.nullable(),
  goal_id: itemId.nullable(),
  tags: tagNames,
  /** A repeating task repeats from its due date, in the zone its recurrence names. */
  recurrence: RecurrenceSchema.nullable(),
  /** Minutes before the due time; null: the person's default. A task without a due date has none. */
  reminders: RemindersSchema.nullable(),
  /** How long it takes, in minutes; null: the person's default task length (shared/planning.ts) when it is planned. */
  estimate_minutes: EstimateSchema.nullable(),
};

const taskCreateFields = {
  ...taskFields,
  description: taskFields.description.default(''),
  priority: taskFields.priority.default('medium'),
  status: taskFields.status.default('pending'),
  due_date: taskFields.due_date.default(null),
  goal_id: taskFields.goal_id.default(null),
  tags: taskFields.tags.default([]),
  recurrence: taskFields.recurrence.default(null),
  reminders: taskFields.reminders.default(null),
  estimate_minutes: taskFields.estimate_minutes.default(null),
};
export const TaskCreateSchema = z.strictObject({ ...chosenId, ...taskCreateFields });
export const TaskCreateFieldsSchema = z.strictObject(taskCreateFields);
export const TaskUpdateSchema = z.strictObject(taskFields).partial();
export const TaskSchema = z.object({
  ...serverFields,
  ...taskFields,
  /** Absent on tasks saved before series existed: they do not repeat. */
  recurrence: taskFields.recurrence.optional(),
  /** Absent on tasks saved before reminders existed: the person's default. */
  reminders: taskFields.reminders.optional(),
  /** Absent on tasks saved before estimates existed: none. */
  estimate_minutes: taskFields.estimate_minutes.optional(),
  ...trashFields,
});

export type Task = z.infer<typeof TaskSchema>;
