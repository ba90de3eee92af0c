import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { idempotencyPartition } from '../data/keys';
import { tableName } from './dynamo';

/**
 * Powertools' idempotency records of one bus consumer, in the single table: one partition per
 * consumer (IDEMPOTENCY#<consumer>), the event's hash as sort key, gone by TTL. A store is
 * configured once, so each consumer has its own.
 */
export function idempotencyStore(consumer: string): DynamoDBPersistenceLayer {
  return new DynamoDBPersistenceLayer({
    tableName: tableName(),
    keyAttr: 'PK',
    sortKeyAttr: 'SK',
    staticPkValue: idempotencyPartition(consumer),
    expiryAttr: 'ttl',
  });
}
