import useSWR from 'swr';
import { dataExportFileName } from '../../../../../shared/data-export';
import type { DataExportEntry } from '../../../../../shared/data-export.schema';
import { API_ERRORS } from '../../../../../shared/messages';
import { ApiError, apiRequest, toApiError } from '../../../lib/api';
import { sessionIdToken } from '../../../lib/session';

const EXPORTS_KEY = '/api/exports';

/**
 * The latest export of the person's data (or none), read again every `refreshMs` while it is being
 * made, so the section says when it is ready even after the person left the page and came back.
 */
export function useDataExport(refreshMs: number) {
  return useSWR(EXPORTS_KEY, async () => (await apiRequest<{ items: DataExportEntry[] }>(EXPORTS_KEY, { signedIn: true })).items[0] ?? null, {
    revalidateOnFocus: false,
    refreshInterval: (latest) => (latest?.status === 'building' ? refreshMs : 0),
  });
}

/** Starts an export, made in the background; it replaces the previous one. */
export const requestDataExport = () => apiRequest<DataExportEntry>(EXPORTS_KEY, { method: 'POST', signedIn: true });

/**
 * Downloads the export's zip with the person's token (a link could not send it) and saves it as
 * "tempo-export-<day>.zip".
 */
export async function downloadDataExport(entry: DataExportEntry): Promise<void> {
  const token = await sessionIdToken();
  if (!token) throw new ApiError(401, API_ERRORS.unauthorized, 'unauthorized');
  const response = await fetch(`${EXPORTS_KEY}/${encodeURIComponent(entry.id)}/file`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = dataExportFileName(entry.created_at);
  link.click();
  // Once the browser has surely taken the file (revoked at once, some browsers lose it).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
