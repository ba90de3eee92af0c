import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DataExportFailure } from '../../shared/data-export';
import type { DataExportEntry } from '../../shared/data-export.schema';
import { dataExportKey, dataExportPartKey, dataExportPartPrefix, userKey } from '../data/keys';
import { conditionally, db, queryItems, tableName } from '../platform/dynamo';

/**
 * An export's zip is kept in the table, in parts under the person's partition (no S3 in the local
 * stack yet: docs/data-export.md), each well under DynamoDB's 400 KB an item.
 */
const PART_BYTES = 300 * 1024;

/** The latest export as stored: what Settings lists, and its TTL. */
export type StoredExport = DataExportEntry;

const epochSeconds = (instant: string) => Math.floor(Date.parse(instant) / 1000);

/** The person's latest export, if one is kept (read consistently: the build and the download act on it). */
export async function latestExport(userId: string): Promise<StoredExport | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: dataExportKey(userId), ConsistentRead: true }));
  if (!Item) return undefined;
  const { id, status, failure, created_at, ready_at, expires_at, size_bytes } = Item as StoredExport;
  return { id, status, failure, created_at, ready_at, expires_at, size_bytes };
}

/**
 * Records a new export as being made, replacing the latest unless that one is still being made
 * (and was started less than `staleBefore` ago): false then, and nothing is written. Two requests
 * at once make one export.
 */
export async function startExport(userId: string, started: StoredExport, staleBefore: string): Promise<boolean> {
  return conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...dataExportKey(userId), ...started, ttl: epochSeconds(started.expires_at) },
        ConditionExpression: 'attribute_not_exists(PK) OR #status <> :building OR created_at < :stale',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':building': 'building', ':stale': staleBefore },
      }),
    ),
  );
}

/** Keeps the zip of an export in parts, each with the export's TTL. */
export async function saveParts(userId: string, exportId: string, zip: Uint8Array, expiresAt: string): Promise<void> {
  const parts = Array.from({ length: Math.ceil(zip.length / PART_BYTES) }, (_, index) => zip.subarray(index * PART_BYTES, (index + 1) * PART_BYTES));
  await Promise.all(
    parts.map((data, index) =>
      db().send(
        new PutCommand({ TableName: tableName(), Item: { ...dataExportPartKey(userId, exportId, index), zip_part: data, ttl: epochSeconds(expiresAt) } }),
      ),
    ),
  );
}

/** The zip of an export, its parts read back in order (the build keeps at most DATA_EXPORT_LIMITS.maxZipBytes of them). */
export async function readZip(userId: string, exportId: string): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of partsOf(userId, exportId, 'zip_part')) parts.push(part.zip_part as Uint8Array);
  return Buffer.concat(parts);
}

/** Deletes the parts of an export (replaced, or finished after another replaced it). */
export async function deleteParts(userId: string, exportId: string): Promise<void> {
  const keys: Array<{ PK: string; SK: string }> = [];
  for await (const part of partsOf(userId, exportId, 'PK, SK')) keys.push({ PK: String(part.PK), SK: String(part.SK) });
  await Promise.all(keys.map((Key) => db().send(new DeleteCommand({ TableName: tableName(), Key }))));
}

function partsOf(userId: string, exportId: string, projection: string) {
  return queryItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': dataExportPartPrefix(exportId) },
    ProjectionExpression: projection,
    ConsistentRead: true,
  });
}

type Outcome = { status: 'ready'; size_bytes: number } | { status: 'failed'; failure: DataExportFailure };

/** Marks an export ready or failed, if it is still the latest and being made; false when it is not. */
export async function finishExport(userId: string, exportId: string, outcome: Outcome, at: string): Promise<boolean> {
  const ready = outcome.status === 'ready';
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: dataExportKey(userId),
        UpdateExpression: ready ? 'SET #status = :status, ready_at = :at, size_bytes = :size' : 'SET #status = :status, failure = :failure',
        ConditionExpression: 'id = :id AND #status = :building',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':id': exportId,
          ':building': 'building',
          ':status': outcome.status,
          ...(ready ? { ':at': at, ':size': outcome.size_bytes } : { ':failure': outcome.failure }),
        },
      }),
    ),
  );
}
