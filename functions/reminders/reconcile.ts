import type { NextReminder } from '../../shared/reminders';
import { liveItemNow } from '../items/background';
import { now } from '../platform/clock';
import { log } from '../platform/log';
import { getSettings } from '../settings/account-settings';
import { getExpected, giveExpectedPlaceBack, swapExpected, takeExpectedPlace, type ExpectedReminder } from './expected.repository';
import { noticeIdOf, noticeKept } from './notices.repository';
import { plannedReminder, type DueReminder, type RemindedItem } from './plan';
import { createOneTimeSchedule, deleteReminderSchedule, MAX_LATENESS_SECONDS, scheduleNameOf } from './schedules';

export type ReminderRef = Pick<DueReminder, 'userId' | 'kind' | 'id'>;

/** The item (an event or a task) as it is now, with its kind, for plan.ts; undefined when gone or in the trash. */
export async function remindedNow({ userId, kind, id }: ReminderRef): Promise<RemindedItem | undefined> {
  if (kind === 'events') {
    const item = await liveItemNow(userId, 'events', id);
    return item && { kind, item };
  }
  const item = await liveItemNow(userId, 'tasks', id);
  return item && { kind, item };
}

/**
 * Puts the one schedule of the reminder the item expects next after `from` (none: no schedule) in
 * place of the one it expected before. The new schedule is made before the swap and the old one
 * deleted after it, so there is never a moment with none. A swap lost to another writer (a change
 * racing a firing) throws, so the bus or the scheduler tries again from a new read; a schedule it
 * made meanwhile may be the winner's too, so it stays, and if it is not, its firing finds it is not
 * the expected one and does nothing.
 *
 * `from` may lie in the past (a change seen late plans from the change's own time, a firing from its
 * reminder's), and the expected reminder may have come due without being delivered yet (Scheduler
 * fires within a minute of a schedule's time): planning starts before it then, so a change in that
 * minute does not lose it; but never from further back than a late firing is still delivered in,
 * nor from ahead of now. A reminder due by now gets no schedule but is answered, expected, for the
 * caller to fire at once, unless it was delivered meanwhile; then the first one after now is planned.
 */
export async function scheduleNextReminder(ref: ReminderRef, from: string): Promise<DueReminder | null> {
  const [reminded, { settings }, expected] = await Promise.all([remindedNow(ref), getSettings(ref.userId), getExpected(ref)]);
  const at = now();
  const isDue = (reminder: NextReminder) => Date.parse(reminder.at) <= at.getTime();
  // Asked of the expected reminder, then perhaps of the planned one, which may be the same: read once.
  const deliveredById = new Map<string, Promise<boolean>>();
  const delivered = (reminder: NextReminder) => {
    const id = noticeIdOf(reminder.at, scheduleNameOf({ ...ref, ...reminder }));
    if (!deliveredById.has(id)) deliveredById.set(id, noticeKept(ref.userId, id));
    return deliveredById.get(id)!;
  };
  const waiting = expected && isDue(expected) && !(await delivered(expected)) ? Date.parse(expected.at) - 1 : Infinity;
  const start = Math.max(at.getTime() - MAX_LATENESS_SECONDS * 1000, Math.min(Date.parse(from), waiting, at.getTime()));
  let next = plannedReminder(reminded, settings, new Date(start).toISOString());
  if (next && isDue(next) && (await delivered(next))) next = plannedReminder(reminded, settings, at.toISOString());
  const due: DueReminder | null = next && { ...ref, ...next };
  const wanted: ExpectedReminder | null = next && due && { ...next, schedule: scheduleNameOf(due) };
  const dueNow = next !== null && isDue(next);
  if (wanted?.schedule !== expected?.schedule) {
    // An item that comes to expect a reminder takes a place under the account's cap; at the cap it gets none.
    const counted = !expected && wanted !== null;
    if (counted && !(await takeExpectedPlace(ref.userId))) {
      log.warn('an account has as many items expecting a reminder as it may: this one gets none', { kind: ref.kind, id: ref.id });
      return null;
    }
    try {
      if (due && wanted && !dueNow) await createOneTimeSchedule(wanted.schedule, due.at, due);
      if (!(await swapExpected(ref, expected, wanted))) throw new Error('the expected reminder changed meanwhile');
    } catch (error) {
      if (counted) await giveExpectedPlaceBack(ref.userId);
      throw error;
    }
    if (expected) await deleteReminderSchedule(expected.schedule);
    if (expected && !wanted) await giveExpectedPlaceBack(ref.userId);
  }
  return dueNow ? due : null;
}
