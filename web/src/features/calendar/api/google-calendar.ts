import useSWR, { mutate } from 'swr';
import { GcalConnectAnswerSchema, GcalStatusSchema, GcalSyncAnswerSchema } from '../../../../../shared/gcal';
import { apiRequest } from '../../../lib/api';
import { listKey } from '../../../lib/items';

const STATUS_KEY = '/api/gcal/status';

/** Where the browser keeps the time a Google connection was started (the settings page checks it on return). */
export const GCAL_PENDING_STORAGE_KEY = 'tempo.gcal.pending';

/** Whether this server has Google set up and whether the user's calendar is connected. */
export function useGoogleCalendarStatus() {
  return useSWR(STATUS_KEY, () => apiRequest(STATUS_KEY, { signedIn: true, schema: GcalStatusSchema }), { revalidateOnFocus: false });
}

/** Syncs events in from Google; answers how many changed here. */
export async function syncGoogleCalendar(): Promise<number> {
  const { synced } = await apiRequest('/api/gcal/sync', { method: 'POST', body: {}, signedIn: true, schema: GcalSyncAnswerSchema });
  await mutate(listKey('events'));
  return synced;
}

/** Starts Google's consent screen: marks the attempt as pending, then leaves for Google. */
export async function connectGoogleCalendar(): Promise<void> {
  const { url } = await apiRequest('/api/gcal/connect', { method: 'POST', body: {}, signedIn: true, schema: GcalConnectAnswerSchema });
  localStorage.setItem(GCAL_PENDING_STORAGE_KEY, String(Date.now()));
  window.location.assign(url);
}
