import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { noteChangeStamp } from '../platform/change-stamps';
import { db, tableName } from '../platform/dynamo';
import { USER_SK, userKey } from '../data/keys';
import { STAMPED, type ChangeStamps, type Stamped } from '../../shared/changes';

/**
 * Counts one change of `what`. A poll reads these counters with one Get on a key, so it costs the
 * same however many items the user has.
 */
export async function bumpStamp(userId: string, what: Stamped): Promise<void> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: userKey(userId), SK: USER_SK.stamps },
      UpdateExpression: 'ADD #what :one',
      ExpressionAttributeNames: { '#what': what },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  noteChangeStamp(what, Number(Attributes?.[what]));
}

export async function readStamps(userId: string): Promise<ChangeStamps> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: USER_SK.stamps } }));
  return stampsOf(Item);
}

/** The counters a stamps record holds (every one, a missing one at 0). */
export function stampsOf(record: Record<string, unknown> | undefined): ChangeStamps {
  return Object.fromEntries(STAMPED.map((what) => [what, Number(record?.[what] ?? 0)])) as ChangeStamps;
}
