import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { tasksCsv } from '../../functions/exports/archive';
import { dataExportFileName } from '../../shared/data-export';
import type { Goal } from '../../shared/goals.schema';
import type { Task } from '../../shared/tasks.schema';

const times = { created_at: '2026-12-01T09:00:00.000Z', updated_at: '2026-12-02T09:00:00.000Z', version: 1, user_id: 'u', deleted_at: null };
const goal = (id: string, title: string, deleted_at: string | null = null): Goal => ({
  ...times,
  id,
  title,
  description: '',
  type: 'short_term',
  status: 'active',
  target_date: null,
  tags: [],
  deleted_at,
});
const task = (fields: Partial<Task>): Task => ({
  ...times,
  id: 'task-1',
  title: 'Task',
  description: '',
  priority: 'medium',
  status: 'pending',
  due_date: null,
  goal_id: null,
  tags: [],
  ...fields,
});

describe("the export's tasks.csv", () => {
  it('has a header row and one row per task, goals by title (one in the trash too), empty cells for what a task has not', () => {
    const csv = tasksCsv({
      goals: [goal('g1', 'Live goal')],
      trash: [{ kind: 'goals', item: goal('g2', 'Trashed goal', '2026-12-03T09:00:00.000Z') }],
      tasks: [
        task({ id: 't1', goal_id: 'g1', tags: ['a', 'b'], reminders: [0, 30], recurrence: { rule: 'FREQ=DAILY', time_zone: 'UTC', exceptions: [] } }),
        task({ id: 't2', goal_id: 'g2', title: '@home +1' }),
        task({ id: 't3', goal_id: 'gone' }),
      ],
    });
    expect(
      csv.startsWith('\uFEFFtitle,description,status,priority,due_date,goal,tags,repeats,time_zone,reminders,estimate_minutes,created_at,updated_at,id\n'),
    ).toBe(true);
    const rows = parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows.map(({ id, goal, tags, repeats, reminders, estimate_minutes }) => ({ id, goal, tags, repeats, reminders, estimate_minutes }))).toEqual([
      { id: 't1', goal: 'Live goal', tags: 'a, b', repeats: 'FREQ=DAILY', reminders: '0, 30', estimate_minutes: '' },
      { id: 't2', goal: 'Trashed goal', tags: '', repeats: '', reminders: '', estimate_minutes: '' },
      { id: 't3', goal: '', tags: '', repeats: '', reminders: '', estimate_minutes: '' },
    ]);
    // Not run as a formula by a spreadsheet.
    expect(rows[1]!.title).toBe("'@home +1");
  });

  it('is saved under the day the export was asked for', () => {
    expect(dataExportFileName('2026-12-07T23:59:00.000Z')).toBe('tempo-export-2026-12-07.zip');
  });
});
