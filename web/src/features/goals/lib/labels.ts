import type { GoalStatus, GoalType } from '../../../../../shared/goals';

export const GOAL_TYPE_LABELS: Record<GoalType, string> = { short_term: 'Short Term', long_term: 'Long Term' };
export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = { active: 'Active', completed: 'Completed', paused: 'Paused' };
