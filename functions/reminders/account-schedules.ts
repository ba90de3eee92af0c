import { expectedSchedulesOf } from './expected.repository';
import { deleteReminderSchedule } from './schedules';
import { deleteSnoozeSchedules } from './snooze';

/**
 * Deletes every schedule an account holds, before its records go: each item's expected reminder
 * and each snoozed notice's, found by Query on their records under the person's partition (one
 * schedule per record). A schedule gone already (it ran) is fine, so this may run again.
 */
export async function deleteAccountSchedules(userId: string): Promise<void> {
  for await (const schedule of expectedSchedulesOf(userId)) await deleteReminderSchedule(schedule);
  await deleteSnoozeSchedules(userId);
}
