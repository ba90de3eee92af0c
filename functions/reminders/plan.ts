import type { Item } from '../../shared/item-kinds.schema';
import { taskSeries } from '../../shared/recurrence';
import { defaultEventReminders, nextReminder, remindersOf, type NextReminder, type ReminderOffset } from '../../shared/reminders';
import type { Settings } from '../../shared/settings.schema';

/**
 * Which reminder an item expects next: the one rule both the scheduling consumer and the firing
 * function judge by. A firing delivers only when the item, as it is when it fires, still expects
 * that very reminder, so a schedule a later change overtook (moved, completed, deleted, reminders
 * changed) does nothing, without a record of what was scheduled.
 */

/** An event or a task as it is now; undefined when it is gone or in the trash. */
export type RemindedItem = { kind: 'events'; item: Item<'events'> } | { kind: 'tasks'; item: Item<'tasks'> };

export type ReminderDefaults = Pick<Settings, 'event_reminders' | 'task_reminders' | 'preferred_timezone'>;

/** What a schedule carries to the firing function: the item, and the reminder it was put for. */
export interface DueReminder extends NextReminder {
  userId: string;
  kind: RemindedItem['kind'];
  id: string;
}

/** The item's reminders: its own, else an event of type 'reminder' at its start, else the person's default for its kind. */
export function offsetsOf(reminded: RemindedItem, defaults: ReminderDefaults): readonly ReminderOffset[] {
  if (reminded.kind === 'tasks') return remindersOf(reminded.item.reminders, defaults.task_reminders);
  return remindersOf(reminded.item.reminders, defaultEventReminders(reminded.item.event_type, defaults.event_reminders));
}

/** The first reminder after `now` the item expects, or null: none set, its time passed, a task done or without a due date. */
export function plannedReminder(reminded: RemindedItem | undefined, defaults: ReminderDefaults, now: string): NextReminder | null {
  if (!reminded) return null;
  const offsets = offsetsOf(reminded, defaults);
  if (reminded.kind === 'events') return nextReminder(reminded.item, offsets, now, defaults.preferred_timezone);
  const task = reminded.item;
  if (task.status === 'completed' || !task.due_date) return null;
  const times = task.recurrence ? taskSeries(task.due_date, task.recurrence) : { start_time: task.due_date, end_time: task.due_date, all_day: false };
  return nextReminder(times, offsets, now, defaults.preferred_timezone);
}

/** Whether the item, as it is now, still expects the reminder a schedule was put for. */
export function stillExpected(due: NextReminder, reminded: RemindedItem | undefined, defaults: ReminderDefaults): boolean {
  const expected = plannedReminder(reminded, defaults, new Date(Date.parse(due.at) - 1).toISOString());
  return expected !== null && expected.at === due.at && expected.occurrence === due.occurrence && expected.offset === due.offset;
}
