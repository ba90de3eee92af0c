import { z } from 'zod';
import { MESSAGES } from './messages';
import { MAX_REMINDERS, REMINDER_CHANNELS, REMINDER_OFFSETS } from './reminders';

/** An item's or a default's reminders: minutes before its time, each from REMINDER_OFFSETS, at most MAX_REMINDERS, none twice. */
export const RemindersSchema = z
  .array(z.literal(REMINDER_OFFSETS, { error: MESSAGES.reminderChoice }))
  .max(MAX_REMINDERS, MESSAGES.tooManyReminders)
  .refine((offsets) => new Set(offsets).size === offsets.length, MESSAGES.reminderTwice);

/** Each of REMINDER_CHANNELS on or off: every one named, no other. */
export const ReminderChannelsSchema = z.record(z.enum(REMINDER_CHANNELS), z.boolean());
export type ReminderChannels = z.infer<typeof ReminderChannelsSchema>;

/**
 * Where reminders are mailed, as Settings shows it (GET /api/reminders/mail): the address; why and
 * since when mail to it stopped (SES reported a bounce or a complaint), or null; and the day's mails.
 */
export const ReminderMailStatusSchema = z.object({
  address: z.string().nullable(),
  suppressed: z.object({ reason: z.enum(['bounce', 'complaint']), at: z.iso.datetime() }).nullable(),
  sent_today: z.number().int(),
  per_day: z.number().int(),
});
export type ReminderMailStatus = z.infer<typeof ReminderMailStatusSchema>;
