import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PushSubscriptionCreate, PushSubscriptionEntry } from '../../shared/push-subscriptions.schema';
import { PUSH_SUBSCRIPTION_PREFIX, pushSubscriptionKey, userKey } from '../data/keys';
import { conditionally, db, queryItems, tableName } from '../platform/dynamo';

/**
 * The browsers a person turned Web Push on in: one record each under their partition, named by the
 * hash of its endpoint, so the same browser subscribing again replaces its record.
 */

/** More browsers than this is not a person's: the oldest must be removed first. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

export interface StoredSubscription extends PushSubscriptionEntry {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export const subscriptionIdOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

/** Every browser of the person's, oldest first (at most MAX_PUSH_SUBSCRIPTIONS, so one page). */
export async function subscriptionsOf(userId: string): Promise<StoredSubscription[]> {
  const found: StoredSubscription[] = [];
  const records = queryItems<StoredSubscription>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': PUSH_SUBSCRIPTION_PREFIX },
    Limit: MAX_PUSH_SUBSCRIPTIONS + 1,
  });
  for await (const { id, label, created_at, endpoint, keys } of records) {
    found.push({ id, label, created_at, endpoint, keys });
    if (found.length > MAX_PUSH_SUBSCRIPTIONS) break;
  }
  return found.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Keeps a browser's subscription (a new one, or the same browser's again); the entry Settings lists. */
export async function saveSubscription(userId: string, subscription: PushSubscriptionCreate, now: Date): Promise<PushSubscriptionEntry> {
  const id = subscriptionIdOf(subscription.endpoint);
  const stored: StoredSubscription = { id, label: subscription.label, created_at: now.toISOString(), endpoint: subscription.endpoint, keys: subscription.keys };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...pushSubscriptionKey(userId, id), ...stored } }));
  return { id, label: stored.label, created_at: stored.created_at };
}

/** What subscriptionIdOf makes: a SHA-256 in base64url. */
const SUBSCRIPTION_ID = /^[A-Za-z0-9_-]{43}$/;

/** Forgets a browser (removed in Settings, or gone at its push service); false when there was none. */
export async function removeSubscription(userId: string, id: string): Promise<boolean> {
  // An id no subscription can have names none; one longer than a sort key may be must not reach the table.
  if (!SUBSCRIPTION_ID.test(id)) return false;
  return conditionally(
    db().send(new DeleteCommand({ TableName: tableName(), Key: pushSubscriptionKey(userId, id), ConditionExpression: 'attribute_exists(PK)' })),
  );
}
