import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PushSubscriptionCreate, PushSubscriptionEntry } from '../../shared/push-subscriptions.schema';
import { PUSH_SUBSCRIPTION_PREFIX, pushSubscriptionKey, USER_SK, userKey } from '../data/keys';
import { conditionally, db, queryItems, tableName } from '../platform/dynamo';
import { givePlaceBack, takePlace } from '../platform/places.repository';

/**
 * The browsers a person turned Web Push on in: one record each under their partition, named by the
 * hash of its endpoint, so the same browser subscribing again replaces its record. A counter record
 * beside them holds the cap: a new browser takes a place in it (a conditional update, so requests
 * sent side by side cannot share one) before its record is written, and a browser forgotten gives
 * its place back.
 */

/** More browsers than this is not a person's: the oldest must be removed first. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

export interface StoredSubscription extends PushSubscriptionEntry {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export const subscriptionIdOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

const counterKey = (userId: string) => ({ PK: userKey(userId), SK: USER_SK.browsers });

const subscriptionRecords = (userId: string, limit?: number) =>
  queryItems<StoredSubscription>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': PUSH_SUBSCRIPTION_PREFIX },
    ...(limit ? { Limit: limit } : {}),
  });

/** Every browser of the person's, oldest first (at most MAX_PUSH_SUBSCRIPTIONS, so one page). */
export async function subscriptionsOf(userId: string): Promise<StoredSubscription[]> {
  const found: StoredSubscription[] = [];
  for await (const { id, label, created_at, endpoint, keys } of subscriptionRecords(userId, MAX_PUSH_SUBSCRIPTIONS + 1)) {
    found.push({ id, label, created_at, endpoint, keys });
    if (found.length > MAX_PUSH_SUBSCRIPTIONS) break;
  }
  return found.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/**
 * Keeps a browser's subscription (a new one, or the same browser's again) and answers the entry
 * Settings lists; null when a new browser would pass MAX_PUSH_SUBSCRIPTIONS.
 */
export async function saveSubscription(userId: string, subscription: PushSubscriptionCreate, now: Date): Promise<PushSubscriptionEntry | null> {
  const id = subscriptionIdOf(subscription.endpoint);
  const stored: StoredSubscription = { id, label: subscription.label, created_at: now.toISOString(), endpoint: subscription.endpoint, keys: subscription.keys };
  const put = (condition: string | null) =>
    conditionally(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...pushSubscriptionKey(userId, id), ...stored },
          ...(condition ? { ConditionExpression: condition } : {}),
        }),
      ),
    );
  const entry = { id, label: stored.label, created_at: stored.created_at };
  // The same browser again holds its place already.
  if (await put('attribute_exists(PK)')) return entry;
  if (!(await takeBrowserPlace(userId))) return null;
  if (!(await put('attribute_not_exists(PK)'))) {
    // The same browser's request sent beside this one took a place first: this one replaces its record, and gives its own place back.
    await giveBrowserPlaceBack(userId);
    await put(null);
  }
  return entry;
}

/** Forgets a browser (removed in Settings, or gone at its push service); false when there was none. */
export async function removeSubscription(userId: string, id: string): Promise<boolean> {
  // An id no subscription can have names none; one longer than a sort key may be must not reach the table.
  if (!SUBSCRIPTION_ID.test(id)) return false;
  const removed = await conditionally(
    db().send(new DeleteCommand({ TableName: tableName(), Key: pushSubscriptionKey(userId, id), ConditionExpression: 'attribute_exists(PK)' })),
  );
  if (removed) await giveBrowserPlaceBack(userId);
  return removed;
}

/**
 * Forgets every browser of the person's (signed out everywhere, or a new password): none receives
 * their reminders any more. Each removal gives its place back, so the counter stays right even with
 * a browser subscribing meanwhile.
 */
export async function removeAllSubscriptions(userId: string): Promise<void> {
  // Read first, then remove: at most the cap's records (a few more kept before the counter came).
  const ids: string[] = [];
  for await (const { id } of subscriptionRecords(userId)) ids.push(id);
  await Promise.all(ids.map((id) => removeSubscription(userId, id)));
}

/** What subscriptionIdOf makes: a SHA-256 in base64url. */
const SUBSCRIPTION_ID = /^[A-Za-z0-9_-]{43}$/;

/** Takes a place under the cap for a new browser; false when all are taken. */
async function takeBrowserPlace(userId: string): Promise<boolean> {
  await countExisting(userId);
  return takePlace(counterKey(userId), MAX_PUSH_SUBSCRIPTIONS);
}

const giveBrowserPlaceBack = (userId: string) => givePlaceBack(counterKey(userId));

/**
 * Makes the counter at a person's first new browser since the cap's counter came: the browsers kept
 * before it (one Query, counting at most one past the cap), written only when there is none yet.
 */
async function countExisting(userId: string): Promise<void> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: counterKey(userId), ConsistentRead: true }));
  if (Item) return;
  const { Count } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': PUSH_SUBSCRIPTION_PREFIX },
      Select: 'COUNT',
      Limit: MAX_PUSH_SUBSCRIPTIONS + 1,
      ConsistentRead: true,
    }),
  );
  await conditionally(
    db().send(new PutCommand({ TableName: tableName(), Item: { ...counterKey(userId), count: Count ?? 0 }, ConditionExpression: 'attribute_not_exists(PK)' })),
  );
}
