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

/** The fixed window `now` falls in: its start and its end (ms). */
function windowOf(windowMs: number, now: Date): { windowStart: number; windowEnd: number } {
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  return { windowStart, windowEnd: windowStart + windowMs };
}

/**
 * Counts one use of a quota in its current window (fixed windows, one counter item each, which
 * DynamoDB drops by TTL a day after the window ends), or refuses with 429 and the seconds until
 * the next window. One conditional UpdateItem: uses sent side by side cannot share a count.
 */
export async function takeQuota({ key, limit, windowMs, message }: Quota, now: Date): Promise<void> {
  const { windowStart, windowEnd } = windowOf(windowMs, now);
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

/**
 * Gives back the use `takeQuota` counted at the same `now`: for a quota that counts only failed
 * uses, taken before the attempt (so uses sent side by side cannot pass it) and given back when
 * the attempt succeeds.
 */
export async function returnQuota({ key, windowMs }: Quota, now: Date): Promise<void> {
  const { windowStart } = windowOf(windowMs, now);
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: quotaKey(key, windowStart),
        UpdateExpression: 'ADD used :minusOne',
        ConditionExpression: 'used > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    ),
  );
}
