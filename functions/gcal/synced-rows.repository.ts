import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { syncedRowKey, userKey } from '../data/keys';
import { conditionally, db, queryItems, tableName } from '../platform/dynamo';

/** The gcal_events rows (GCALEVENT#<google id>): one per synced Google event, see synced-events.ts. */

/** Marks the row's copy made; a row gone already (a disconnect or a cleanup in between) stays gone. */
export async function markCopied(userId: string, googleId: string): Promise<void> {
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: userKey(userId), SK: syncedRowKey(googleId) },
        UpdateExpression: 'SET copied = :yes',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':yes': true },
      }),
    ),
  );
}

/** Whether the local copy of a Google event was made once and has since been deleted for good. */
export async function wasDeletedForGood(userId: string, googleId: string): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: syncedRowKey(googleId) }, ConsistentRead: true }));
  return Item?.copied === true;
}

/** The row of a Google event, written before its local copy. */
export async function putSyncedRow(userId: string, googleId: string, eventId: string, at: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: userKey(userId), SK: syncedRowKey(googleId), google_id: googleId, event_id: eventId, synced_at: at },
    }),
  );
}

/** Deletes the row of a Google event, after its local copy. */
export async function deleteSyncedRow(userId: string, googleId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: syncedRowKey(googleId) } }));
}

/** The Google ids of the user's synced events (those starting with `googleIdPrefix`: a series' occurrences), read from the rows. */
export async function* syncedGoogleIds(userId: string, googleIdPrefix = ''): AsyncGenerator<string> {
  const rows = queryItems({
    KeyConditionExpression: 'PK = :user AND begins_with(SK, :rows)',
    ExpressionAttributeValues: { ':user': userKey(userId), ':rows': syncedRowKey(googleIdPrefix) },
    ProjectionExpression: 'google_id',
    ConsistentRead: true,
  });
  for await (const row of rows) yield String(row.google_id);
}
