import { z } from 'zod';
import { isoDateTime } from './dates.schema';
import { REMINDER_OFFSETS, SNOOZE_MINUTES } from './reminders';

/**
 * A reminder shown on screen (GET /api/reminders): in every open tab until it is dismissed in one,
 * hidden while snoozed. `id` names the reminder (one per item, occurrence and offset).
 */
export const ReminderNoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(['events', 'tasks']),
  item_id: z.string(),
  title: z.string(),
  /** The item's time: an event's start (of this occurrence), a task's due time. */
  item_time: isoDateTime,
  /** The occurrence of a series it is for (its start), or null. */
  occurrence: isoDateTime.nullable(),
  all_day: z.boolean(),
  offset: z.literal(REMINDER_OFFSETS),
  shown_at: isoDateTime,
});
export type ReminderNotice = z.infer<typeof ReminderNoticeSchema>;

export const SnoozeSchema = z.strictObject({ minutes: z.literal(SNOOZE_MINUTES) });
