import { apiRequest } from '../../../lib/api';

export async function disconnectGcal(): Promise<void> {
  await apiRequest('/api/gcal/disconnect', { method: 'POST', signedIn: true });
}
