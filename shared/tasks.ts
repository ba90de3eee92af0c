import { z } from 'zod';
import { PRIORITY_WEIGHT, TASK_DUE_SOON_DAYS } from './constants';
import { isoDateTime } from './dates';
import { dueState, type Due } from './due';
import { itemId, serverFields, trashFields } from './items';
import { MESSAGES } from './messages';
import { optionalText, requiredText, tagNames } from './text';

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export const TASK_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];

const taskFields = {
  title: requiredText(MESSAGES.taskTitleRequired),
  description: optionalText(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  due_date: isoDateTime.nullable(),
  goal_id: itemId.nullable(),
  tags: tagNames,
};

export const TaskCreateSchema = z.strictObject({
  ...taskFields,
  description: taskFields.description.default(''),
  priority: taskFields.priority.default('medium'),
  status: taskFields.status.default('pending'),
  due_date: taskFields.due_date.default(null),
  goal_id: taskFields.goal_id.default(null),
  tags: taskFields.tags.default([]),
});
export const TaskUpdateSchema = z.strictObject(taskFields).partial();
export const TaskSchema = z.object({ ...serverFields, ...taskFields, ...trashFields });

export type TaskInput = z.infer<typeof TaskCreateSchema>;
export type TaskPatch = z.infer<typeof TaskUpdateSchema>;
export type Task = z.infer<typeof TaskSchema>;

/** The card checkbox: completed → pending, anything else → completed. */
export function toggledTaskStatus(status: TaskStatus | string): TaskStatus {
  return status === 'completed' ? 'pending' : 'completed';
}

/** Tasks are overdue once the due date is past and due soon within 3 days, unless completed. */
export function taskDue(task: Pick<Task, 'due_date' | 'status'>, now: Date, timeZone: string): Due {
  return task.status === 'completed' ? null : dueState(task.due_date, TASK_DUE_SOON_DAYS, now, timeZone);
}

/** Sorts high before medium before low; stable for equal priorities. */
export function byPriority(a: Pick<Task, 'priority'>, b: Pick<Task, 'priority'>): number {
  return PRIORITY_WEIGHT[b.priority] - PRIORITY_WEIGHT[a.priority];
}
