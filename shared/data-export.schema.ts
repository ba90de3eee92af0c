import { z } from 'zod';
import { EventSchema } from './calendar-events.schema';
import { ChangeSetSchema } from './change-sets.schema';
import { isoDateTime } from './dates.schema';
import { DATA_EXPORT_FAILURES, DATA_EXPORT_FORMAT, DATA_EXPORT_STATUSES, DATA_EXPORT_VERSION } from './data-export';
import { GoalSchema } from './goals.schema';
import { ReminderNoticeSchema } from './reminder-notices.schema';
import { SettingsSchema } from './settings.schema';
import { TagSchema } from './tags.schema';
import { TaskSchema } from './tasks.schema';

/**
 * An item in the trash, as it is stored and the API would answer it (with its `deleted_at`), and
 * its kind, so that an import can put it back into the trash rather than into a list.
 */
export const TrashedItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('goals'), item: GoalSchema }),
  z.object({ kind: z.literal('tasks'), item: TaskSchema }),
  z.object({ kind: z.literal('events'), item: EventSchema }),
]);
export type TrashedItem = z.infer<typeof TrashedItemSchema>;

/**
 * `tempo-export.json`, the heart of "Export my data" (functions/exports/): everything the person has,
 * each record exactly as the API answers it (its own schema), so that our import reads it back
 * without loss. Version 1; a change that an older import could misread is a new version.
 *
 * - `goals`, `tasks`: the live ones, in the person's saved order (first on top).
 * - `events`: the live ones by start. A series is one event whose `recurrence` holds its rule, its
 *   zone and its `exceptions` (the starts taken out), as stored: occurrences are never stored.
 *   Events synced in from Google carry their `gcal_id`.
 * - `tags`: by name. Items name their tags by name (`tags`), as the API does.
 * - `trash`: what is in the trash, each as it is (`deleted_at` set), newest deletion first.
 * - `settings`: as GET /api/settings answers them, the default reminders among them.
 * - `reminders`: each item's own reminders live on the item (`reminders`: minutes before; null: the
 *   defaults in settings); this list holds the reminders on screen at the time of the export
 *   (GET /api/reminders), a moment's state that an import need not make again.
 * - `change_sets`: the assistant's change sets still kept (10 days), with their lines, newest first;
 *   a history, for reading: an import need not make them again.
 *
 * Ids, `user_id`, `created_at`, `updated_at` and `version` are the exporting account's.
 */
export const DataExportSchema = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  version: z.literal(DATA_EXPORT_VERSION),
  exported_at: isoDateTime,
  goals: z.array(GoalSchema),
  tasks: z.array(TaskSchema),
  events: z.array(EventSchema),
  tags: z.array(TagSchema),
  trash: z.array(TrashedItemSchema),
  settings: SettingsSchema,
  reminders: z.array(ReminderNoticeSchema),
  change_sets: z.array(ChangeSetSchema),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/**
 * The latest export as Settings lists it (GET /api/exports): being made, ready to download until
 * `expires_at`, or failed with why. `size_bytes` is the zip's, once ready.
 */
export const DataExportEntrySchema = z.object({
  id: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  failure: z.enum(DATA_EXPORT_FAILURES).nullable(),
  created_at: isoDateTime,
  ready_at: isoDateTime.nullable(),
  expires_at: isoDateTime,
  size_bytes: z.int().nullable(),
});
export type DataExportEntry = z.infer<typeof DataExportEntrySchema>;
