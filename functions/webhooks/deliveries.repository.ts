import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WEBHOOK_LIMITS, type WebhookDeliveryStatus, type WebhookEvent } from '../../shared/webhooks';
import type { WebhookDelivery } from '../../shared/webhooks.schema';
import { webhookDeliveryKey, webhookLogPartition } from '../data/keys';
import { conditionally, db, tableName, unlessConditionFails } from '../platform/dynamo';

/**
 * A webhook's delivery log: one record per message, in the webhook's partition (functions/data/keys.ts),
 * with the signed body kept for its later tries, and a TTL of WEBHOOK_LIMITS.logDays.
 */

export interface StoredDelivery extends WebhookDelivery {
  webhook_id: string;
  /** The body every try sends, as signed. */
  body: string;
}

/**
 * A delivery's id, its `webhook-id`: the event's time (so the log sorts by it) and a hash of the
 * change and the webhook. A change the bus hands over twice makes the same id, so one message.
 */
export function deliveryIdOf(changeId: string, webhookId: string, occurredAt: string): string {
  const time = Date.parse(occurredAt).toString(36).padStart(9, '0');
  return `msg_${time}${createHash('sha256').update(`${changeId}\n${webhookId}`).digest('base64url').slice(0, 22)}`;
}

/** What deliveryIdOf makes: any other id names none, without a read. */
export const DELIVERY_ID = /^msg_[0-9a-z]{9}[\w-]{22}$/;

const KEPT_SECONDS = WEBHOOK_LIMITS.logDays * 86_400;

export const deliveryOf = ({
  id,
  event,
  status,
  attempts,
  last_status_code,
  last_error,
  next_attempt_at,
  created_at,
  updated_at,
}: StoredDelivery): WebhookDelivery => ({
  id,
  event,
  status,
  attempts,
  last_status_code,
  last_error,
  next_attempt_at,
  created_at,
  updated_at,
});

/** Keeps a new delivery, waiting for its first try; false when it is there already (the same change again). */
export async function createDelivery(
  userId: string,
  webhookId: string,
  delivery: { id: string; event: WebhookEvent; body: string },
  now: Date,
): Promise<StoredDelivery | null> {
  const at = now.toISOString();
  const stored: StoredDelivery = {
    ...delivery,
    webhook_id: webhookId,
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    last_error: null,
    next_attempt_at: at,
    created_at: at,
    updated_at: at,
  };
  const created = await conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...webhookDeliveryKey(userId, webhookId, delivery.id), ...stored, ttl: Math.floor(now.getTime() / 1000) + KEPT_SECONDS },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
  return created ? stored : null;
}

export async function getDelivery(userId: string, webhookId: string, deliveryId: string): Promise<StoredDelivery | undefined> {
  if (!DELIVERY_ID.test(deliveryId)) return undefined;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: webhookDeliveryKey(userId, webhookId, deliveryId) }));
  return Item as StoredDelivery | undefined;
}

/** The webhook's latest deliveries, newest first: at most WEBHOOK_LIMITS.logShown, one Query. */
export async function deliveriesOf(userId: string, webhookId: string): Promise<WebhookDelivery[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': webhookLogPartition(userId, webhookId) },
      ScanIndexForward: false,
      Limit: WEBHOOK_LIMITS.logShown,
    }),
  );
  return (Items as StoredDelivery[]).map(deliveryOf);
}

/**
 * Records a try's outcome, if no other try was recorded since the delivery was read (`attempts`
 * as read, still pending): the record as it is now, or null when another run got there first.
 */
export async function recordTry(
  userId: string,
  delivery: StoredDelivery,
  outcome: { status: WebhookDeliveryStatus; statusCode: number | null; error: string | null; nextAttemptAt: string | null },
  now: Date,
): Promise<StoredDelivery | null> {
  const result = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookDeliveryKey(userId, delivery.webhook_id, delivery.id),
        UpdateExpression:
          'SET #status = :status, attempts = :attempts, last_status_code = :code, last_error = :error, next_attempt_at = :next, updated_at = :now',
        ConditionExpression: 'attempts = :before AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':attempts': delivery.attempts + 1,
          ':code': outcome.statusCode,
          ':error': outcome.error,
          ':next': outcome.nextAttemptAt,
          ':now': now.toISOString(),
          ':before': delivery.attempts,
          ':pending': 'pending',
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return (result?.Attributes as StoredDelivery | undefined) ?? null;
}

/** Fails a pending delivery without another try (its webhook was switched off since): dead-lettered, as after its last. */
export async function failPending(userId: string, delivery: StoredDelivery, why: string, now: Date): Promise<void> {
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookDeliveryKey(userId, delivery.webhook_id, delivery.id),
        UpdateExpression: 'SET #status = :failed, last_status_code = :none, last_error = :why, next_attempt_at = :none, updated_at = :now',
        ConditionExpression: 'attempts = :attempts AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':pending': 'pending',
          ':none': null,
          ':why': why,
          ':attempts': delivery.attempts,
          ':now': now.toISOString(),
        },
      }),
    ),
  );
}

/** Takes a failed delivery back for one more try the person asked for; null unless it had failed (a second click meanwhile). */
export async function claimFailed(userId: string, delivery: StoredDelivery, now: Date): Promise<StoredDelivery | null> {
  const result = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookDeliveryKey(userId, delivery.webhook_id, delivery.id),
        UpdateExpression: 'SET #status = :pending, next_attempt_at = :now, updated_at = :now',
        ConditionExpression: '#status = :failed AND attempts = :attempts',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending', ':failed': 'failed', ':attempts': delivery.attempts, ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return (result?.Attributes as StoredDelivery | undefined) ?? null;
}
