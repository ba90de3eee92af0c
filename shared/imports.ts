/**
 * Settings → "Import" (functions/imports/, docs/imports.md): a Todoist backup, a TickTick backup, an
 * iCalendar file or our own export is read into a preview, nothing written; once the person confirms,
 * its items are written in the background, each under an id made from the source's own identity, so
 * that the same file imported twice makes nothing twice.
 */

export const IMPORT_FORMATS = ['todoist', 'ticktick', 'ics', 'tempo'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What a Todoist or TickTick project (a list, a folder) becomes: a goal its tasks link to, or a tag on them. */
export const PROJECT_TARGETS = ['goals', 'tags'] as const;
export type ProjectTarget = (typeof PROJECT_TARGETS)[number];

export const IMPORT_STATUSES = ['previewed', 'applying', 'done'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_LIMITS = {
  /**
   * The file as sent. A Lambda's request event may hold 6 MB, and API Gateway sends a file's bytes in
   * base64 (a third more): 4 MiB of file is about 5.6 MB of event. Todoist's and TickTick's backups of
   * thousands of tasks are a few hundred KB.
   */
  fileMaxBytes: 4 * 1024 * 1024,
  /** A zip's entries, and all of them inflated: checked while inflating, so a crafted archive stops early. */
  zipEntriesMax: 500,
  unpackedMaxBytes: 32 * 1024 * 1024,
  /** Items one file may bring in, whatever it holds: each becomes a write. */
  itemsMax: 10_000,
  /** Skipped rows and notes a preview lists; the counts count them all. */
  listedMax: 100,
  /** How long a preview waits for the person's confirmation, and a finished import's record is kept. */
  keptHours: 24,
} as const;

/**
 * Priorities onto ours (low, medium, high). Todoist's CSV numbers them as its screens do, 1 (p1, the
 * most urgent) to 4 (p4, none); TickTick's as 0 (none), 1 (low), 3 (medium), 5 (high). "None" is our
 * default, medium; Todoist's two most urgent both become high.
 */
export const TODOIST_PRIORITIES: Readonly<Record<string, 'low' | 'medium' | 'high'>> = { '1': 'high', '2': 'high', '3': 'medium', '4': 'medium' };
export const TICKTICK_PRIORITIES: Readonly<Record<string, 'low' | 'medium' | 'high'>> = { '0': 'medium', '1': 'low', '3': 'medium', '5': 'high' };

/** Why a row was left out, as the preview lists it (the texts are IMPORT_MESSAGES'). */
export const SKIP_REASONS = ['noTitle', 'badDate', 'notAnItem', 'invalid', 'tooMany'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** What the preview says of a row it keeps with a change. */
export const NOTE_KINDS = ['repeatInDescription', 'subtaskFlattened', 'commentInDescription'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/**
 * The import's messages. They live here, not in MESSAGES, so that only Settings' import section
 * downloads them (with its texts, which translate them).
 */
export const IMPORT_MESSAGES = {
  tooLarge: `The file is larger than ${IMPORT_LIMITS.fileMaxBytes / 1024 / 1024} MB.`,
  empty: 'The file is empty.',
  wrongKind: 'This is not a file Tempo can import: choose a Todoist backup (zip or CSV), a TickTick backup (CSV), an .ics file or a Tempo export.',
  malformed: 'The file could not be read: it is damaged or not in the format it claims.',
  zipTooLarge: 'The archive unpacks to more than Tempo reads from one file.',
  tooManyItems: `The file holds more than ${IMPORT_LIMITS.itemsMax} items: split it and import each part.`,
  nothingToImport: 'The file holds nothing to import.',
  notPreviewed: 'This import was confirmed already.',
  demo: 'A demo account cannot import files.',
  noTitle: 'It has no title.',
  badDate: 'Its date could not be read.',
  notAnItem: 'It is not a task.',
  invalid: 'It does not fit in Tempo (a text too long, or a value out of range).',
  tooMany: 'The file holds more items than one import takes.',
  repeatInDescription: 'Its repeat could not be matched to one of Tempo’s: the text is kept in the description.',
  subtaskFlattened: 'A sub-task: imported as a task of its own.',
  commentInDescription: 'Its comments are added to the description.',
} as const;
