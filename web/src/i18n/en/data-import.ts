import { IMPORT_MESSAGES } from '../../../../shared/imports';
import type { ImportCounts } from '../../../../shared/imports.schema';

const counted = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;

/** English: Settings → Import, loaded with that section only (read by few, and every signed-in page downloads the app part). */
export default {
  /** The API's messages (and the preview's reasons and notes), as it answers them. */
  messages: IMPORT_MESSAGES,
  title: 'Import',
  hint: 'Bring your lists in from Todoist (a backup: the zip of one CSV file per project), TickTick (a backup CSV), any calendar (an .ics file) or a Tempo export. You see what will be made before anything is.',
  file: 'File',
  fileHint: (megabytes: number) => `A .zip, .csv, .ics or .json file of at most ${megabytes} MB.`,
  projects: 'Todoist and TickTick projects become',
  projectsHint: 'Each project’s tasks are linked to a goal of its name, or carry a tag of its name.',
  projectTargets: { goals: 'Goals', tags: 'Tags' },
  read: 'Preview import',
  chooseFile: 'Choose a file to import.',
  readFailed: 'Could not read the file. Please try again.',
  formats: { todoist: 'Todoist backup', ticktick: 'TickTick backup', ics: 'Calendar file', tempo: 'Tempo export' },
  previewTitle: (format: string) => `Preview: ${format}`,
  summary: ({ tasks, goals, events, tags }: ImportCounts) =>
    `${[counted(tasks, 'task', 'tasks'), counted(goals, 'goal', 'goals'), counted(events, 'event', 'events'), counted(tags, 'tag', 'tags')].join(', ')} will be made.`,
  trashed: (count: number) => `${counted(count, 'item goes', 'items go')} back into the trash.`,
  skippedCount: (count: number) => `${counted(count, 'row is', 'rows are')} left out:`,
  skippedLabel: 'Rows left out',
  notesCount: (count: number) => `${counted(count, 'row is', 'rows are')} imported with a change:`,
  notesLabel: 'Rows imported with a change',
  line: (line: number) => `Line ${line}`,
  lineInFile: (file: string, line: number) => `${file}, line ${line}`,
  twice: 'What was imported before from the same file is not made again.',
  confirm: 'Import',
  cancel: 'Cancel',
  applyFailed: 'Could not start the import. Please try again.',
  applying: 'Importing… You can leave this page: the import goes on.',
  done: (made: number, existing: number) =>
    existing > 0 ? `Import done: ${counted(made, 'item', 'items')} made, ${existing} there already.` : `Import done: ${counted(made, 'item', 'items')} made.`,
  doneNotice: 'Your import is done.',
  needsConnection: 'Importing needs a connection.',
} as const;
