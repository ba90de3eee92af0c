import { z } from 'zod';
import { REMINDER_OFFSETS } from '../../shared/reminders';
import { getSettings } from '../settings/account-settings';
import { now } from '../platform/clock';
import { reportAsUser, withErrorReporting } from '../platform/error-reporting';
import { log } from '../platform/log';
import { getExpected } from './expected.repository';
import { hideNoticeUntil, noticeIdOf, showNotice } from './notices.repository';
import { stillExpected, type DueReminder, type RemindedItem } from './plan';
import { remindedNow, scheduleNextReminder } from './reconcile';
import { scheduleNameOf } from './schedules';

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
 * then dead-letters it.
 */
export function handler(input: unknown): Promise<void> {
  return withErrorReporting({ name: 'reminders/fire', op: 'function.schedule' }, async () => {
    const firing = FiringSchema.parse(input);
    reportAsUser(firing.userId);
    if ('snoozed' in firing) return void (await hideNoticeUntil(firing.userId, firing.snoozed, null));
    await fire(firing);
  });
}

async function fire(due: DueReminder): Promise<void> {
  const schedule = scheduleNameOf(due);
  const [reminded, { settings }, expected] = await Promise.all([remindedNow(due), getSettings(due.userId), getExpected(due)]);
  if (expected?.schedule !== schedule || !reminded || !stillExpected(due, reminded, settings)) {
    log.info('reminder overtaken by a change', { kind: due.kind, id: due.id });
    return;
  }
  if (settings.reminder_channels.screen) {
    await showNotice(due.userId, {
      id: noticeIdOf(due.at, schedule),
      kind: due.kind,
      item_id: due.id,
      title: reminded.item.title,
      item_time: itemTime(reminded, due),
      all_day: reminded.kind === 'events' && reminded.item.all_day,
      offset: due.offset,
      shown_at: now().toISOString(),
    });
  }
  await scheduleNextReminder(due, due.at);
}

/** The time the reminder is about: the occurrence's start (or due time), else the item's own. */
function itemTime(reminded: RemindedItem, due: DueReminder): string {
  if (due.occurrence) return due.occurrence;
  return reminded.kind === 'events' ? reminded.item.start_time : (reminded.item.due_date ?? due.at);
}
