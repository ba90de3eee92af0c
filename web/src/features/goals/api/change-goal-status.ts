import { mutate } from 'swr';
import type { GoalStatus } from '../../../../../shared/goals';
import type { Goal } from '../../../../../shared/goals.schema';
import { listKey, updateItem } from '../../../lib/items';

/**
 * The card's status change: the list shows the new status at once,
 * then the server is asked; on failure the list as it was comes back and the error is thrown.
 */
export async function changeGoalStatus(goal: Goal, status: GoalStatus): Promise<void> {
  const key = listKey('goals');
  let previous: Goal[] | undefined;
  // A new updated_at, so the list's fingerprint moves and the screen shows the change.
  const shown = { ...goal, status, updated_at: new Date().toISOString() };
  await mutate<Goal[]>(
    key,
    (list) => {
      previous = list;
      return list?.map((item) => (item.id === goal.id ? shown : item));
    },
    { revalidate: false },
  );
  try {
    await updateItem('goals', goal.id, { status });
  } catch (error) {
    await mutate(key, previous, { revalidate: false });
    throw error;
  }
}
