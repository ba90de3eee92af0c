import { MESSAGES } from '../../shared/messages';
import { invalidField, notFound } from '../platform/errors';
import { created, httpHandler, noContent, ok } from '../platform/http';
import { dismissNotice, hideNoticeUntil, NOTICE_ID, noticesShown } from './notices.repository';
import { createOneTimeSchedule, snoozeNameOf } from './schedules';
import { MAX_PUSH_SUBSCRIPTIONS, removeSubscription, saveSubscription, subscriptionIdOf, subscriptionsOf } from './subscriptions.repository';
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
  /** Hidden now; a one-time schedule of its own shows it again (functions/reminders/fire.ts). */
  'POST /api/reminders/{id}/snooze': async ({ userId, params, body, now }) => {
    const noticeId = noticeIdIn(params);
    const until = new Date(now.getTime() + body.minutes * MINUTE_MS).toISOString();
    await createOneTimeSchedule(snoozeNameOf(userId, noticeId, until), until, { userId, snoozed: noticeId });
    if (!(await hideNoticeUntil(userId, noticeId, until))) throw notFound();
    return noContent();
  },
  'GET /api/push-subscriptions': async ({ userId }) =>
    ok({ items: (await subscriptionsOf(userId)).map(({ id, label, created_at }) => ({ id, label, created_at })) }),
  /** Only at a browser's push service (web-push.ts); the same browser again replaces its record. */
  'POST /api/push-subscriptions': async ({ userId, body, now }) => {
    if (!isPushService(body.endpoint)) throw invalidField('endpoint', MESSAGES.pushServiceUnknown);
    const browsers = await subscriptionsOf(userId);
    const again = browsers.some((browser) => browser.id === subscriptionIdOf(body.endpoint));
    if (!again && browsers.length >= MAX_PUSH_SUBSCRIPTIONS) throw invalidField('endpoint', MESSAGES.tooManyBrowsers);
    return created(await saveSubscription(userId, body, now));
  },
  'DELETE /api/push-subscriptions/{id}': async ({ userId, params }) => {
    if (!(await removeSubscription(userId, params.id ?? ''))) throw notFound();
    return noContent();
  },
});
