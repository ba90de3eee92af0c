import useSWR from 'swr';
import type { ReminderMailStatus } from '../../../../../shared/reminders.schema';
import { apiRequest } from '../../../lib/api';

const MAIL_STATUS_KEY = '/api/reminders/mail';

/** Where reminders are mailed, whether mail to it stopped (a bounce, a complaint), and the day's mails; read while mail is on. */
export function useReminderMailStatus(mailOn: boolean) {
  return useSWR(mailOn ? MAIL_STATUS_KEY : null, () => apiRequest<ReminderMailStatus>(MAIL_STATUS_KEY, { signedIn: true }), { revalidateOnFocus: false });
}
