import useSWR from 'swr';
import type { ProjectTarget } from '../../../../../shared/imports';
import type { ImportEntry } from '../../../../../shared/imports.schema';
import { API_ERRORS } from '../../../../../shared/messages';
import { ApiError, apiRequest, toApiError } from '../../../lib/api';
import { sessionIdToken } from '../../../lib/session';

const IMPORTS_PATH = '/api/imports';

/**
 * Sends the file's bytes as they are (not JSON: the API client speaks JSON only) for a preview;
 * nothing is written yet.
 */
export async function previewImport(file: File, projects: ProjectTarget): Promise<ImportEntry> {
  const token = await sessionIdToken();
  if (!token) throw new ApiError(401, API_ERRORS.unauthorized, 'unauthorized');
  const query = new URLSearchParams({ name: file.name, projects });
  const response = await fetch(`${IMPORTS_PATH}?${query.toString()}`, {
    method: 'POST',
    headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: file,
  });
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, payload);
  return payload as ImportEntry;
}

/** Confirms the preview: its items are written in the background. */
export const applyImport = (id: string) => apiRequest<ImportEntry>(`${IMPORTS_PATH}/${encodeURIComponent(id)}/apply`, { method: 'POST', signedIn: true });

/** The import being written, read again every `refreshMs` until it is done; nothing while `id` is null. */
export function useImportProgress(id: string | null, refreshMs: number) {
  return useSWR(id && `${IMPORTS_PATH}/${encodeURIComponent(id)}`, (path: string) => apiRequest<ImportEntry>(path, { signedIn: true }), {
    revalidateOnFocus: false,
    refreshInterval: (latest) => (latest?.status === 'done' ? 0 : refreshMs),
  });
}
