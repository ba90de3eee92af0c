import { REMINDER_SCHEDULES } from '../../events/schedules';
import { oneTimeSchedules, scheduleName } from '../platform/one-time-schedules';
import type { DueReminder } from './plan';

/**
 * One EventBridge Scheduler one-time schedule per expected reminder, in the stage's reminders group
 * (REMINDER_SCHEDULE_GROUP), invoking the firing function (REMINDER_FIRE_ARN) with the reminder as
 * its input (functions/platform/one-time-schedules.ts). A firing that keeps failing is retried, then
 * goes to the dead-letter queue (REMINDER_DEAD_LETTER_ARN).
 */

/** A reminder older than this when its firing is retried (or its change is seen) is not delivered any more: it would come too late to help. */
export const MAX_LATENESS_SECONDS = 3600;

const reminderSchedules = oneTimeSchedules(REMINDER_SCHEDULES, { attempts: 5, maxAgeSeconds: MAX_LATENESS_SECONDS });

/** The name of a reminder's schedule, unique for the item and the reminder. */
export const scheduleNameOf = (due: DueReminder) => scheduleName('r', [due.userId, due.kind, due.id, due.at, due.occurrence ?? '', due.offset]);

/** The name of a snooze's schedule: one per notice, so snoozing it again moves that one schedule. */
export const snoozeNameOf = (userId: string, noticeId: string) => scheduleName('s', [userId, noticeId]);

/** Puts a one-time schedule that invokes the firing function with `input` at `at`; one there already (a retried put) is the same one. */
export const createOneTimeSchedule = reminderSchedules.create;

/** Puts a one-time schedule in place of the one of that name, if any (a reminder snoozed again). */
export const replaceOneTimeSchedule = reminderSchedules.replace;

/** Deletes a schedule; one gone already (it ran, or a retried delete) is fine. */
export const deleteReminderSchedule = reminderSchedules.remove;
