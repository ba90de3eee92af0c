import { API_LIMITS } from '../../shared/constants';
import { TODOIST_PRIORITIES } from '../../shared/imports';
import { cellsByName, csvRows } from './csv';
import { keptText, type SourceContext } from './plan';
import { todoistRepeat, wordsDate, zoneOr } from './when';

/** One project of a Todoist backup: a CSV file of its own, named after it. */
export interface TodoistProject {
  name: string;
  /** The zip entry it came from; null for a CSV imported on its own. */
  file: string | null;
  text: string;
}

/** Whether a CSV's first row is a Todoist header (TYPE, CONTENT, …). */
export const isTodoistHeader = (cells: readonly string[]) => cells[0]?.replace(/^\uFEFF/, '').toUpperCase() === 'TYPE' && cells[1]?.toUpperCase() === 'CONTENT';

/** Todoist writes a task's labels into its content, each as `@name`. */
const LABEL = /(?:^|\s)@([^\s@]+)/gu;

/**
 * A Todoist backup (Settings → Backups: a zip of one CSV per project, in the columns of Todoist's
 * CSV format: TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR, RESPONSIBLE, DATE, DATE_LANG,
 * TIMEZONE, …). A `task` row is a task; a `note` row is a comment on the task above it, added to its
 * description; `section` and `meta` rows (the project's layout) are left out; labels become tags.
 */
export function planTodoist(projects: readonly TodoistProject[], context: SourceContext): void {
  for (const project of projects) planProject(project, context);
}

function planProject(project: TodoistProject, { builder, projects, timeZone, now }: SourceContext): void {
  const [header, ...rows] = csvRows(project.text);
  if (!header) return;
  const goalId =
    projects === 'goals' ? builder.add('goals', `project:${project.name}`, { title: project.name }, { file: project.file, line: header.line }) : null;
  const projectTag = projects === 'tags' ? builder.tag(project.name) : null;
  const seen = new Map<string, number>();
  let last: { content: Record<string, unknown>; identity: string; where: { file: string | null; line: number }; commented: boolean } | null = null;
  const flush = () => {
    if (last) builder.add('tasks', last.identity, last.content, last.where);
    last = null;
  };

  for (const { line, cells } of rows) {
    const cell = cellsByName(header.cells, cells);
    const where = { file: project.file, line };
    const type = cell('TYPE').toLowerCase();
    if (type === 'section' || type === 'meta' || (type === '' && cell('CONTENT') === '')) continue;
    if (type === 'note') {
      if (last && cell('CONTENT') !== '') {
        last.content.description = keptText([last.content.description, cell('CONTENT')].filter(Boolean).join('\n\n'), API_LIMITS.descriptionMax);
        if (!last.commented) builder.note(last.where, 'commentInDescription', String(last.content.title));
        last.commented = true;
      }
      continue;
    }
    flush();
    const content = cell('CONTENT');
    if (type !== 'task') {
      builder.skip(where, 'notAnItem', content);
      continue;
    }
    const labels = [...content.matchAll(LABEL)].map((match) => builder.tag(match[1]!));
    const title = content.replace(LABEL, ' ').replace(/\s+/g, ' ').trim();
    if (title === '') {
      builder.skip(where, 'noTitle', content);
      continue;
    }
    const zone = zoneOr(cell('TIMEZONE'), timeZone);
    const dateWords = cell('DATE');
    let description = keptText(cell('DESCRIPTION'), API_LIMITS.descriptionMax);
    let due: string | null | undefined = null;
    let recurrence: { rule: string; time_zone: string; exceptions: string[] } | null = null;
    const repeat = todoistRepeat(dateWords);
    if (repeat) {
      recurrence = { rule: repeat, time_zone: zone, exceptions: [] };
      due = wordsDate(dateWords.replace(/^every!?\s+(?:other\s+|\d+\s+)?/i, ''), zone, now) ?? wordsDate('today', zone, now);
    } else if (repeat === undefined) {
      description = keptText([description, dateWords].filter(Boolean).join('\n\n'), API_LIMITS.descriptionMax);
      builder.note(where, 'repeatInDescription', title);
      due = wordsDate(dateWords.replace(/^every!?\s+/i, ''), zone, now) ?? null;
    } else if (dateWords !== '') {
      due = wordsDate(dateWords, zone, now);
      if (due === undefined) {
        builder.skip(where, 'badDate', title);
        continue;
      }
    }
    if (Number(cell('INDENT') || 1) > 1) builder.note(where, 'subtaskFlattened', title);

    const identityKey = `${project.name}\n${title}\n${dateWords}`;
    const occurrence = (seen.get(identityKey) ?? 0) + 1;
    seen.set(identityKey, occurrence);
    last = {
      identity: `${identityKey}\n${occurrence}`,
      where,
      commented: false,
      content: {
        title,
        description,
        priority: TODOIST_PRIORITIES[cell('PRIORITY')] ?? 'medium',
        due_date: due,
        recurrence,
        goal_id: goalId,
        tags: projectTag ? [projectTag, ...labels] : labels,
      },
    };
  }
  flush();
}
