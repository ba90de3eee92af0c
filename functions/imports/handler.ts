import { randomUUID } from 'node:crypto';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../shared/imports';
import type { ImportEntry, ImportUploadQuery } from '../../shared/imports.schema';
import { refuseForDemo } from '../demo/allowance';
import { publish } from '../platform/bus';
import { conflict, notFound } from '../platform/errors';
import { created, httpHandler, ok } from '../platform/http';
import { userTimeZone } from '../settings/account-settings';
import { findImport, recordChunkDone, savePreview, startApplying, undoStartApplying } from './imports.repository';
import { readFile } from './read-file';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The person's import, or a 404 (another person's is not found, exactly like a missing one). */
async function importOf(userId: string, id: string, now: Date) {
  const found = UUID.test(id) ? await findImport(userId, id, now) : undefined;
  if (!found) throw notFound();
  return found;
}

/** Settings → "Import": a signed-in session's only (routes.ts marks them sessionOnly). */
export const handler = httpHandler('imports', {
  // The file is read whole here (it is bounded, and so is what it unpacks to): the preview writes its plan, never an item.
  'POST /api/imports': async ({ userId, body, query, now }) => {
    await refuseForDemo(userId, IMPORT_MESSAGES.demo);
    // Parsed with ImportUploadQuerySchema before this runs (routes.ts).
    const { name: fileName = '', projects } = query as ImportUploadQuery;
    const plan = readFile(body, { userId, fileName, projects, timeZone: await userTimeZone(userId), now });
    const entry: ImportEntry = {
      id: randomUUID(),
      format: plan.format,
      file_name: fileName,
      projects,
      status: 'previewed',
      counts: plan.counts,
      trashed: plan.trashed,
      skipped_count: plan.skippedCount,
      skipped: plan.skipped,
      notes_count: plan.notesCount,
      notes: plan.notes,
      made: 0,
      existing: 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IMPORT_LIMITS.keptHours * 3_600_000).toISOString(),
    };
    await savePreview(userId, entry, plan.items);
    return created(entry);
  },

  'GET /api/imports/{id}': async ({ userId, params, now }) => {
    const { chunks: _chunks, ...entry } = await importOf(userId, params.id!, now);
    return ok(entry);
  },

  // The writing goes on in the background, a chunk a run (functions/imports/apply.ts), however many items there are.
  'POST /api/imports/{id}/apply': async ({ userId, params, now }) => {
    const { chunks, ...entry } = await importOf(userId, params.id!, now);
    if (!(await startApplying(userId, entry.id))) throw conflict(IMPORT_MESSAGES.notPreviewed);
    if (chunks === 0) {
      await recordChunkDone(userId, entry.id, 0, 0, 0, 0);
      return { status: 202, body: { ...entry, status: 'done' } };
    }
    try {
      await publish('import.chunk-due', { userId, importId: entry.id, chunk: 0, occurredAt: now.toISOString() });
    } catch (error) {
      await undoStartApplying(userId, entry.id);
      throw error;
    }
    return { status: 202, body: { ...entry, status: 'applying' } };
  },
});
