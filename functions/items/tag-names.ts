import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '../../shared/messages';
import { itemKey, userKey } from '../data/keys';
import { conflict } from '../platform/errors';
import { db, isConditionFailure, tableName } from '../platform/dynamo';

/**
 * Tag names are unique per user ignoring case. Without transactions (dynalite has none), a name is
 * claimed by a conditional put of a lock item naming the tag that holds it. A lock left behind by a
 * failed write (its tag gone or renamed) is taken over, so a name is never blocked for good.
 */
const lockKey = (userId: string, name: string) => ({ PK: userKey(userId), SK: `TAGNAME#${name.toLowerCase()}` });

export async function claimTagName(userId: string, name: string, tagId: string): Promise<void> {
  const key = lockKey(userId, name);
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...key, tag_id: tagId },
        ConditionExpression: 'attribute_not_exists(PK) OR tag_id = :tag',
        ExpressionAttributeValues: { ':tag': tagId },
      }),
    );
    return;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { Item: lock } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const holderId = String(lock?.tag_id ?? '');
  const { Item: holder } = await db().send(
    new GetCommand({ TableName: tableName(), Key: { PK: key.PK, SK: itemKey('tags', holderId) }, ConsistentRead: true }),
  );
  if (holder && String(holder.name).toLowerCase() === name.toLowerCase()) {
    throw conflict(MESSAGES.tagNameTaken, { name: MESSAGES.tagNameTaken });
  }
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...key, tag_id: tagId },
        ConditionExpression: 'tag_id = :stale',
        ExpressionAttributeValues: { ':stale': holderId },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(MESSAGES.tagNameTaken, { name: MESSAGES.tagNameTaken });
    throw error;
  }
}

export async function releaseTagName(userId: string, name: string, tagId: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: lockKey(userId, name),
        ConditionExpression: 'tag_id = :tag',
        ExpressionAttributeValues: { ':tag': tagId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
