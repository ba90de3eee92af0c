import type { CalendarEvent } from '../../shared/calendar-events.schema';
import { DataExportSchema, type DataExport } from '../../shared/data-export.schema';
import type { Goal } from '../../shared/goals.schema';
import { IMPORT_MESSAGES } from '../../shared/imports';
import type { Task } from '../../shared/tasks.schema';
import { badRequest } from './refusals';
import type { PlanBuilder } from './plan';

/** Whether parsed JSON says it is our export (then it must parse as one, whatever else it holds). */
export const isTempoExport = (json: unknown) => typeof json === 'object' && json !== null && (json as { format?: unknown }).format === 'tempo-export';

export function readTempoExport(json: unknown): DataExport {
  const parsed = DataExportSchema.safeParse(json);
  if (!parsed.success) throw badRequest(IMPORT_MESSAGES.malformed);
  return parsed.data;
}

/**
 * Our own export (shared/data-export.schema.ts): its goals, tasks, events and tags as they were, the
 * trash back into the trash, each under a new id made from its old one (the ids name the exporting
 * account's items; the links between them, a task's goal and an event's task, follow). What is the
 * exporting account's and not the person's content stays behind: its ids, times of writing and
 * versions, an event's link to a Google calendar (`gcal_id`: the new account has its own
 * connection), the settings (the importing account keeps its own), the reminders on screen at the
 * time and the assistant's change sets (a history of the other account).
 */
export function planTempo(data: DataExport, builder: PlanBuilder): void {
  for (const tag of data.tags) builder.tag(tag.name, tag.color);
  const trashed = (kind: string) => data.trash.filter((entry) => entry.kind === kind).map((entry) => entry.item);
  const goals = [...data.goals, ...(trashed('goals') as Goal[])];
  const tasks = [...data.tasks, ...(trashed('tasks') as Task[])];
  const events = [...data.events, ...(trashed('events') as CalendarEvent[])];
  const goalIds = new Set(goals.map((goal) => goal.id));
  const taskIds = new Set(tasks.map((task) => task.id));
  const where = (index: number) => ({ file: null, line: index + 1 });
  const deletedAt = (item: { deleted_at: string | null }) => item.deleted_at ?? undefined;

  goals.forEach(({ title, description, type, status, target_date, tags, ...item }, index) =>
    builder.add('goals', `goal:${item.id}`, { title, description, type, status, target_date, tags }, where(index), deletedAt(item)),
  );
  tasks.forEach(({ title, description, priority, status, due_date, goal_id, tags, recurrence, reminders, estimate_minutes, ...item }, index) =>
    builder.add(
      'tasks',
      `task:${item.id}`,
      {
        title,
        description,
        priority,
        status,
        due_date,
        goal_id: goal_id && goalIds.has(goal_id) ? builder.idOf('goals', `goal:${goal_id}`) : null,
        tags,
        recurrence: recurrence ?? null,
        reminders: reminders ?? null,
        estimate_minutes: estimate_minutes ?? null,
      },
      where(index),
      deletedAt(item),
    ),
  );
  events.forEach(({ title, description, start_time, end_time, all_day, location, color, event_type, tags, recurrence, reminders, task_id, ...item }, index) =>
    builder.add(
      'events',
      `event:${item.id}`,
      {
        title,
        description,
        start_time,
        end_time,
        all_day,
        location,
        color,
        event_type,
        tags,
        recurrence: recurrence ?? null,
        reminders: reminders ?? null,
        task_id: task_id && taskIds.has(task_id) ? builder.idOf('tasks', `task:${task_id}`) : null,
      },
      where(index),
      deletedAt(item),
    ),
  );
}
