import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '../../shared/messages';
import { itemKey, tagNameKey } from '../data/keys';
import { conflict } from '../platform/errors';
import { conditionally, db, tableName } from '../platform/dynamo';

/**
 * Tag names are unique per user ignoring case. Without transactions (dynalite has none), a name is
 * claimed by a conditional put of a lock item naming the tag that holds it. A lock left behind by a
 * failed write (its tag gone or renamed) is taken over, so a name is never blocked for good.
 */

const taken = () => conflict(MESSAGES.tagNameTaken, { name: MESSAGES.tagNameTaken });

/** Writes the lock for `tagId` if `condition` holds; false when it does not. */
function putLock(userId: string, name: string, tagId: string, condition: string, values: Record<string, string>) {
  return conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...tagNameKey(userId, name), tag_id: tagId },
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

export async function claimTagName(userId: string, name: string, tagId: string): Promise<void> {
  if (await putLock(userId, name, tagId, 'attribute_not_exists(PK) OR tag_id = :tag', { ':tag': tagId })) return;

  const key = tagNameKey(userId, name);
  const { Item: lock } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const holderId = String(lock?.tag_id ?? '');
  const { Item: holder } = await db().send(
    new GetCommand({ TableName: tableName(), Key: { PK: key.PK, SK: itemKey('tags', holderId) }, ConsistentRead: true }),
  );
  if (holder && String(holder.name).toLowerCase() === name.toLowerCase()) throw taken();
  if (!(await putLock(userId, name, tagId, 'tag_id = :stale', { ':stale': holderId }))) throw taken();
}

export async function releaseTagName(userId: string, name: string, tagId: string): Promise<void> {
  await conditionally(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: tagNameKey(userId, name),
        ConditionExpression: 'tag_id = :tag',
        ExpressionAttributeValues: { ':tag': tagId },
      }),
    ),
  );
}
