import { now } from '../platform/clock';
import { busConsumer } from '../platform/consumer';
import { tasksOfGoal, unlinkTask } from './repository';
import { afterSave } from './service';

/**
 * Bus consumer of item.purged for goals: a goal deleted for good leaves its tasks (live or in the
 * trash) in place, unlinked, rather than pointing at nothing. A redelivery finds no task still
 * linked and changes nothing.
 */
export const handler = busConsumer<'item.purged'>('items/unlink-purged-goal', async ({ userId, id: goalId }) => {
  for (const task of await tasksOfGoal(userId, goalId)) {
    const at = now().toISOString();
    if (await unlinkTask(userId, task.id, goalId, at)) await afterSave(userId, 'tasks', 'item.updated', { ...task, goal_id: null, updated_at: at }, task, at);
  }
});
