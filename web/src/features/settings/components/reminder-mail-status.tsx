import { useAppTexts } from '../../../i18n/texts';
import { useReminderMailStatus } from '../api/reminder-mail';

/**
 * Under "Mail reminders to …": why no reminder is mailed to the address (SES reported a bounce or a
 * complaint), else the day's bound, or that today's mails are all sent.
 */
export function ReminderMailStatus({ mailOn, lang, timeZone }: { mailOn: boolean; lang: string; timeZone: string }) {
  const t = useAppTexts().settings;
  const { data: status } = useReminderMailStatus(mailOn);
  if (!mailOn || !status?.address) return null;
  if (status.suppressed) {
    const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone }).format(new Date(status.suppressed.at));
    const text = status.suppressed.reason === 'bounce' ? t.remindersMailBounced : t.remindersMailComplained;
    return (
      <p className="settings-mail-status settings-mail-status--stopped" role="status">
        {text(status.address, date)}
      </p>
    );
  }
  return (
    <p className="settings-mail-status">
      {status.sent_today >= status.per_day ? t.remindersMailDayFull(status.per_day) : t.remindersMailPerDay(status.per_day)}
    </p>
  );
}
