import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { gcalSyncStateKey } from '../data/keys';
import { conditionally, db, tableName, unlessConditionFails } from '../platform/dynamo';

/**
 * One record per person: Google's nextSyncToken from the last sync and the window it was issued
 * for (first day/last day/listing, functions/gcal/sync.ts), and the lock that lets one sync of
 * theirs run at a time (`sync_lock`, whose lease ends at `sync_lock_until`).
 */
export interface SyncState {
  syncToken: string;
  window: string;
}

export async function getSyncState(userId: string): Promise<SyncState | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: gcalSyncStateKey(userId), ConsistentRead: true }));
  // A record holding only a lock has no token yet.
  return typeof Item?.sync_token === 'string' ? { syncToken: Item.sync_token, window: String(Item.window) } : undefined;
}

export async function saveSyncState(userId: string, state: SyncState, now: Date): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: gcalSyncStateKey(userId),
      UpdateExpression: 'SET sync_token = :token, #window = :window, synced_at = :at',
      ExpressionAttributeNames: { '#window': 'window' },
      ExpressionAttributeValues: { ':token': state.syncToken, ':window': state.window, ':at': now.toISOString() },
    }),
  );
}

/** The next sync is then a full one. */
export async function deleteSyncState(userId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: gcalSyncStateKey(userId) }));
}

/** Takes the person's sync lock for `holder` until `leaseMs` from now; false while another holds it. */
export async function takeSyncLock(userId: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: gcalSyncStateKey(userId),
        UpdateExpression: 'SET sync_lock = :holder, sync_lock_until = :until',
        ConditionExpression: 'attribute_not_exists(sync_lock_until) OR sync_lock_until < :now',
        ExpressionAttributeValues: { ':holder': holder, ':until': new Date(now.getTime() + leaseMs).toISOString(), ':now': now.toISOString() },
      }),
    ),
  );
}

/** Gives the lock back, if `holder` still has it (a lease that ran out may have gone to another). */
export async function releaseSyncLock(userId: string, holder: string): Promise<void> {
  await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: gcalSyncStateKey(userId),
        UpdateExpression: 'REMOVE sync_lock, sync_lock_until',
        ConditionExpression: 'sync_lock = :holder',
        ExpressionAttributeValues: { ':holder': holder },
      }),
    ),
  );
}
