import { z } from 'zod';
import { isoDateTime } from './dates.schema';
import { IMPORT_FORMATS, IMPORT_STATUSES, NOTE_KINDS, PROJECT_TARGETS, SKIP_REASONS } from './imports';

/** POST /api/imports's query: the file's name (its extension helps tell its kind) and what projects become. */
export const ImportUploadQuerySchema = z.object({
  name: z.string().max(255).optional(),
  projects: z.enum(PROJECT_TARGETS).default('goals'),
});

export type ImportUploadQuery = z.output<typeof ImportUploadQuerySchema>;

const counts = z.object({ goals: z.number().int(), tasks: z.number().int(), events: z.number().int(), tags: z.number().int() });

/** A row left out (`line`: its line in the file, or its place in the file's list; `file`: the zip entry it is in), and why. */
export const SkippedRowSchema = z.object({ file: z.string().nullable(), line: z.number().int(), reason: z.enum(SKIP_REASONS), title: z.string() });
/** A row brought in with a change the person should know of. */
export const ImportNoteSchema = z.object({ file: z.string().nullable(), line: z.number().int(), kind: z.enum(NOTE_KINDS), title: z.string() });

/**
 * An import: its preview ("214 tasks, 12 goals, 31 tags; 3 rows skipped, with why"), and once
 * confirmed, how far the writing got: `made` (new) and `existing` (there already: made by an
 * earlier import of the same file, or a tag of that name) of `counts`' items.
 */
export const ImportSchema = z.object({
  id: z.uuid(),
  format: z.enum(IMPORT_FORMATS),
  file_name: z.string(),
  projects: z.enum(PROJECT_TARGETS),
  status: z.enum(IMPORT_STATUSES),
  counts,
  /** Items in the trash of a Tempo export, which go back into the trash (counted in `counts` too). */
  trashed: z.number().int(),
  skipped_count: z.number().int(),
  /** The first skipped rows (IMPORT_LIMITS.listedMax), in file order. */
  skipped: z.array(SkippedRowSchema),
  notes_count: z.number().int(),
  notes: z.array(ImportNoteSchema),
  made: z.number().int(),
  existing: z.number().int(),
  created_at: isoDateTime,
  expires_at: isoDateTime,
});
export type ImportEntry = z.infer<typeof ImportSchema>;
export type SkippedRow = z.infer<typeof SkippedRowSchema>;
export type ImportNote = z.infer<typeof ImportNoteSchema>;
export type ImportCounts = z.infer<typeof counts>;
