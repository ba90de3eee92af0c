import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WEBHOOK_LIMITS, WEBHOOK_SECRET_PREFIX, type WebhookEvent } from '../../shared/webhooks';
import type { WebhookCreate, WebhookEntry, WebhookUpdate } from '../../shared/webhooks.schema';
import { USER_SK, userKey, WEBHOOK_PREFIX, webhookKey } from '../data/keys';
import { openToken, sealToken } from '../gcal/token-cipher';
import { conditionally, db, tableName, unlessConditionFails } from '../platform/dynamo';
import { loadSecrets } from '../platform/secrets';
import { givePlaceBack, takePlace } from '../platform/places.repository';

/**
 * The person's webhooks: one record each under their partition, holding the signing secret sealed
 * (AES-256-GCM with TOKEN_ENCRYPTION_KEY, as Google's tokens are: functions/gcal/token-cipher.ts).
 * It cannot be kept as a hash only, as an access token is: every delivery is signed with it. A
 * counter record beside them holds the cap (platform/places.repository.ts), so requests sent side
 * by side cannot pass it. `failing_since` and `switched_off` are absent while the webhook takes
 * deliveries and is on.
 */

export interface StoredWebhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  switched_off?: { at: string; reason: 'failing' };
  failing_since?: string;
  created_at: string;
  /** The signing secret, sealed to the user. */
  secret: string;
}

/** What webhookKey's ids look like: any other id names none, without a read. */
export const WEBHOOK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const counterKey = (userId: string) => ({ PK: userKey(userId), SK: USER_SK.webhooks });

export const entryOf = ({ id, url, events, enabled, switched_off, failing_since, created_at }: StoredWebhook): WebhookEntry => ({
  id,
  url,
  events,
  enabled,
  switched_off: switched_off ?? null,
  failing_since: failing_since ?? null,
  created_at,
});

/** Every webhook of the person's, oldest first (at most the cap, so one page). */
export async function webhooksOf(userId: string): Promise<StoredWebhook[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': WEBHOOK_PREFIX },
      Limit: WEBHOOK_LIMITS.perAccount + 1,
    }),
  );
  return (Items as StoredWebhook[]).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function getWebhook(userId: string, id: string): Promise<StoredWebhook | undefined> {
  if (!WEBHOOK_ID.test(id)) return undefined;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: webhookKey(userId, id) }));
  return Item as StoredWebhook | undefined;
}

/** The secret a delivery is signed with. */
export async function openSecret(userId: string, webhook: StoredWebhook): Promise<string> {
  await loadSecrets(['TOKEN_ENCRYPTION_KEY']);
  return openToken(webhook.secret, userId);
}

/** Keeps a new webhook with a new secret, answered once; null past WEBHOOK_LIMITS.perAccount. */
export async function addWebhook(userId: string, { url, events }: WebhookCreate, now: Date): Promise<{ webhook: StoredWebhook; secret: string } | null> {
  if (!(await takePlace(counterKey(userId), WEBHOOK_LIMITS.perAccount))) return null;
  await loadSecrets(['TOKEN_ENCRYPTION_KEY']);
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
  const webhook: StoredWebhook = { id: randomUUID(), url, events, enabled: true, created_at: now.toISOString(), secret: sealToken(secret, userId) };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...webhookKey(userId, webhook.id), ...webhook } }));
  return { webhook, secret };
}

/**
 * Another address or other events, or switched off or on. Switched on (again), it starts afresh:
 * whatever it failed before, and the server's switch-off, are forgotten. Null when there is none.
 */
export async function updateWebhook(userId: string, id: string, change: WebhookUpdate): Promise<StoredWebhook | null> {
  if (!WEBHOOK_ID.test(id)) return null;
  const set: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const field of ['url', 'events', 'enabled'] as const) {
    if (change[field] === undefined) continue;
    set.push(`#${field} = :${field}`);
    names[`#${field}`] = field;
    values[`:${field}`] = change[field];
  }
  // Any change that keeps it off keeps the server's word on why; one that puts it on, or off by the person, does not.
  const remove = change.enabled === undefined ? [] : ['switched_off', 'failing_since'];
  if (set.length === 0 && remove.length === 0) return (await getWebhook(userId, id)) ?? null;
  const result = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKey(userId, id),
        UpdateExpression: [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''].join(' ').trim(),
        ConditionExpression: 'attribute_exists(PK)',
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names, ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return (result?.Attributes as StoredWebhook | undefined) ?? null;
}

/** Removes a webhook: nothing more is sent to it, and its deliveries' log lapses with their TTL. False when there was none. */
export async function removeWebhook(userId: string, id: string): Promise<boolean> {
  if (!WEBHOOK_ID.test(id)) return false;
  const removed = await conditionally(
    db().send(new DeleteCommand({ TableName: tableName(), Key: webhookKey(userId, id), ConditionExpression: 'attribute_exists(PK)' })),
  );
  if (removed) await givePlaceBack(counterKey(userId));
  return removed;
}

/** The webhook took a delivery: it is failing no more. */
export async function markTaking(userId: string, id: string): Promise<void> {
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKey(userId, id),
        UpdateExpression: 'REMOVE failing_since',
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
}

/** A try failed: from now on it is failing, unless it was already (the earlier time stands). */
export async function markFailing(userId: string, id: string, at: Date): Promise<void> {
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKey(userId, id),
        UpdateExpression: 'SET failing_since = if_not_exists(failing_since, :at)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    ),
  );
}

/**
 * Switches off a webhook that has taken nothing since `failingSince` (still on, still failing since
 * then): true for the one call that switched it off, so the person is told once.
 */
export async function switchOff(userId: string, id: string, failingSince: string, at: Date): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKey(userId, id),
        UpdateExpression: 'SET enabled = :off, switched_off = :why',
        ConditionExpression: 'enabled = :on AND failing_since = :since',
        ExpressionAttributeValues: { ':off': false, ':on': true, ':since': failingSince, ':why': { at: at.toISOString(), reason: 'failing' } },
      }),
    ),
  );
}
