import { DATA_EXPORT_FILES } from '../../shared/data-export';
import { IMPORT_MESSAGES, type ImportFormat, type ProjectTarget } from '../../shared/imports';
import { csvRows } from './csv';
import { planIcs } from './ics';
import { PlanBuilder, type ImportPlan, type SourceContext } from './plan';
import { badRequest } from './refusals';
import { isTempoExport, planTempo, readTempoExport } from './tempo';
import { planTickTick, tickTickHeaderAt } from './ticktick';
import { isTodoistHeader, planTodoist, type TodoistProject } from './todoist';
import { isZip, unpackZip } from './unpack';

export interface ReadOptions {
  userId: string;
  /** The file's name as the person chose it: only its extension is read, and only to name a project. */
  fileName: string;
  projects: ProjectTarget;
  /** The person's zone: what a date without one is read in. */
  timeZone: string;
  now: Date;
}

const text = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
const baseName = (name: string) => (name.split('/').pop() ?? name).replace(/\.[^.]+$/, '');

/**
 * Reads an uploaded file into a plan, writing nothing. Its kind is told by what it holds, not by its
 * name: a zip is our export (it holds tempo-export.json) or a Todoist backup (CSV files); JSON is our
 * export; a file that opens with BEGIN:VCALENDAR is iCalendar; a CSV is Todoist's (its TYPE, CONTENT
 * header) or TickTick's (its header a few rows down). Anything else is refused as the wrong kind.
 */
export function readFile(bytes: Uint8Array, options: ReadOptions): ImportPlan {
  if (bytes.length === 0) throw badRequest(IMPORT_MESSAGES.empty);
  if (isZip(bytes)) return readZip(unpackZip(bytes), options);
  const content = text(bytes);
  const start = content.trimStart();
  if (start.startsWith('{')) return readJson(content, options);
  if (/^BEGIN:VCALENDAR/i.test(start)) return planned('ics', options, (context) => planIcs(content, context));
  if (content.includes('\0')) throw badRequest(IMPORT_MESSAGES.wrongKind);
  const rows = csvRows(content);
  if (rows[0] && isTodoistHeader(rows[0].cells)) {
    return planned('todoist', options, (context) => planTodoist([{ name: baseName(options.fileName) || 'Todoist', file: null, text: content }], context));
  }
  const headerAt = tickTickHeaderAt(rows);
  if (headerAt >= 0) return planned('ticktick', options, (context) => planTickTick(rows, headerAt, context));
  throw badRequest(IMPORT_MESSAGES.wrongKind);
}

function readZip(files: Map<string, Uint8Array>, options: ReadOptions): ImportPlan {
  const exported = [...files.keys()].find((name) => baseName(name) === baseName(DATA_EXPORT_FILES.json) && name.endsWith('.json'));
  if (exported) return readJson(text(files.get(exported)!), options);
  const projects: TodoistProject[] = [...files]
    .filter(([name]) => name.toLowerCase().endsWith('.csv') && !name.startsWith('__MACOSX/'))
    .map(([name, bytes]) => ({ name: baseName(name), file: name, text: text(bytes) }))
    .filter((project) => {
      const [header] = csvRows(project.text);
      return header !== undefined && isTodoistHeader(header.cells);
    })
    .sort((a, b) => a.file.localeCompare(b.file));
  if (projects.length === 0) throw badRequest(IMPORT_MESSAGES.wrongKind);
  return planned('todoist', options, (context) => planTodoist(projects, context));
}

function readJson(content: string, options: ReadOptions): ImportPlan {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw badRequest(IMPORT_MESSAGES.malformed);
  }
  if (!isTempoExport(json)) throw badRequest(IMPORT_MESSAGES.wrongKind);
  const data = readTempoExport(json);
  return planned('tempo', options, ({ builder }) => planTempo(data, builder));
}

function planned(format: ImportFormat, options: ReadOptions, read: (context: SourceContext) => void): ImportPlan {
  const builder = new PlanBuilder(options.userId, format);
  read({ builder, projects: options.projects, timeZone: options.timeZone, now: options.now });
  const plan = builder.build();
  if (plan.items.length === 0 && plan.skippedCount === 0) throw badRequest(IMPORT_MESSAGES.nothingToImport);
  return plan;
}
