import type { GoalStatus, GoalType } from '../../../../../shared/goals';
import type { Tone } from '../../../components/ui/alert';

export const GOAL_TYPE_LABELS: Record<GoalType, string> = { short_term: 'Short Term', long_term: 'Long Term' };
export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = { active: 'Active', completed: 'Completed', paused: 'Paused' };
/** The colours of the card's status toggle. */
export const GOAL_STATUS_TONES: Record<GoalStatus, Tone> = { active: 'info', completed: 'success', paused: 'warning' };
