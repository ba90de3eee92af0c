import { z } from 'zod';
import { GOAL_DUE_SOON_DAYS } from './constants';
import { isoDateTime } from './dates';
import { dueState, type Due } from './due';
import { serverFields, trashFields } from './items';
import { MESSAGES } from './messages';
import { optionalText, requiredText, tagNames } from './text';

export const GOAL_TYPES = ['short_term', 'long_term'] as const;
export const GOAL_STATUSES = ['active', 'completed', 'paused'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];
export type GoalStatus = (typeof GOAL_STATUSES)[number];

const goalFields = {
  title: requiredText(MESSAGES.goalTitleRequired),
  description: optionalText(),
  type: z.enum(GOAL_TYPES),
  status: z.enum(GOAL_STATUSES),
  target_date: isoDateTime.nullable(),
  tags: tagNames,
};

export const GoalCreateSchema = z.strictObject({
  ...goalFields,
  description: goalFields.description.default(''),
  type: goalFields.type.default('short_term'),
  status: goalFields.status.default('active'),
  target_date: goalFields.target_date.default(null),
  tags: goalFields.tags.default([]),
});
export const GoalUpdateSchema = z.strictObject(goalFields).partial();
export const GoalSchema = z.object({ ...serverFields, ...goalFields, ...trashFields });

export type GoalInput = z.infer<typeof GoalCreateSchema>;
export type GoalPatch = z.infer<typeof GoalUpdateSchema>;
export type Goal = z.infer<typeof GoalSchema>;

/** The card toggle: active → completed → paused → active (anything else → active). */
export function nextGoalStatus(status: GoalStatus | string): GoalStatus {
  if (status === 'active') return 'completed';
  if (status === 'completed') return 'paused';
  return 'active';
}

/** Goals are overdue once the target date is past and due soon within 7 days. */
export function goalDue(goal: Pick<Goal, 'target_date'>, now: Date, timeZone: string): Due {
  return dueState(goal.target_date, GOAL_DUE_SOON_DAYS, now, timeZone);
}

/** Rounded percent of the goal's tasks that are completed; 0 with no tasks. */
export function goalProgress(tasks: ReadonlyArray<{ status: string }>): number {
  if (tasks.length === 0) return 0;
  const done = tasks.filter((task) => task.status === 'completed').length;
  return Math.round((done / tasks.length) * 100);
}
