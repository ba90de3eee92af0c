import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, unlessConditionFails } from '../platform/dynamo';
import { USER_SK, userKey } from '../data/keys';
import { STAMPED, type Stamped } from '../../shared/changes';
import type { ChangeStamps } from '../../shared/changes.schema';

/**
 * Moves the user's counters by the changes counted, in one write, and answers all of them; null
 * when `onlyIfCounted` and the user has no counters yet (nothing was made). A poll reads these
 * counters with one Get on a key, so it costs the same however many items the user has.
 */
export async function bumpStamps(userId: string, counts: ReadonlyMap<Stamped, number>, onlyIfCounted: boolean): Promise<ChangeStamps | null> {
  const entries = [...counts];
  const answer = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: userKey(userId), SK: USER_SK.stamps },
        UpdateExpression: `ADD ${entries.map((_, index) => `#what${index} :count${index}`).join(', ')}`,
        ...(onlyIfCounted ? { ConditionExpression: 'attribute_exists(PK)' } : {}),
        ExpressionAttributeNames: Object.fromEntries(entries.map(([what], index) => [`#what${index}`, what])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, count], index) => [`:count${index}`, count])),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return answer && stampsOf(answer.Attributes);
}

export async function readStamps(userId: string): Promise<ChangeStamps> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: USER_SK.stamps } }));
  return stampsOf(Item);
}

/** The counters a stamps record holds (every one, a missing one at 0). */
export function stampsOf(record: Record<string, unknown> | undefined): ChangeStamps {
  return Object.fromEntries(STAMPED.map((what) => [what, Number(record?.[what] ?? 0)])) as ChangeStamps;
}
