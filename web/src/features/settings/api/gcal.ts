import useSWR from 'swr';
import { GcalConnectAnswerSchema, GcalStatusSchema } from '../../../../../shared/gcal';
import { apiRequest } from '../../../lib/api';

const STATUS_KEY = '/api/gcal/status';

/** Google Calendar's connection; polled every `refreshMs` while the first sync is awaited. */
export function useGcalStatus(refreshMs = 0) {
  return useSWR(STATUS_KEY, () => apiRequest(STATUS_KEY, { signedIn: true, schema: GcalStatusSchema }), {
    revalidateOnFocus: false,
    refreshInterval: refreshMs,
  });
}

/** The pending marker of spec section 4: when the browser left for Google. */
const PENDING_KEY = 'tempo.gcalPendingSince';

/** Asks the API for Google's consent page (with write access when asked) and goes there. */
export async function connectGcal(write: boolean): Promise<void> {
  const { url } = await apiRequest('/api/gcal/connect', { method: 'POST', body: { write }, signedIn: true, schema: GcalConnectAnswerSchema });
  localStorage.setItem(PENDING_KEY, String(Date.now()));
  window.location.assign(url);
}

/** How long ago the connection attempt started (null without one), forgetting it. */
export function takePendingAge(now: number): number | null {
  const since = Number(localStorage.getItem(PENDING_KEY));
  localStorage.removeItem(PENDING_KEY);
  return since > 0 ? now - since : null;
}

export async function disconnectGcal(): Promise<void> {
  await apiRequest('/api/gcal/disconnect', { method: 'POST', signedIn: true });
}
