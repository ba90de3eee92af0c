import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportStatus } from '../../shared/imports';
import type { ImportEntry } from '../../shared/imports.schema';
import { importChunkKey, importKey } from '../data/keys';
import { conditionally, db, tableName } from '../platform/dynamo';
import type { PlannedItem } from './plan';

/**
 * Imports, under the person's partition: the import's record (its preview, then its progress) and
 * its planned items in chunks, each well under DynamoDB's 400 KB an item, written when the preview is
 * made and read one at a time when it is applied. All carry a TTL at the import's expiry.
 */

interface ImportRecord extends ImportEntry {
  /** How many chunks hold its items, and how many of them are written. */
  chunks: number;
  chunks_done: number;
}

/** A chunk's most items, and its most bytes as JSON: one chunk is one consumer run's writes. */
export const CHUNK_ITEMS = 100;
const CHUNK_BYTES = 300_000;

const ttlOf = (expiresAt: string) => Math.ceil(Date.parse(expiresAt) / 1000);
const entryOf = ({ chunks: _chunks, chunks_done: _done, PK: _pk, SK: _sk, ttl: _ttl, ...entry }: ImportRecord & Record<string, unknown>): ImportEntry =>
  entry as ImportEntry;

/** The items split into chunks of at most CHUNK_ITEMS items and about CHUNK_BYTES, in order. */
export function chunksOf(items: readonly PlannedItem[]): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const item of items) {
    const json = JSON.stringify(item);
    if (current.length > 0 && (current.length >= CHUNK_ITEMS || bytes + json.length > CHUNK_BYTES)) {
      chunks.push(`[${current.join(',')}]`);
      current = [];
      bytes = 0;
    }
    current.push(json);
    bytes += json.length;
  }
  if (current.length > 0) chunks.push(`[${current.join(',')}]`);
  return chunks;
}

/** Saves a preview: its chunks first, then the record that names them, so a record found always has its items. */
export async function savePreview(userId: string, entry: ImportEntry, items: readonly PlannedItem[]): Promise<void> {
  const chunks = chunksOf(items);
  const ttl = ttlOf(entry.expires_at);
  for (const [index, chunk] of chunks.entries()) {
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...importChunkKey(userId, entry.id, index), items: chunk, ttl } }));
  }
  const record: ImportRecord = { ...entry, chunks: chunks.length, chunks_done: 0 };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...importKey(userId, entry.id), ...record, ttl } }));
}

/** The person's import, unless it expired (a TTL takes a while to remove an item: the expiry is checked too). */
export async function findImport(userId: string, importId: string, now: Date): Promise<(ImportEntry & { chunks: number }) | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: importKey(userId, importId), ConsistentRead: true }));
  if (!Item || Date.parse(String(Item.expires_at)) <= now.getTime()) return undefined;
  return { ...entryOf(Item as ImportRecord & Record<string, unknown>), chunks: Number(Item.chunks) };
}

/** Moves an import from one status to the next, only from `from`; false when it was not there (a second click, another tab). */
function moveStatus(userId: string, importId: string, from: ImportStatus, to: ImportStatus): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: importKey(userId, importId),
        UpdateExpression: 'SET #status = :to',
        ConditionExpression: '#status = :from AND chunks_done = :none',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':from': from, ':to': to, ':none': 0 },
      }),
    ),
  );
}

/** Confirms a preview; false when it was confirmed already. */
export const startApplying = (userId: string, importId: string) => moveStatus(userId, importId, 'previewed', 'applying');

/** Takes a confirmation back that could not be put on the bus, so that the person may confirm again. */
export const undoStartApplying = (userId: string, importId: string) => moveStatus(userId, importId, 'applying', 'previewed');

/** One chunk's planned items; undefined when it is gone (its import expired). */
export async function readChunk(userId: string, importId: string, chunk: number): Promise<PlannedItem[] | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: importChunkKey(userId, importId, chunk), ConsistentRead: true }));
  return Item ? (JSON.parse(String(Item.items)) as PlannedItem[]) : undefined;
}

/**
 * Counts one chunk written, once: only when it is the next one (a repeated run of a chunk counts
 * nothing again); the last one marks the import done. False when it was counted already.
 */
export async function recordChunkDone(userId: string, importId: string, chunk: number, chunks: number, made: number, existing: number): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: importKey(userId, importId),
        UpdateExpression: 'SET chunks_done = :next, #status = :status ADD made :made, existing :existing',
        ConditionExpression: 'chunks_done = :chunk',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':chunk': chunk,
          ':next': chunk + 1,
          ':status': chunk + 1 >= chunks ? 'done' : 'applying',
          ':made': made,
          ':existing': existing,
        },
      }),
    ),
  );
}
