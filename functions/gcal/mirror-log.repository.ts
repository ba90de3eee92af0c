import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DAY_MS } from '../../shared/dates';
import { MirrorLogEntrySchema, type MirrorLogEntry } from '../../shared/gcal.schema';
import { GCAL_SK, mirrorLogKey, userKey } from '../data/keys';
import { db, tableName } from '../platform/dynamo';

/** What the mirror did with each local event change, kept a while for the person and for idempotency. */
const KEPT_DAYS = 30;
const LISTED = 50;

/** Which bus event of whose change an entry answers. */
export interface MirroredChange {
  userId: string;
  occurredAt: string;
  busEventId: string;
}

const entryKey = ({ userId, occurredAt, busEventId }: MirroredChange) => mirrorLogKey(userId, occurredAt, busEventId);

export async function isLogged(change: MirroredChange): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: entryKey(change), ConsistentRead: true, ProjectionExpression: 'SK' }));
  return Boolean(Item);
}

export async function logMirror(change: MirroredChange, entry: MirrorLogEntry): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...entryKey(change), ...entry, ttl: Math.ceil((Date.parse(entry.at) + KEPT_DAYS * DAY_MS) / 1000) },
    }),
  );
}

/** The latest entries, newest change first. */
export async function listMirrorLog(userId: string): Promise<MirrorLogEntry[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :user AND begins_with(SK, :log)',
      ExpressionAttributeValues: { ':user': userKey(userId), ':log': GCAL_SK.mirrorPrefix },
      ScanIndexForward: false,
      Limit: LISTED,
    }),
  );
  // Parsing leaves the table's own attributes (keys, ttl) out.
  return (Items ?? []).map((item) => MirrorLogEntrySchema.parse(item));
}
