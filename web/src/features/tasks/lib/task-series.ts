import type { ItemInput } from '../../../../../shared/item-kinds.schema';
import { taskSeriesAfter, type Recurrence } from '../../../../../shared/recurrence';
import { calendarDay, isBeforeToday } from '../../../../../shared/dates';
import type { Task } from '../../../../../shared/tasks.schema';
import { zonedInstant } from '../../../../../shared/zoned-time';
import type { SeriesScope } from '../../../components/items/series-scope-dialog';
import { createItem, discardItem, updateItem } from '../../../lib/items';

/**
 * One occurrence of a repeating task, or the whole series. A repeating task is one card: the
 * occurrence due now (the earlier ones are done), so "this and following" and "all" reach the same
 * tasks and change the series. "This" makes the occurrence a task of its own and moves the series
 * on to its next occurrence, writing the new task first, so a failure halfway shows the occurrence
 * twice, never loses it.
 */
export type RepeatingTask = Task & { recurrence: Recurrence; due_date: string };

export const isRepeating = (task: Task): task is RepeatingTask => task.recurrence !== null && task.due_date !== null;

/** The series moved on past the occurrence due now; null when it has no more. */
const movedOn = (task: RepeatingTask) => taskSeriesAfter(task.due_date, task.recurrence, task.due_date);

/** An overdue occurrence handled today is due today (a new task is never due in the past). */
function dueFrom(due: string | null, timeZone: string, now = new Date()): string | null {
  return due !== null && isBeforeToday(due, now, timeZone) ? zonedInstant(calendarDay(now, timeZone), 0, timeZone).toISOString() : due;
}

/** Saves the editor's body (status included) for the occurrence due now or for the series. */
export async function saveTaskEdit(task: RepeatingTask, body: ItemInput<'tasks'> & Pick<Task, 'status'>, scope: SeriesScope, timeZone: string): Promise<void> {
  const rest = scope === 'this' ? movedOn(task) : null;
  if (scope !== 'this') return void (await updateItem('tasks', task.id, body));
  if (!rest) return void (await updateItem('tasks', task.id, { ...body, recurrence: null }));
  const { status: _status, ...fields } = body;
  await createItem('tasks', { ...fields, due_date: dueFrom(fields.due_date ?? null, timeZone), recurrence: null });
  await updateItem('tasks', task.id, rest);
}

/** Moves the occurrence due now (as a task of its own, which can be restored) or the whole series to the trash. */
export async function trashFromSeries(task: RepeatingTask, scope: SeriesScope, timeZone: string): Promise<void> {
  const rest = scope === 'this' ? movedOn(task) : null;
  if (!rest) return discardItem('tasks', task.id);
  const { title, description, priority, goal_id, tags } = task;
  const copy = await createItem('tasks', { title, description, priority, goal_id, tags, due_date: dueFrom(task.due_date, timeZone), recurrence: null });
  await discardItem('tasks', copy.id);
  await updateItem('tasks', task.id, rest);
}
