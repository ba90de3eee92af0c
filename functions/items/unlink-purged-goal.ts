import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { itemKeyPrefix, userKey } from '../data/keys';
import { now } from '../platform/clock';
import { conditionally, db, queryItems, tableName } from '../platform/dynamo';
import { withoutKeys } from './repository';
import { afterSave } from './service';
import { busConsumer } from '../platform/consumer';

/**
 * Bus consumer of item.purged for goals: a goal deleted for good leaves its tasks (live or in the
 * trash) in place, unlinked, rather than pointing at nothing. A redelivery finds no task still
 * linked and changes nothing.
 */
export const handler = busConsumer<'item.purged'>(async ({ userId, id: goalId }) => {
  const linked = queryItems({
    KeyConditionExpression: 'PK = :user AND begins_with(SK, :task)',
    FilterExpression: 'goal_id = :goal',
    ExpressionAttributeValues: { ':user': userKey(userId), ':task': itemKeyPrefix('tasks'), ':goal': goalId },
  });
  for await (const task of linked) await unlink(userId, task, goalId);
});

async function unlink(userId: string, task: Record<string, unknown>, goalId: string): Promise<void> {
  const at = now().toISOString();
  const unlinked = await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: task.PK, SK: task.SK },
        UpdateExpression: 'SET goal_id = :none, updated_at = :at',
        ConditionExpression: 'goal_id = :goal',
        ExpressionAttributeValues: { ':none': null, ':at': at, ':goal': goalId },
      }),
    ),
  );
  if (!unlinked) return;
  const previous = withoutKeys(task);
  await afterSave(userId, 'tasks', 'item.updated', { ...previous, goal_id: null, updated_at: at }, previous, at);
}
