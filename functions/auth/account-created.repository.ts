import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { USER_SK, userKey } from '../data/keys';
import { conditionally, db, tableName } from '../platform/dynamo';

const accountKey = (userId: string) => ({ PK: userKey(userId), SK: USER_SK.account });

/** Records `now` as when the account `userId` was made, unless a time is recorded already (it never moves); false then. */
export function recordAccountCreated(userId: string, now: Date): Promise<boolean> {
  return conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...accountKey(userId), created_at: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}

/**
 * When the account `userId` was made, as an ISO time: recorded at its confirmation (post-confirmation
 * trigger), else at the first token made for it since (an account made before this record was kept).
 */
export async function accountCreatedAt(userId: string, now: Date): Promise<string> {
  const read = async () => (await db().send(new GetCommand({ TableName: tableName(), Key: accountKey(userId), ConsistentRead: true }))).Item?.created_at;
  const recorded: unknown = await read();
  if (typeof recorded === 'string') return recorded;
  // Lost to a write of the same moment: the time that write recorded.
  return (await recordAccountCreated(userId, now)) ? now.toISOString() : String(await read());
}
