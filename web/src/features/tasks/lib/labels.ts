import type { TaskPriority, TaskStatus } from '../../../../../shared/tasks';

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { high: 'High', medium: 'Medium', low: 'Low' };
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { pending: 'Pending', in_progress: 'In Progress', completed: 'Completed' };
