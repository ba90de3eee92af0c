import type { TaskPriority, TaskStatus } from '../../../../../shared/tasks';
import type { Tone } from '../../../components/ui/alert';

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { high: 'High', medium: 'Medium', low: 'Low' };
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { pending: 'Pending', in_progress: 'In Progress', completed: 'Completed' };
/** The colours of the card's priority badge. */
export const TASK_PRIORITY_TONES: Record<TaskPriority, Tone> = { high: 'error', medium: 'warning', low: 'success' };
