import type { InterestArea } from '../../../../../shared/waiting-list';
import { apiRequest } from '../../../lib/api';

export interface WaitlistEntry {
  email: string;
  full_name: string | null;
  /** Asked only on the waiting-list page. */
  interest_area?: InterestArea | null;
}

export async function joinWaitlist(entry: WaitlistEntry): Promise<void> {
  await apiRequest('/api/waitlist', { method: 'POST', body: entry });
}
