import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionally, db, tableName } from './dynamo';

/**
 * A cap held by construction: a counter record of places taken, one conditional update per place,
 * so requests sent side by side cannot share one. What takes a place gives it back when it goes.
 */

type Key = { PK: string; SK: string };

/** Takes a place under `max`; false when all are taken. */
export async function takePlace(key: Key, max: number): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':max': max },
      }),
    ),
  );
}

/** Gives a place back; never below none. */
export async function givePlaceBack(key: Key): Promise<void> {
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    ),
  );
}
