import { hasTag } from '../../../components/ui/collection-page';
import { taskDue, type TaskPriority, type TaskStatus } from '../../../../../shared/tasks';
import type { Task } from '../../../../../shared/tasks.schema';

export const DUE_FILTERS = ['all', 'overdue', 'due_soon', 'no_date'] as const;
export const GOAL_FILTERS = ['all', 'with_goal', 'without_goal'] as const;

export interface TaskFilters {
  search: string;
  status: TaskStatus | 'all';
  priority: TaskPriority | 'all';
  due: (typeof DUE_FILTERS)[number];
  goal: (typeof GOAL_FILTERS)[number];
  /** A tag name, or '' for any. */
  tag: string;
}

export const NO_FILTERS: TaskFilters = { search: '', status: 'all', priority: 'all', due: 'all', goal: 'all', tag: '' };

/** Whether a task passes every filter; due states are read in the user's time zone. */
export function matchesFilters(task: Task, filters: TaskFilters, now: Date, timeZone: string): boolean {
  const text = filters.search.trim().toLowerCase();
  if (text && !`${task.title}\n${task.description}`.toLowerCase().includes(text)) return false;
  if (filters.status !== 'all' && task.status !== filters.status) return false;
  if (filters.priority !== 'all' && task.priority !== filters.priority) return false;
  if (filters.goal === 'with_goal' && !task.goal_id) return false;
  if (filters.goal === 'without_goal' && task.goal_id) return false;
  if (!hasTag(task, filters.tag)) return false;
  switch (filters.due) {
    case 'all':
      return true;
    case 'no_date':
      return task.due_date === null;
    default:
      return taskDue(task, now, timeZone)?.state === filters.due;
  }
}
