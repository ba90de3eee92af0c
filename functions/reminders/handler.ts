import { MESSAGES } from '../../shared/messages';
import { MAX_REMINDER_MAILS_PER_DAY } from '../../shared/reminders';
import { invalidField, notFound } from '../platform/errors';
import { created, httpHandler, noContent, ok } from '../platform/http';
import { getSettings } from '../settings/account-settings';
import { reminderMailsSent, suppressionOf } from './mail-suppressions.repository';
import { dismissNotice, NOTICE_ID, noticesShown } from './notices.repository';
import { snoozeNotice } from './snooze';
import { removeSubscription, saveSubscription, subscriptionsOf } from './subscriptions.repository';
import { isPushService } from './web-push';

const MINUTE_MS = 60_000;

/** A notice's id as notices.repository.ts makes it; any other is not found, without a read. */
function noticeIdIn(params: Record<string, string | undefined>): string {
  const id = params.id ?? '';
  if (!NOTICE_ID.test(id)) throw notFound();
  return id;
}

/** The reminders on screen: read by every open tab when the `reminders` counter moves; dismissed or snoozed from any of them. */
export const handler = httpHandler('reminders', {
  'GET /api/reminders': async ({ userId }) => ok({ items: await noticesShown(userId) }),
  'POST /api/reminders/{id}/dismiss': async ({ userId, params }) => {
    if (!(await dismissNotice(userId, noticeIdIn(params)))) throw notFound();
    return noContent();
  },
  /** Hidden now; a one-time schedule of its own shows it again (functions/reminders/snooze.ts). */
  'POST /api/reminders/{id}/snooze': async ({ userId, params, body, now }) => {
    await snoozeNotice(userId, noticeIdIn(params), new Date(now.getTime() + body.minutes * MINUTE_MS).toISOString());
    return noContent();
  },
  /** Where reminders are mailed, whether SES stopped mail to it, and the day's count: Settings shows them. */
  'GET /api/reminders/mail': async ({ userId, now }) => {
    const { settings } = await getSettings(userId);
    const address = settings.reminder_mail_to;
    const [suppressed, sentToday] = await Promise.all([address ? suppressionOf(address) : undefined, reminderMailsSent(userId, now)]);
    return ok({ address, suppressed: suppressed ?? null, sent_today: sentToday, per_day: MAX_REMINDER_MAILS_PER_DAY });
  },
  'GET /api/push-subscriptions': async ({ userId }) =>
    ok({ items: (await subscriptionsOf(userId)).map(({ id, label, created_at }) => ({ id, label, created_at })) }),
  /** Only at a browser's push service (web-push.ts); the same browser again replaces its record. */
  'POST /api/push-subscriptions': async ({ userId, body, now }) => {
    if (!isPushService(body.endpoint)) throw invalidField('endpoint', MESSAGES.pushServiceUnknown);
    const saved = await saveSubscription(userId, body, now);
    if (!saved) throw invalidField('endpoint', MESSAGES.tooManyBrowsers);
    return created(saved);
  },
  'DELETE /api/push-subscriptions/{id}': async ({ userId, params }) => {
    if (!(await removeSubscription(userId, params.id ?? ''))) throw notFound();
    return noContent();
  },
});
