import { PRIORITY_WEIGHT, TASK_DUE_SOON_DAYS } from './constants';
import { dueState, type Due } from './due';

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export const TASK_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The card checkbox: completed → pending, anything else → completed. */
export function toggledTaskStatus(status: TaskStatus | string): TaskStatus {
  return status === 'completed' ? 'pending' : 'completed';
}

/** Tasks are overdue once the due date is past and due soon within 3 days, unless completed. */
export function taskDue(task: { due_date: string | null; status: TaskStatus }, now: Date, timeZone: string): Due {
  return task.status === 'completed' ? null : dueState(task.due_date, TASK_DUE_SOON_DAYS, now, timeZone);
}

/** Sorts high before medium before low; stable for equal priorities. */
export function byPriority(a: { priority: TaskPriority }, b: { priority: TaskPriority }): number {
  return PRIORITY_WEIGHT[b.priority] - PRIORITY_WEIGHT[a.priority];
}
