import { randomUUID } from 'node:crypto';
import { DATA_EXPORT_LIMITS, DATA_EXPORT_MESSAGES } from '../../shared/data-export';
import type { DataExportEntry } from '../../shared/data-export.schema';
import { publish } from '../platform/bus';
import { currentTraceHeaders } from '../platform/error-reporting';
import { conflict, HttpError } from '../platform/errors';
import { deleteParts, finishExport, latestExport, readZip, startExport, type StoredExport } from './repository';

const DAY_MS = 86_400_000;
const staleBefore = (now: Date) => new Date(now.getTime() - DATA_EXPORT_LIMITS.buildMinutes * 60_000).toISOString();

/**
 * The latest export as the person sees it: none once expired (the TTL removes it within days,
 * DynamoDB's TTL being late), and failed once its build has run past any function's time.
 */
function shown(stored: StoredExport | undefined, now: Date): DataExportEntry | undefined {
  if (!stored || Date.parse(stored.expires_at) <= now.getTime()) return undefined;
  if (stored.status === 'building' && stored.created_at < staleBefore(now)) return { ...stored, status: 'failed', failure: 'failed' };
  return stored;
}

export async function currentExport(userId: string, now: Date): Promise<DataExportEntry | undefined> {
  return shown(await latestExport(userId), now);
}

/**
 * Starts an export, built in the background (functions/exports/build.ts), which replaces the
 * previous one (its zip is deleted). One at a time: 409 while one is being made.
 */
export async function requestExport(userId: string, now: Date): Promise<DataExportEntry> {
  const previous = await latestExport(userId);
  const createdAt = now.toISOString();
  const started: StoredExport = {
    id: randomUUID(),
    status: 'building',
    failure: null,
    created_at: createdAt,
    ready_at: null,
    expires_at: new Date(now.getTime() + DATA_EXPORT_LIMITS.keptDays * DAY_MS).toISOString(),
    size_bytes: null,
  };
  if (!(await startExport(userId, started, staleBefore(now)))) throw conflict(DATA_EXPORT_MESSAGES.busy);
  try {
    await publish('export.requested', { userId, exportId: started.id, occurredAt: createdAt, trace: currentTraceHeaders() });
  } catch (error) {
    // Nothing will build it: the person may ask again at once.
    await finishExport(userId, started.id, { status: 'failed', failure: 'failed' }, createdAt);
    throw error;
  }
  if (previous) await deleteParts(userId, previous.id);
  return started;
}

/** The zip of the person's latest export, while it is ready and kept; another id (another person's, an older one) is not found. */
export async function exportZip(userId: string, exportId: string, now: Date): Promise<{ entry: DataExportEntry; zip: Uint8Array }> {
  const entry = await currentExport(userId, now);
  if (entry?.id !== exportId || entry.status !== 'ready') throw new HttpError(404, 'not_found', DATA_EXPORT_MESSAGES.notReady);
  return { entry, zip: await readZip(userId, exportId) };
}
