import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { PURGE_CHECKPOINT_KEY } from '../data/keys';
import { db, tableName } from '../platform/dynamo';

/** The first day (UTC, 'YYYY-MM-DD') the next purge still has to read, once a run has finished a day. */
export async function readCheckpoint(): Promise<string | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: PURGE_CHECKPOINT_KEY }));
  return typeof Item?.next_day === 'string' ? Item.next_day : undefined;
}

export async function saveCheckpoint(nextDayToPurge: string): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...PURGE_CHECKPOINT_KEY, next_day: nextDayToPurge } }));
}
