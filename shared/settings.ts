import { DEFAULT_TIME_ZONE } from './dates';
import { DEFAULT_REMINDERS } from './reminders';
import type { Settings, SettingsPatch } from './settings.schema';

export const START_MINUTES = [0, 15, 30, 45] as const;

/** The fixed list of time zones the settings offer. */
export const TIME_ZONES = [
  { id: 'UTC', label: 'UTC' },
  { id: 'America/New_York', label: 'New York' },
  { id: 'America/Chicago', label: 'Chicago' },
  { id: 'America/Denver', label: 'Denver' },
  { id: 'America/Los_Angeles', label: 'Los Angeles' },
  { id: 'Europe/London', label: 'London' },
  { id: 'Europe/Paris', label: 'Paris' },
  { id: 'Europe/Berlin', label: 'Berlin' },
  { id: 'Asia/Tokyo', label: 'Tokyo' },
  { id: 'Asia/Shanghai', label: 'Shanghai' },
  { id: 'Asia/Kolkata', label: 'Mumbai/Kolkata' },
  { id: 'Australia/Sydney', label: 'Sydney' },
] as const;

export const SYNC_PAST_DAYS = { min: 0, max: 60, atSignUp: 30, fromSettings: 7 } as const;
export const SYNC_FUTURE_MONTHS = { min: 1, max: 12, default: 2 } as const;

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
    // Push asks the browser's permission and mail is for those who choose it: both start off.
    reminder_channels: { screen: true, push: false, mail: false },
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
