import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { gcalSyncStateKey } from '../data/keys';
import { db, tableName } from '../platform/dynamo';

/** Google's nextSyncToken from the last sync, and the window it was issued for (first day/last day/listing, functions/gcal/sync.ts). */
export interface SyncState {
  syncToken: string;
  window: string;
}

export async function getSyncState(userId: string): Promise<SyncState | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: gcalSyncStateKey(userId), ConsistentRead: true }));
  return Item ? { syncToken: String(Item.sync_token), window: String(Item.window) } : undefined;
}

export async function saveSyncState(userId: string, state: SyncState, now: Date): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...gcalSyncStateKey(userId), sync_token: state.syncToken, window: state.window, synced_at: now.toISOString() },
    }),
  );
}

/** The next sync is then a full one. */
export async function deleteSyncState(userId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: gcalSyncStateKey(userId) }));
}
