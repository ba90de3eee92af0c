import { reminderPath, SNOOZE_MINUTES, type SnoozeMinutes } from '../../../../../shared/reminders';
import type { ReminderNotice } from '../../../../../shared/reminder-notices.schema';
import { zonedParts } from '../../../../../shared/zoned-time';
import { buttonClassName, Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useAppTexts } from '../../../i18n/texts';
import { localizedError } from '../../../lib/api';
import { useTimeZone } from '../../../lib/items';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/navigation';
import { onReminderAction } from '../../../lib/service-worker';
import { formatDayAs, formatMinutes } from '../../../lib/zoned-dates';
import { dismissNotice, snoozeNotice, useReminderNotices } from '../api/reminder-notices';
import './reminder-notices.css';

/**
 * The reminders that came, over every signed-in page of every open tab, each with its title and
 * time (in the person's zone and language), and Open, Snooze (10 minutes, 1 hour) and Dismiss.
 * What one tab does goes for all: the server's list is the one every tab shows.
 */
export function ReminderNotices() {
  const { data: notices } = useReminderNotices();
  useNotificationActions();
  const texts = useAppTexts();
  const t = texts.reminders;
  const timeZone = useTimeZone();
  const showToast = useToast();
  if (!notices?.length) return null;

  /** Snoozed, or told why not (20 snoozed already): the notice shows again either way. */
  function snooze(id: string, minutes: SnoozeMinutes) {
    snoozeNotice(id, minutes).catch((failure: unknown) => showToast({ tone: 'error', title: localizedError(failure, texts, t.snoozeFailed) }));
  }

  function when(notice: ReminderNotice): string {
    const { day, minutes } = zonedParts(notice.item_time, timeZone);
    const today = zonedParts(new Date(), timeZone).day;
    const date = day === today ? '' : `${formatDayAs(day, texts.dates.day, texts.dates)} `;
    return notice.all_day ? t.allDay(formatDayAs(day, texts.dates.day, texts.dates)) : t.at(`${date}${formatMinutes(minutes, texts.dates)}`);
  }

  return (
    <section className="reminder-notices" aria-label={t.region}>
      <ul>
        {notices.map((notice) => (
          <li key={notice.id} className="reminder-notice" aria-label={notice.title}>
            <p className="reminder-notice__title">{notice.title}</p>
            <p className="reminder-notice__time">{when(notice)}</p>
            <div className="reminder-notice__actions">
              <Link
                to={reminderPath(notice.kind, notice.item_id, notice.occurrence)}
                className={buttonClassName('primary')}
                onClick={() => void dismissNotice(notice.id)}
              >
                {t.open}
              </Link>
              {SNOOZE_MINUTES.map((minutes) => (
                <Button key={minutes} variant="secondary" onClick={() => snooze(notice.id, minutes)}>
                  {t.snooze[minutes]}
                </Button>
              ))}
              <Button variant="ghost" onClick={() => void dismissNotice(notice.id)}>
                {t.dismiss}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What a click on a pushed notification asks (web/service-worker/): Open goes to the item here and
 * dismisses the reminder, Snooze snoozes it 10 minutes. With no tab open, the app opened with
 * `?snoozeReminder=` for it.
 */
function useNotificationActions() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const snoozed = params.get('snoozeReminder');
  useEffect(
    () =>
      onReminderAction((action) => {
        if ('snoozeReminder' in action) return void snoozeNotice(action.snoozeReminder, SNOOZE_MINUTES[0]);
        navigate(action.openReminder);
        void dismissNotice(action.noticeId);
      }),
    [navigate],
  );
  useEffect(() => {
    if (!snoozed) return;
    void snoozeNotice(snoozed, SNOOZE_MINUTES[0]);
    setParams(
      (current) => {
        current.delete('snoozeReminder');
        return current;
      },
      { replace: true },
    );
  }, [snoozed, setParams]);
}
