import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import { DATA_EXPORT_FILES } from '../../shared/data-export';
import type { DataExport } from '../../shared/data-export.schema';
import { eventsCalendar } from '../calendar-feed/ics';

/**
 * The zip a person downloads: everything as JSON (what our import reads back), and for other apps
 * the live events as iCalendar (written as the calendar feed writes them) and the live tasks as CSV.
 */
export function exportArchive(data: DataExport): Uint8Array {
  const mtime = new Date(data.exported_at);
  return zipSync(
    {
      [DATA_EXPORT_FILES.json]: [strToU8(JSON.stringify(data, null, 2)), { mtime }],
      [DATA_EXPORT_FILES.calendar]: [strToU8(eventsCalendar(data.events)), { mtime }],
      [DATA_EXPORT_FILES.tasks]: [strToU8(tasksCsv(data)), { mtime }],
    },
    { level: 6 },
  );
}

/** The CSV's columns, in order: its header row. */
const TASK_COLUMNS = [
  'title',
  'description',
  'status',
  'priority',
  'due_date',
  'goal',
  'tags',
  'repeats',
  'time_zone',
  'reminders',
  'estimate_minutes',
  'created_at',
  'updated_at',
  'id',
] as const;

/**
 * One row per live task, under a header row; a goal by its title, tags and reminders (minutes
 * before) joined with ", ". With a byte order mark, so spreadsheet apps read it as UTF-8; a cell
 * that a spreadsheet would run as a formula (=, +, -, @ first) is written after a ', as OWASP
 * advises: its titles may come from others (a Google invitation).
 */
export function tasksCsv({ tasks, goals, trash }: Pick<DataExport, 'tasks' | 'goals' | 'trash'>): string {
  const goalTitles = new Map([...goals, ...trash.flatMap((entry) => (entry.kind === 'goals' ? [entry.item] : []))].map((goal) => [goal.id, goal.title]));
  const rows = tasks.map((task) => ({
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    due_date: task.due_date ?? '',
    goal: (task.goal_id && goalTitles.get(task.goal_id)) ?? '',
    tags: task.tags.join(', '),
    repeats: task.recurrence?.rule ?? '',
    time_zone: task.recurrence?.time_zone ?? '',
    reminders: task.reminders?.join(', ') ?? '',
    estimate_minutes: task.estimate_minutes ?? '',
    created_at: task.created_at,
    updated_at: task.updated_at,
    id: task.id,
  }));
  return stringify(rows, { header: true, columns: [...TASK_COLUMNS], bom: true, escape_formulas: true });
}
