import { API_LIMITS } from '../../shared/constants';
import { TICKTICK_PRIORITIES } from '../../shared/imports';
import { cellsByName, type CsvRow } from './csv';
import { keptText, type SourceContext } from './plan';
import { isoDate, ruleOf, zoneOr } from './when';

/**
 * The header of a TickTick backup (Settings → Backup: a CSV whose first rows say when and in which
 * version it was written, then the header): the row naming "List Name" and "Title"; -1 when none of
 * the first rows does.
 */
export const tickTickHeaderAt = (rows: readonly CsvRow[]): number =>
  rows.slice(0, 10).findIndex(({ cells }) => cells.includes('List Name') && cells.includes('Title'));

/** TickTick's statuses: 0 open, 1 completed, 2 archived (completed and put away). */
const DONE_STATUSES = new Set(['1', '2']);

/**
 * A TickTick backup's rows from its header on (columns "Folder Name", "List Name", "Title", "Kind",
 * "Tags", "Content", "Start Date", "Due Date", "Repeat", "Priority", "Status", "Timezone",
 * "Is All Day", "taskId", "parentId", …). A list becomes a goal or a tag; a note (Kind NOTE) is not
 * a task; a checklist's items stay in its description; the repeat, an RFC 5545 rule, is kept when it
 * is one of ours and else kept in the description.
 */
export function planTickTick(rows: readonly CsvRow[], headerAt: number, { builder, projects, timeZone }: SourceContext): void {
  const header = rows[headerAt]!.cells;
  const lists = new Map<string, string | null>();
  const seen = new Map<string, number>();
  for (const { line, cells } of rows.slice(headerAt + 1)) {
    const cell = cellsByName(header, cells);
    const where = { file: null, line };
    const title = cell('Title');
    if (cell('Kind').toUpperCase() === 'NOTE') {
      builder.skip(where, 'notAnItem', title);
      continue;
    }
    if (title === '') {
      builder.skip(where, 'noTitle', title);
      continue;
    }
    const zone = zoneOr(cell('Timezone'), timeZone);
    const dueText = cell('Due Date') || cell('Start Date');
    const due = isoDate(dueText, zone);
    if (due === undefined) {
      builder.skip(where, 'badDate', title);
      continue;
    }
    let description = keptText(cell('Content'), API_LIMITS.descriptionMax);
    const repeatText = cell('Repeat');
    const rule = ruleOf(repeatText);
    if (repeatText !== '' && (!rule || !due)) {
      description = keptText([description, repeatText].filter(Boolean).join('\n\n'), API_LIMITS.descriptionMax);
      builder.note(where, 'repeatInDescription', title);
    }
    if (cell('parentId') !== '') builder.note(where, 'subtaskFlattened', title);

    const list = cell('List Name');
    let goalId: string | null = null;
    const tags = cell('Tags')
      .split(/[,;]/)
      .map((name) => name.trim().replace(/^#/, ''))
      .filter((name) => name !== '')
      .map((name) => builder.tag(name));
    if (list !== '' && projects === 'goals') {
      if (!lists.has(list)) lists.set(list, builder.add('goals', `list:${list}`, { title: list }, where));
      goalId = lists.get(list) ?? null;
    } else if (list !== '') {
      tags.unshift(builder.tag(list));
    }
    const identityKey = cell('taskId') || `${list}\n${title}\n${dueText}`;
    const occurrence = (seen.get(identityKey) ?? 0) + 1;
    seen.set(identityKey, occurrence);
    builder.add(
      'tasks',
      `${identityKey}\n${occurrence}`,
      {
        title,
        description,
        priority: TICKTICK_PRIORITIES[cell('Priority')] ?? 'medium',
        status: DONE_STATUSES.has(cell('Status')) ? 'completed' : 'pending',
        due_date: due,
        recurrence: rule && due ? { rule, time_zone: zone, exceptions: [] } : null,
        goal_id: goalId,
        tags,
      },
      where,
    );
  }
}
