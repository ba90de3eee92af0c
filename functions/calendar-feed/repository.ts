import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CALENDAR_FEED } from '../../shared/calendar-feed';
import { calendarFeedLookupKey, USER_SK, userIdOfKey, userKey } from '../data/keys';
import { db, tableName, unlessConditionFails } from '../platform/dynamo';

/**
 * One record per person who made a feed, under their partition (so it goes with the account), and
 * found by the hash of its token through the byList index. Making a new token replaces the record's
 * hash in one write: the old address stops at once, because a feed read checks the hash it found
 * against the record's own (the index follows the table a moment late).
 */
export interface StoredFeed {
  include_google: boolean;
  created_at: string;
  updated_at: string;
  /** The ETag of the feed last answered, and since when it has been so: Last-Modified, which only grows. */
  content_etag?: string;
  content_changed_at?: string;
}

const feedKey = (userId: string) => ({ PK: userKey(userId), SK: USER_SK.calendarFeed });

export async function getFeed(userId: string): Promise<(StoredFeed & { LPK: string }) | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: feedKey(userId), ConsistentRead: true }));
  return Item as (StoredFeed & { LPK: string }) | undefined;
}

/** A new token for the person's feed (the old one, if any, stops); the token is returned once and never kept. */
export async function issueFeed(userId: string, includeGoogle: boolean, now: Date): Promise<{ token: string; feed: StoredFeed }> {
  const token = randomBytes(CALENDAR_FEED.tokenBytes).toString('base64url');
  const at = now.toISOString();
  const feed: StoredFeed = { include_google: includeGoogle, created_at: at, updated_at: at };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...feedKey(userId), ...calendarFeedLookupKey(token), ...feed } }));
  return { token, feed };
}

/** Includes Google's events or leaves them out; false when the person has no feed. */
export async function setIncludeGoogle(userId: string, includeGoogle: boolean, now: Date): Promise<StoredFeed | null> {
  const updated = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: feedKey(userId),
        UpdateExpression: 'SET include_google = :include, updated_at = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':include': includeGoogle, ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return (updated?.Attributes as StoredFeed | undefined) ?? null;
}

/** Turns the feed off: its address answers 404 from now on. */
export async function removeFeed(userId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: feedKey(userId) }));
}

/**
 * Whose feed a token opens, and how it is set, or undefined: one Query on the token's hash, then the
 * person's record read again (consistently), which must still hold that hash. Every token that
 * opens nothing (never made, replaced, switched off) costs the same one Query.
 */
export async function feedOfToken(token: string): Promise<{ userId: string; feed: StoredFeed } | undefined> {
  const lookup = calendarFeedLookupKey(token);
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'byList',
      KeyConditionExpression: 'LPK = :lookup AND LSK = :sk',
      ExpressionAttributeValues: { ':lookup': lookup.LPK, ':sk': lookup.LSK },
      ProjectionExpression: 'PK',
      Limit: 1,
    }),
  );
  const pk = Items?.[0]?.PK;
  if (typeof pk !== 'string') return undefined;
  const userId = userIdOfKey(pk);
  const feed = await getFeed(userId);
  return feed?.LPK === lookup.LPK ? { userId, feed } : undefined;
}

/** The feed answered has a new ETag: it changed now (Last-Modified). Only while the token is still the feed's. */
export async function noteNewContent(userId: string, token: string, etag: string, now: Date): Promise<void> {
  await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: feedKey(userId),
        UpdateExpression: 'SET content_etag = :etag, content_changed_at = :now',
        ConditionExpression: 'LPK = :lookup',
        ExpressionAttributeValues: { ':etag': etag, ':now': now.toISOString(), ':lookup': calendarFeedLookupKey(token).LPK },
      }),
    ),
  );
}
