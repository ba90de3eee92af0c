import type { TaskPriority } from '../../../../../shared/tasks';
import type { Tone } from '../../../components/ui/alert';

/** The colours of the card's priority badge. */
export const TASK_PRIORITY_TONES: Record<TaskPriority, Tone> = { high: 'error', medium: 'warning', low: 'success' };
