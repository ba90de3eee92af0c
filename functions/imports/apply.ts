import { insertImported } from '../items/imported';
import { publish } from '../platform/bus';
import { now } from '../platform/clock';
import { busConsumer } from '../platform/consumer';
import { findImport, readChunk, recordChunkDone } from './imports.repository';

/**
 * Bus consumer of import.chunk-due: writes one chunk of a confirmed import (at most CHUNK_ITEMS
 * items, functions/imports/imports.repository.ts), counts it, and puts the next chunk on the bus,
 * so that no run's work grows with the file. Every write is conditional on the item's id, so a
 * repeated run makes nothing twice, and a chunk is counted once.
 */
export const handler = busConsumer<'import.chunk-due'>('imports/apply', async ({ userId, importId, chunk }) => {
  const at = now();
  const found = await findImport(userId, importId, at);
  if (!found || found.status !== 'applying') return;
  const items = await readChunk(userId, importId, chunk);
  if (!items) return;
  const { made, existing } = await insertImported(userId, items, at);
  const counted = await recordChunkDone(userId, importId, chunk, found.chunks, made, existing);
  if (counted && chunk + 1 < found.chunks) {
    await publish('import.chunk-due', { userId, importId, chunk: chunk + 1, occurredAt: at.toISOString() });
  }
});
