import { z } from 'zod';
import type { ReminderNotice } from '../../shared/reminder-notices.schema';
import { MAX_REMINDER_MAILS_PER_DAY, REMINDER_OFFSETS, reminderPath, type ReminderPush } from '../../shared/reminders';
import type { Settings } from '../../shared/settings.schema';
import { getSettings } from '../settings/account-settings';
import { now } from '../platform/clock';
import { isDemoAddress } from '../../shared/demo';
import { reportAsUser, reportError, withErrorReporting } from '../platform/error-reporting';
import { log } from '../platform/log';
import { publishAfterSave } from '../platform/bus';
import { sendMail } from '../platform/mail';
import { appOrigin } from '../platform/site';
import { getExpected } from './expected.repository';
import { countReminderMail, suppressionOf, uncountReminderMail } from './mail-suppressions.repository';
import { claimMailing, keepNotice, noticeIdOf, releaseMailing } from './notices.repository';
import { reminderButtons, reminderLine, reminderMail } from './reminder-texts';
import { removeSubscription, subscriptionsOf } from './subscriptions.repository';
import { sendPush, topicOf } from './web-push';
import { stillExpected, type DueReminder, type RemindedItem } from './plan';
import { remindedNow, scheduleNextReminder } from './reconcile';
import { scheduleNameOf } from './schedules';
import { endSnooze } from './snooze';

/** What a reminder's schedule carries (schedules.ts), or a snooze's: the notice to show again. */
const FiringSchema = z.union([
  z.object({
    userId: z.string(),
    kind: z.enum(['events', 'tasks']),
    id: z.string(),
    at: z.iso.datetime(),
    occurrence: z.iso.datetime().nullable(),
    offset: z.literal(REMINDER_OFFSETS),
  }),
  z.object({ userId: z.string(), snoozed: z.string() }),
]);

/**
 * Invoked by a reminder's schedule (EventBridge Scheduler; locally local/scheduler.ts). It reads the
 * item again, and delivers only when the item still expects this very reminder and this schedule is
 * the one put for it: a change since (moved, completed, deleted, reminders changed) overtook it.
 * Delivery is at least once: a retried firing finds its notice shown already. Then it schedules the
 * item's next reminder (a series' next occurrence). A failure throws, so the scheduler retries it,
 * then dead-letters it; a push service's failure does not (pushToBrowsers).
 */
export function handler(input: unknown): Promise<void> {
  return withErrorReporting({ name: 'reminders/fire', op: 'function.schedule' }, async () => {
    const firing = FiringSchema.parse(input);
    reportAsUser(firing.userId);
    if ('snoozed' in firing) return void (await endSnooze(firing.userId, firing.snoozed));
    await fireReminder(firing);
  });
}

/**
 * Delivers the reminder, then schedules the item's next one; one that came due meanwhile (a firing
 * late, a series' reminders close together) is delivered at once as well. That chain is as long as
 * the item's reminders within the lateness a firing is still delivered in: a few at most.
 */
export async function fireReminder(due: DueReminder): Promise<void> {
  const schedule = scheduleNameOf(due);
  const [reminded, { settings }, expected] = await Promise.all([remindedNow(due), getSettings(due.userId), getExpected(due)]);
  if (expected?.schedule !== schedule || !reminded || !stillExpected(due, reminded, settings)) {
    log.info('reminder overtaken by a change', { kind: due.kind, id: due.id });
    return;
  }
  const notice: ReminderNotice = {
    id: noticeIdOf(due.at, schedule),
    kind: due.kind,
    item_id: due.id,
    title: reminded.item.title,
    item_time: itemTime(reminded, due),
    occurrence: due.occurrence,
    all_day: reminded.kind === 'events' && reminded.item.all_day,
    offset: due.offset,
    shown_at: now().toISOString(),
  };
  const channels = settings.reminder_channels;
  await keepNotice(due.userId, notice, channels.screen);
  await Promise.all([
    channels.push ? pushToBrowsers(due.userId, notice, settings) : null,
    channels.mail && settings.reminder_mail_to ? mailOnce(due.userId, notice, settings, settings.reminder_mail_to) : null,
  ]);
  // For the person's webhooks (functions/webhooks/on-event.ts); a firing retried puts the same changeId, sent once.
  await publishAfterSave('reminder.due', { userId: due.userId, reminder: notice, occurredAt: notice.shown_at, changeId: notice.id });
  const next = await scheduleNextReminder(due, due.at);
  if (next) await fireReminder(next);
}

/** The time the reminder is about: the occurrence's start (or due time), else the item's own. */
function itemTime(reminded: RemindedItem, due: DueReminder): string {
  if (due.occurrence) return due.occurrence;
  return reminded.kind === 'events' ? reminded.item.start_time : (reminded.item.due_date ?? due.at);
}

/**
 * Web Push to every browser the person turned it on in, each told apart by the notice's id (the
 * notification's tag, and the push Topic). A browser gone from its push service is forgotten. One
 * whose service failed (down, over its quota) is logged and reported, not thrown: the others got
 * theirs, and the series' next reminder is still scheduled; a retry of the whole firing would find
 * it overtaken and deliver nothing anyway.
 */
async function pushToBrowsers(userId: string, notice: ReminderNotice, settings: Settings): Promise<void> {
  const subscriptions = await subscriptionsOf(userId);
  const subject = { kind: notice.kind, title: notice.title, at: notice.item_time, allDay: notice.all_day };
  const payload: ReminderPush = {
    noticeId: notice.id,
    title: notice.title,
    body: reminderLine(subject, settings.lang, settings.preferred_timezone),
    url: reminderPath(notice.kind, notice.item_id, notice.occurrence),
    actions: reminderButtons(settings.lang),
  };
  const outcomes = await Promise.allSettled(subscriptions.map((subscription) => sendPush(subscription, payload, topicOf(notice.id))));
  const gone = subscriptions.filter((_subscription, index) => outcomeOf(outcomes[index]) === 'gone');
  await Promise.all(gone.map((subscription) => removeSubscription(userId, subscription.id)));
  const failures = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  for (const failure of failures) {
    log.warn('a push service failed a reminder; the other browsers got theirs', { noticeId: notice.id, error: String(failure.reason) });
    await reportError(failure.reason);
  }
}

/**
 * The mail, in the person's language and zone, with the link to the item; once, also when the
 * firing is retried. Never to a demo account's address (it cannot receive mail) nor to one SES
 * reported a bounce or a complaint of, and at most MAX_REMINDER_MAILS_PER_DAY a day: the last one
 * says the day's other reminders come on screen and by push only.
 */
async function mailOnce(userId: string, notice: ReminderNotice, settings: Settings, to: string): Promise<void> {
  if (isDemoAddress(to) || (await suppressionOf(to))) return;
  if (!(await claimMailing(userId, notice.id, now().toISOString()))) return;
  const countedAt = now();
  const number = await countReminderMail(userId, countedAt);
  if (number === null) return;
  const subject = { kind: notice.kind, title: notice.title, at: notice.item_time, allDay: notice.all_day };
  const mail = reminderMail(
    subject,
    `${appOrigin()}${reminderPath(notice.kind, notice.item_id, notice.occurrence)}`,
    settings.lang,
    settings.preferred_timezone,
    { lastOfDay: number === MAX_REMINDER_MAILS_PER_DAY },
  );
  try {
    await sendMail({ to, ...mail });
  } catch (error) {
    await uncountReminderMail(userId, countedAt);
    await releaseMailing(userId, notice.id);
    throw error;
  }
}

const outcomeOf = (outcome: PromiseSettledResult<string> | undefined) => (outcome?.status === 'fulfilled' ? outcome.value : null);
