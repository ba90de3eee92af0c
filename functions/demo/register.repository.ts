import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DAY_MS } from '../../shared/dates';
import { demoExpiryPartition, demoRegisterKey, gcalTokensKey, USER_SK, userKey } from '../data/keys';
import { db, queryItems, queryPages, tableName } from '../platform/dynamo';

/**
 * The register of demo accounts, one partition per day of expiry, sorted by expiry: the hourly
 * clean-up reads only the days that have come due. Its records expire by TTL a week after the
 * account, a bound on the table should the clean-up stop.
 */
const REGISTER_KEPT_MS = 7 * DAY_MS;
/** How far back the clean-up looks: an account missed by a week of failed runs is left to the register's TTL. */
export const CLEAN_UP_LOOKBACK_DAYS = 7;

export interface RegisteredDemo {
  PK: string;
  SK: string;
  user_id: string;
  email: string;
}

export async function register({ userId, email, expiresAt }: { userId: string; email: string; expiresAt: string }): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...demoRegisterKey(expiresAt, userId),
        user_id: userId,
        email,
        ttl: Math.ceil((Date.parse(expiresAt) + REGISTER_KEPT_MS) / 1000),
      },
    }),
  );
}

/** The demo accounts that expired on `day` (yyyy-mm-dd) by `now`. */
export async function* expiredDemos(day: string, now: Date): AsyncGenerator<RegisteredDemo> {
  const expired = queryItems<RegisteredDemo>({
    KeyConditionExpression: 'PK = :day AND SK <= :now',
    ExpressionAttributeValues: { ':day': demoExpiryPartition(day), ':now': `${now.toISOString()}~` },
  });
  yield* expired;
}

/** Takes a demo account off the register, once everything under it is gone. */
export async function unregister(demo: RegisteredDemo): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: demo.PK, SK: demo.SK } }));
}

/** Deletes sent at once; a demo account holds a few dozen records, so a page goes in a few rounds. */
const PARALLEL_DELETES = 25;

/** Deletes every record under a user but the one that refuses their tokens; answers how many went. */
export async function deleteUserRecords(userId: string): Promise<number> {
  // The Google connection first: the deletions reach the bus as item.purged events (from the
  // table's stream), and the mirror, finding no connection, leaves the user's Google calendar alone.
  await db().send(new DeleteCommand({ TableName: tableName(), Key: gcalTokensKey(userId) }));
  let deleted = 0;
  const pages = queryPages<{ PK: string; SK: string }>({
    KeyConditionExpression: 'PK = :user',
    ExpressionAttributeValues: { ':user': userKey(userId) },
    ProjectionExpression: 'PK, SK',
  });
  for await (const page of pages) {
    // A filter cannot name a key attribute: the record that refuses the tokens is passed over here.
    const keys = page.filter((key) => key.SK !== USER_SK.sessions);
    for (let start = 0; start < keys.length; start += PARALLEL_DELETES) {
      await Promise.all(keys.slice(start, start + PARALLEL_DELETES).map((Key) => db().send(new DeleteCommand({ TableName: tableName(), Key }))));
    }
    deleted += keys.length;
  }
  return deleted;
}
