import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './dates';
import { isoDateTime } from './dates.schema';
import { LANGUAGES } from './languages';
import { MESSAGES } from './messages';
import { DEFAULT_PLANNING } from './planning';
import { planningSettingsFields } from './planning.schema';
import { DEFAULT_REMINDER_CHANNELS, DEFAULT_REMINDERS } from './reminders';
import { ReminderChannelsSchema, RemindersSchema } from './reminders.schema';
import { START_MINUTES, SYNC_FUTURE_MONTHS, SYNC_PAST_DAYS, TIME_ZONES } from './settings';

const timeZoneIds = TIME_ZONES.map((zone) => zone.id) as [string, ...string[]];

/** A whole number in a range, with one message for every way to miss it (empty, a fraction, out of range). */
function wholeNumber({ min, max }: { min: number; max: number }, message: string) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

const settingsFields = {
  preferred_timezone: z.enum(timeZoneIds, { error: MESSAGES.timeZoneChoice }),
  full_name: z.string().trim().max(200).nullable(),
  lang: z.enum(LANGUAGES, { error: MESSAGES.languageChoice }),
  sync_past_days: wholeNumber(SYNC_PAST_DAYS, MESSAGES.syncPastDaysRange),
  sync_future_months: wholeNumber(SYNC_FUTURE_MONTHS, MESSAGES.syncFutureMonthsRange),
  calendar_start_hour: wholeNumber({ min: 0, max: 23 }, MESSAGES.startHourRange),
  calendar_start_minute: z.literal(START_MINUTES, { error: MESSAGES.startMinuteChoice }),
  use_personalization: z.boolean(),
  /** The reminders of an event or a task that has not set its own. */
  event_reminders: RemindersSchema,
  task_reminders: RemindersSchema,
  reminder_channels: ReminderChannelsSchema,
  ...planningSettingsFields,
};

/** What the settings screen saves; every field optional so a partial save keeps the rest. */
export const SettingsUpdateSchema = z.strictObject(settingsFields).partial();
export type SettingsPatch = z.infer<typeof SettingsUpdateSchema>;

export const SettingsSchema = z.object({
  user_id: z.string(),
  ...settingsFields,
  gcal_connected: z.boolean(),
  /** Where reminders are mailed: the account's verified address when mail was turned on (set by the server, from the token). */
  reminder_mail_to: z.string().nullable(),
  updated_at: isoDateTime.nullable(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** Defaults of user_settings; sync_past_days depends on where the row is first made. */
export function defaultSettings(userId: string, createdFrom: 'sign-up' | 'settings'): Settings {
  return {
    user_id: userId,
    preferred_timezone: DEFAULT_TIME_ZONE,
    full_name: null,
    lang: 'en',
    gcal_connected: false,
    sync_past_days: createdFrom === 'sign-up' ? SYNC_PAST_DAYS.atSignUp : SYNC_PAST_DAYS.fromSettings,
    sync_future_months: SYNC_FUTURE_MONTHS.default,
    calendar_start_hour: 7,
    calendar_start_minute: 0,
    use_personalization: true,
    event_reminders: [...DEFAULT_REMINDERS.events],
    task_reminders: [...DEFAULT_REMINDERS.tasks],
    reminder_channels: { ...DEFAULT_REMINDER_CHANNELS },
    ...structuredClone(DEFAULT_PLANNING),
    reminder_mail_to: null,
    updated_at: null,
  };
}

/** Applies a save to stored settings: with personalization off the display name is saved as null. */
export function applySettings(current: Settings, patch: SettingsPatch, now: string): Settings {
  const next = { ...current, ...patch, updated_at: now };
  if (!next.use_personalization) next.full_name = null;
  return next;
}
