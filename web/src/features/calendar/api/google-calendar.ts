import { mutate } from 'swr';
import { GcalSyncAnswerSchema } from '../../../../../shared/gcal.schema';
import { apiRequest } from '../../../lib/api';
import { listKey } from '../../../lib/items';

/** Syncs events in from Google; answers how many changed here. */
export async function syncGoogleCalendar(): Promise<number> {
  const { synced } = await apiRequest('/api/gcal/sync', { method: 'POST', body: {}, signedIn: true, schema: GcalSyncAnswerSchema });
  await mutate(listKey('events'));
  return synced;
}
