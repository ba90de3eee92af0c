import type { ScheduledEvent } from 'aws-lambda';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DAY_MS } from '../../shared/dates';
import { expiryPartition, KIND_OF_PREFIX, PURGE_CHECKPOINT_KEY, userIdOfKey } from '../data/keys';
import { withoutKeys } from '../items/repository';
import { afterSave } from '../items/service';
import { now } from '../platform/clock';
import { conditionally, db, queryItems, tableName } from '../platform/dynamo';
import { log } from '../platform/log';

/** How far back the first run looks for expired trash; later runs go on from their checkpoint. */
const FIRST_RUN_LOOKBACK_DAYS = 30;

/**
 * Scheduled: deletes for good the goals, tasks and events that have been in the trash more than
 * 10 days. It reads only the expiry index's partitions of the days that have come due, so its cost
 * follows the expired items, not the live ones. Safe to run twice: each delete is conditional on
 * the item still being the same trashed item.
 */
export async function handler(_event?: ScheduledEvent): Promise<{ purged: number }> {
  const startedAt = now();
  const today = startedAt.toISOString().slice(0, 10);
  const start = await firstDayToPurge(startedAt);
  let purged = 0;
  for (let day = start; day <= today; day = nextDay(day)) {
    purged += await purgeDay(day, startedAt);
    // A past day is done for good: nothing can expire on it later.
    if (day < today) await saveCheckpoint(nextDay(day));
  }
  log.info('trash purge finished', { purged, from: start, to: today });
  return { purged };
}

async function purgeDay(day: string, now: Date): Promise<number> {
  let purged = 0;
  const expired = queryItems<ExpiryEntry>({
    IndexName: 'byExpiry',
    KeyConditionExpression: 'XPK = :day AND XSK <= :now',
    ExpressionAttributeValues: { ':day': expiryPartition(day), ':now': `${now.toISOString()}~` },
  });
  for await (const entry of expired) if (await purgeOne(entry)) purged += 1;
  return purged;
}

interface ExpiryEntry {
  PK: string;
  SK: string;
  XSK: string;
}

async function purgeOne(entry: ExpiryEntry): Promise<boolean> {
  let old: Record<string, unknown> | undefined;
  const deleted = await conditionally(
    db()
      .send(
        new DeleteCommand({
          TableName: tableName(),
          Key: { PK: entry.PK, SK: entry.SK },
          ConditionExpression: 'XSK = :xsk',
          ExpressionAttributeValues: { ':xsk': entry.XSK },
          ReturnValues: 'ALL_OLD',
        }),
      )
      .then(({ Attributes }) => (old = Attributes)),
  );
  if (!deleted || !old) return false;
  const userId = userIdOfKey(entry.PK);
  const kind = KIND_OF_PREFIX[entry.SK.split('#')[0]!]!;
  await afterSave(userId, kind, 'item.purged', null, withoutKeys(old), now().toISOString());
  return true;
}

async function firstDayToPurge(now: Date): Promise<string> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: PURGE_CHECKPOINT_KEY }));
  if (typeof Item?.next_day === 'string') return Item.next_day;
  return new Date(now.getTime() - FIRST_RUN_LOOKBACK_DAYS * DAY_MS).toISOString().slice(0, 10);
}

async function saveCheckpoint(nextDayToPurge: string): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...PURGE_CHECKPOINT_KEY, next_day: nextDayToPurge } }));
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}
