import { DATA_EXPORT_LIMITS } from '../../shared/data-export';
import { now } from '../platform/clock';
import { busConsumer } from '../platform/consumer';
import { exportArchive } from './archive';
import { exportAccount } from './export-account';
import { deleteParts, finishExport, latestExport, saveParts } from './repository';

/**
 * Builds the zip of an export the person asked for (export.requested) and keeps it for download,
 * or marks the export failed when the zip is past what one download holds. Handled once per event
 * (two builds at once would write their parts over each other's).
 */
export const handler = busConsumer<'export.requested'>('exports/build', async ({ userId, exportId }) => {
  const latest = await latestExport(userId);
  // Replaced by a newer export since, or built already.
  if (latest?.id !== exportId || latest.status !== 'building') return;
  const zip = exportArchive(await exportAccount(userId));
  const at = now().toISOString();
  if (zip.length > DATA_EXPORT_LIMITS.maxZipBytes) {
    await finishExport(userId, exportId, { status: 'failed', failure: 'too_large' }, at);
    return;
  }
  await saveParts(userId, exportId, zip, latest.expires_at);
  // Replaced while it was built: its parts go, the newer export's build keeps its own.
  if (!(await finishExport(userId, exportId, { status: 'ready', size_bytes: zip.length }, at))) await deleteParts(userId, exportId);
});
