import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DAY_MS } from '../../shared/dates';
import { demoExpiryPartition, demoRegisterKey, USER_SK, userKey } from '../data/keys';
import { conditionally, db, queryItems, tableName } from '../platform/dynamo';

/**
 * The register of demo accounts, one partition per day of expiry, sorted by expiry: the hourly
 * clean-up reads only the days that have come due. A record stays until its account is deleted,
 * whatever happens: no TTL takes it away first. One whose deletion failed is carried forward to
 * the current day's partition, so the next runs find it however long the failure lasts.
 */

/** How far back the clean-up looks: a week of runs that did not happen at all (a failed deletion is carried forward). */
export const CLEAN_UP_LOOKBACK_DAYS = 7;

export interface RegisteredDemo {
  PK: string;
  SK: string;
  user_id: string;
  email: string;
}

/** Registers a new demo account, then marks the account itself as a demo (its allowance, shared/demo.ts). */
export async function register({ userId, email, expiresAt }: { userId: string; email: string; expiresAt: string }): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...demoRegisterKey(expiresAt, userId), user_id: userId, email } }));
  await db().send(new PutCommand({ TableName: tableName(), Item: { PK: userKey(userId), SK: USER_SK.demo, expires_at: expiresAt, voice_conversations: 0 } }));
}

/** The demo accounts that expired on `day` (yyyy-mm-dd) by `now`. */
export async function* expiredDemos(day: string, now: Date): AsyncGenerator<RegisteredDemo> {
  const expired = queryItems<RegisteredDemo>({
    KeyConditionExpression: 'PK = :day AND SK <= :now',
    ExpressionAttributeValues: { ':day': demoExpiryPartition(day), ':now': `${now.toISOString()}~` },
  });
  yield* expired;
}

/**
 * Moves the record of an account whose deletion failed into `now`'s day, sort key unchanged (its
 * expiry is past, so the clean-up's `SK <= now` still takes it). Put first: should the delete not
 * follow, two records name one account, and deleting it twice is harmless.
 */
export async function carryForward(demo: RegisteredDemo, now: Date): Promise<void> {
  const PK = demoExpiryPartition(now.toISOString().slice(0, 10));
  if (PK === demo.PK) return;
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...demo, PK } }));
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: demo.PK, SK: demo.SK } }));
}

/**
 * How many demo accounts exist, counted up to `ceiling`: every one that has not expired expires
 * today or tomorrow (they live a day), and one that expired today and waits for the clean-up
 * counts too. Count-only queries of two partitions, whose pages the ceiling bounds.
 */
export async function countDemos(now: Date, ceiling: number): Promise<number> {
  let count = 0;
  for (const day of [now, new Date(now.getTime() + DAY_MS)].map((date) => date.toISOString().slice(0, 10))) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :day',
          ExpressionAttributeValues: { ':day': demoExpiryPartition(day) },
          Select: 'COUNT',
          ExclusiveStartKey: start,
        }),
      );
      count += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start && count < ceiling);
    if (count >= ceiling) return count;
  }
  return count;
}

/** True for a demo account (its mark is stored before the account can be signed in to). */
export async function isDemoAccount(userId: string): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: USER_SK.demo } }));
  return Boolean(Item);
}

/** Counts one voice conversation of a demo account; false when it has used `limit` already. */
export async function takeVoiceConversation(userId: string, limit: number): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: userKey(userId), SK: USER_SK.demo },
        UpdateExpression: 'ADD voice_conversations :one',
        ConditionExpression: 'attribute_exists(PK) AND voice_conversations < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit },
      }),
    ),
  );
}

/** Takes a demo account off the register, once everything under it is gone. */
export async function unregister(demo: RegisteredDemo): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: demo.PK, SK: demo.SK } }));
}
