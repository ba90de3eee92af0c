import { z } from 'zod';
import { MESSAGES } from './messages';
import { MAX_REMINDERS, REMINDER_OFFSETS } from './reminders';

/** An item's or a default's reminders: minutes before its time, each from REMINDER_OFFSETS, at most MAX_REMINDERS, none twice. */
export const RemindersSchema = z
  .array(z.literal(REMINDER_OFFSETS, { error: MESSAGES.reminderChoice }))
  .max(MAX_REMINDERS, MESSAGES.tooManyReminders)
  .refine((offsets) => new Set(offsets).size === offsets.length, MESSAGES.reminderTwice);

/** How a reminder arrives, each on or off: a notice in every open tab, Web Push to the browsers that allowed it, a mail. */
export const ReminderChannelsSchema = z.strictObject({ screen: z.boolean(), push: z.boolean(), mail: z.boolean() });
export type ReminderChannels = z.infer<typeof ReminderChannelsSchema>;
