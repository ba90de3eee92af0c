import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { webhookDeliveryKey, webhookLogPartition } from '../data/keys';
import { db, queryPages, tableName } from '../platform/dynamo';
import type { StoredDelivery } from './deliveries.repository';

/** What deleting a webhook's log needs of each delivery: its id, and whether a later try is scheduled. */
export type LoggedDelivery = Pick<StoredDelivery, 'id' | 'status' | 'attempts' | 'next_attempt_at'>;

/** A webhook's whole delivery log, a page at a time (its TTL bounds it to WEBHOOK_LIMITS.logDays of deliveries). */
export function deliveryLogPages(userId: string, webhookId: string): AsyncGenerator<LoggedDelivery[]> {
  return queryPages<LoggedDelivery>({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': webhookLogPartition(userId, webhookId) },
    ProjectionExpression: 'id, #status, attempts, next_attempt_at',
    ExpressionAttributeNames: { '#status': 'status' },
  });
}

/** Deletes deliveries of a webhook's log; one gone already is fine. */
export async function deleteDeliveries(userId: string, webhookId: string, ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => db().send(new DeleteCommand({ TableName: tableName(), Key: webhookDeliveryKey(userId, webhookId, id) }))));
}
