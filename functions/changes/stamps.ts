import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/dynamo';
import { userKey } from '../data/keys';
import { STAMPED, type ChangeStamps, type Stamped } from '../../shared/changes';

const STAMP_SK = 'STAMPS';

/**
 * Counts one change of `what`. A poll reads these counters with one Get on a key, so it costs the
 * same however many items the user has.
 */
export async function bumpStamp(userId: string, what: Stamped): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: userKey(userId), SK: STAMP_SK },
      UpdateExpression: 'ADD #what :one',
      ExpressionAttributeNames: { '#what': what },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

export async function readStamps(userId: string): Promise<ChangeStamps> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: STAMP_SK } }),
  );
  return Object.fromEntries(STAMPED.map((what) => [what, Number(Item?.[what] ?? 0)])) as ChangeStamps;
}
