import { now } from '../platform/clock';
import { busConsumer } from '../platform/consumer';
import { tasksOfGoal, unlinkTask } from './repository';

/**
 * Bus consumer of item.purged for goals: a goal deleted for good leaves its tasks (live or in the
 * trash) in place, unlinked, rather than pointing at nothing. A redelivery finds no task still
 * linked and changes nothing.
 */
export const handler = busConsumer<'item.purged'>('items/unlink-purged-goal', async ({ userId, id: goalId }) => {
  for (const task of await tasksOfGoal(userId, goalId)) {
    await unlinkTask(userId, task.id, goalId, now().toISOString());
  }
});
