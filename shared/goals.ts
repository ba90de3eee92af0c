import { GOAL_DUE_SOON_DAYS } from './constants';
import { dueState, type Due } from './due';

export const GOAL_TYPES = ['short_term', 'long_term'] as const;
export const GOAL_STATUSES = ['active', 'completed', 'paused'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** The card toggle: active → completed → paused → active (anything else → active). */
export function nextGoalStatus(status: GoalStatus | string): GoalStatus {
  if (status === 'active') return 'completed';
  if (status === 'completed') return 'paused';
  return 'active';
}

/** Goals are overdue once the target date is past and due soon within 7 days. */
export function goalDue(goal: { target_date: string | null }, now: Date, timeZone: string): Due {
  return dueState(goal.target_date, GOAL_DUE_SOON_DAYS, now, timeZone);
}

/** Rounded percent of the goal's tasks that are completed; 0 with no tasks. */
export function goalProgress(tasks: ReadonlyArray<{ status: string }>): number {
  if (tasks.length === 0) return 0;
  const done = tasks.filter((task) => task.status === 'completed').length;
  return Math.round((done / tasks.length) * 100);
}
