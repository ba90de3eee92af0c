import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionally, db, tableName } from './dynamo';
import { quotaUsedUp } from './errors';
import { quotaKey } from '../data/keys';

export interface Quota {
  /** What is counted, and whose: `waitlist#client#203.0.113.7`. */
  key: string;
  limit: number;
  windowMs: number;
  /** What the person reads when it is used up. */
  message: string;
}

/**
 * Counts one use of a quota in its current window (fixed windows, one counter item each, which
 * DynamoDB drops by TTL a day after the window ends), or refuses with 429 and the seconds until
 * the next window. One conditional UpdateItem: uses sent side by side cannot share a count.
 */
export async function takeQuota({ key, limit, windowMs, message }: Quota, now: Date): Promise<void> {
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const windowEnd = windowStart + windowMs;
  const counted = await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: quotaKey(key, windowStart),
        UpdateExpression: 'ADD used :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(used) OR used < :limit',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': Math.ceil(windowEnd / 1000) + 86_400 },
      }),
    ),
  );
  if (!counted) throw quotaUsedUp(message, Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)));
}
