import type { GoalStatus } from '../../../../../shared/goals';
import type { Tone } from '../../../components/ui/alert';

/** The colours of the card's status toggle. */
export const GOAL_STATUS_TONES: Record<GoalStatus, Tone> = { active: 'info', completed: 'success', paused: 'warning' };
