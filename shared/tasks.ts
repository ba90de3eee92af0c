import { z } from 'zod';
import { PRIORITY_WEIGHT, TASK_DUE_SOON_DAYS } from './constants';
import { daysLeft, isoDateTime } from './dates';
import { dueLabel } from './goals';
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

export type TaskDue = { state: 'overdue' | 'due_soon'; daysLeft: number; label: string } | null;

/** Overdue when the due date is past and the task not completed; due soon with 0 to 3 days left. */
export function taskDue(task: Pick<Task, 'due_date' | 'status'>, now: Date, timeZone: string): TaskDue {
  if (!task.due_date || task.status === 'completed') return null;
  const days = daysLeft(task.due_date, now, timeZone);
  if (days < 0) return { state: 'overdue', daysLeft: days, label: 'Overdue' };
  if (days <= TASK_DUE_SOON_DAYS) return { state: 'due_soon', daysLeft: days, label: dueLabel(days) };
  return null;
}

/** Sorts high before medium before low; stable for equal priorities. */
export function byPriority(a: Pick<Task, 'priority'>, b: Pick<Task, 'priority'>): number {
  return PRIORITY_WEIGHT[b.priority] - PRIORITY_WEIGHT[a.priority];
}
