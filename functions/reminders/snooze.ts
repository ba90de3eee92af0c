import { MESSAGES } from '../../shared/messages';
import { conflict, notFound } from '../platform/errors';
import { giveSnoozePlaceBack, hideNotice, showAgain, snoozableNotice, snoozedNoticeIds, takeSnoozePlace } from './notices.repository';
import { deleteReminderSchedule, replaceOneTimeSchedule, snoozeNameOf } from './schedules';

/**
 * A snooze: the notice hidden until `until`, and one schedule of its own (named by the notice) that
 * shows it again. Nothing is put for a notice that is not there. Snoozed again, the one schedule
 * moves. A person has at most MAX_SNOOZED such schedules at once, counted as they are put and given
 * back as they run, so a script snoozing in a loop holds no more.
 */
export async function snoozeNotice(userId: string, noticeId: string, until: string, { readAgain = true } = {}): Promise<void> {
  const notice = await snoozableNotice(userId, noticeId);
  if (!notice) throw notFound();
  const name = snoozeNameOf(userId, noticeId);
  if (notice.snoozed) {
    // Its schedule is live and counted already: it moves.
    if (!(await hideNotice(userId, noticeId, until, { wasSnoozed: true, ttl: notice.ttl }))) throw notFound();
    await replaceOneTimeSchedule(name, until, { userId, snoozed: noticeId });
    return;
  }
  if (!(await takeSnoozePlace(userId))) throw conflict(MESSAGES.tooManySnoozed);
  if (!(await hideNotice(userId, noticeId, until, { wasSnoozed: false, ttl: notice.ttl }))) {
    // Dismissed, or snoozed by a request sent beside this one, since the read: read once more (that one holds the schedule, which this one moves).
    await giveSnoozePlaceBack(userId);
    if (readAgain) return snoozeNotice(userId, noticeId, until, { readAgain: false });
    throw notFound();
  }
  try {
    await replaceOneTimeSchedule(name, until, { userId, snoozed: noticeId });
  } catch (error) {
    // Without its schedule the notice would stay hidden: it shows again, and the place goes back.
    if (await showAgain(userId, noticeId)) await giveSnoozePlaceBack(userId);
    throw error;
  }
}

/** A snooze's schedule ran: the notice shows again (unless dismissed meanwhile), and its place goes back once. */
export async function endSnooze(userId: string, noticeId: string): Promise<void> {
  if (await showAgain(userId, noticeId)) await giveSnoozePlaceBack(userId);
}

/** Deletes the schedules of the person's snoozed notices (their account is being deleted). */
export async function deleteSnoozeSchedules(userId: string): Promise<void> {
  for (const noticeId of await snoozedNoticeIds(userId)) await deleteReminderSchedule(snoozeNameOf(userId, noticeId));
}
