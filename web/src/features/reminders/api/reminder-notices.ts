import { useEffect } from 'react';
import useSWR, { mutate } from 'swr';
import { DATA_CACHE_TTL_MS } from '../../../../../shared/constants';
import type { ReminderNotice } from '../../../../../shared/reminder-notices.schema';
import type { SnoozeMinutes } from '../../../../../shared/reminders';
import { apiRequest } from '../../../lib/api';
import { onCounterMoved } from '../../../lib/change-watcher';

/** The reminders on screen (functions/reminders/notices.repository.ts), newest first. */
const NOTICES_KEY = '/api/reminders';

/**
 * Read again each time the change notices say the person's reminders moved: one shown, or dismissed
 * or snoozed in any tab. So a reminder shows in every open tab, and goes from all of them at once.
 */
export function useReminderNotices() {
  useEffect(() => onCounterMoved('reminders', () => void mutate(NOTICES_KEY)), []);
  return useSWR(NOTICES_KEY, async () => (await apiRequest<{ items: ReminderNotice[] }>(NOTICES_KEY, { signedIn: true })).items, {
    refreshInterval: DATA_CACHE_TTL_MS.reminders,
    revalidateOnFocus: false,
  });
}

/** Takes the notice off this screen at once; the server's answer takes it off the others. */
async function hideWhile(id: string, request: () => Promise<unknown>): Promise<void> {
  await mutate(NOTICES_KEY, (notices: ReminderNotice[] | undefined) => notices?.filter((notice) => notice.id !== id), { revalidate: false });
  try {
    await request();
  } finally {
    void mutate(NOTICES_KEY);
  }
}

export function dismissNotice(id: string): Promise<void> {
  return hideWhile(id, () => apiRequest(`${NOTICES_KEY}/${id}/dismiss`, { method: 'POST', signedIn: true }));
}

export function snoozeNotice(id: string, minutes: SnoozeMinutes): Promise<void> {
  return hideWhile(id, () => apiRequest(`${NOTICES_KEY}/${id}/snooze`, { method: 'POST', body: { minutes }, signedIn: true }));
}
