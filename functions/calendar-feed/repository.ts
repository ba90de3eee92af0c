import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CALENDAR_FEED } from '../../shared/calendar-feed';
import type { Stamped } from '../../shared/changes';
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
  /** What that ETag's feed was built from (the person's change stamps, the day, the choices): while it holds, the feed is the same. */
  content_source?: string;
  /** Set when "Sign out everywhere" (or a password reset) gave the feed a new address nobody has yet; a new address clears it. */
  replaced_at?: string;
  replaced_reason?: FeedReplacedReason;
}

export type FeedReplacedReason = 'sign_out';

const feedKey = (userId: string) => ({ PK: userKey(userId), SK: USER_SK.calendarFeed });

export async function getFeed(userId: string): Promise<(StoredFeed & { LPK: string }) | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: feedKey(userId), ConsistentRead: true }));
  return Item as (StoredFeed & { LPK: string }) | undefined;
}

const newToken = () => randomBytes(CALENDAR_FEED.tokenBytes).toString('base64url');

/** A new token for the person's feed (the old one, if any, stops); the token is returned once and never kept. */
export async function issueFeed(userId: string, includeGoogle: boolean, now: Date): Promise<{ token: string; feed: StoredFeed }> {
  const token = newToken();
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

/**
 * After "Sign out everywhere" or a password reset: the feed, if the person has one, moves to a new
 * address at once (the old one, which an intruder may have read, answers 404 from now on). The new
 * token is thrown away unseen; the record says why, and Settings asks the person to get a new address.
 */
export async function replaceFeedAfterSignOut(userId: string, now: Date): Promise<void> {
  await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: feedKey(userId),
        UpdateExpression: 'SET LPK = :lookup, replaced_at = :now, replaced_reason = :reason, updated_at = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':lookup': calendarFeedLookupKey(newToken()).LPK,
          ':now': now.toISOString(),
          ':reason': 'sign_out' satisfies FeedReplacedReason,
        },
      }),
    ),
  );
}

/** Turns the feed off: its address answers 404 from now on. */
export async function removeFeed(userId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: feedKey(userId) }));
}

/**
 * Whose feed a token may open, by one Query on the token's hash; undefined when none. The index
 * follows the table a moment late: feedOfOwner checks what it found.
 */
export async function ownerOfToken(token: string): Promise<string | undefined> {
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
  return typeof pk === 'string' ? userIdOfKey(pk) : undefined;
}

/**
 * The person's feed, if `token` still opens it (their record, read consistently, holds its hash),
 * and the change counters of what it shows (functions/changes/ moves them on every change of the
 * person's events, tasks or settings), read before anything the feed is built from, so that a feed
 * built now is never older than the counters kept with it. Two Gets on keys.
 */
export async function feedOfOwner(userId: string, token: string): Promise<{ feed: StoredFeed; stamps: string } | undefined> {
  const [feed, { Item: counters }] = await Promise.all([
    getFeed(userId),
    db().send(new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: USER_SK.stamps } })),
  ]);
  if (feed?.LPK !== calendarFeedLookupKey(token).LPK) return undefined;
  const shown = ['events', 'tasks', 'settings'] as const satisfies readonly Stamped[];
  return { feed, stamps: shown.map((what) => Number(counters?.[what] ?? 0)).join('/') };
}

/**
 * Keeps what the feed just built is: its ETag, what it was built from, and since when it has been
 * so (`changedAt`, kept from before when the ETag is the same). Only while the token is still the feed's.
 */
export async function noteContent(userId: string, token: string, content: { etag: string; source: string; changedAt: string }): Promise<void> {
  await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: feedKey(userId),
        UpdateExpression: 'SET content_etag = :etag, content_source = :source, content_changed_at = :changed',
        ConditionExpression: 'LPK = :lookup',
        ExpressionAttributeValues: {
          ':etag': content.etag,
          ':source': content.source,
          ':changed': content.changedAt,
          ':lookup': calendarFeedLookupKey(token).LPK,
        },
      }),
    ),
  );
}
