/**
 * "Export my data" (functions/exports/, docs/data-export.md): one zip the person downloads from
 * Settings, built in the background. Its JSON's shape is in data-export.schema.ts.
 */

export const DATA_EXPORT_FORMAT = 'tempo-export';
export const DATA_EXPORT_VERSION = 1;

/** The zip's entries: everything as JSON (DataExportSchema), the events as iCalendar, the tasks as CSV. */
export const DATA_EXPORT_FILES = { json: 'tempo-export.json', calendar: 'events.ics', tasks: 'tasks.csv' } as const;

export const DATA_EXPORT_LIMITS = {
  /** How long a finished export can be downloaded; the table's TTL then removes it. */
  keptDays: 7,
  /**
   * The largest zip offered: the download is one Lambda answer, whose payload may be 6 MB, and its
   * bytes go base64 encoded (4 characters for 3 bytes), so 4 MiB (5.6 MB encoded) leaves room for
   * the headers. A larger account's export fails with `too_large` (docs/data-export.md).
   */
  maxZipBytes: 4 * 1024 * 1024,
  /** A build that has not finished after this is taken as failed (its function ran out of time), and another may start. */
  buildMinutes: 5,
  /** Change sets in an export at most: as many as the history shows a day (20), for each of the 10 days a set is kept. */
  changeSets: 200,
} as const;

export const DATA_EXPORT_STATUSES = ['building', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];
/** Why an export failed: the account is past what one download holds, or the build stopped (a crash, a timeout). */
export const DATA_EXPORT_FAILURES = ['too_large', 'failed'] as const;
export type DataExportFailure = (typeof DATA_EXPORT_FAILURES)[number];

/**
 * The file name a download is saved under: the day it was made, in UTC, as "tempo-export-2026-12-07.zip".
 */
export const dataExportFileName = (createdAt: string) => `tempo-export-${createdAt.slice(0, 10)}.zip`;

/**
 * The API's messages of the exports, in English (the settings section translates them in its
 * catalogue part): here, not in MESSAGES, so that only that section downloads them.
 */
export const DATA_EXPORT_MESSAGES = {
  /** A second export asked for while one is being made (409). */
  busy: 'Your export is still being made. It will be ready in a moment.',
  /** The file of an export that is not ready, expired or replaced (404). */
  notReady: 'This export is not ready or no longer kept. Make a new one.',
} as const;
