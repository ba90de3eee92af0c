import { nextOccurrenceAfter, type SeriesTimes } from './recurrence';
import { zonedInstant } from './zoned-time';

/**
 * Reminders: how long before an item's time a person is reminded, and when the next one comes.
 * An event's time is its start; an all-day event's is 09:00 of its first day in the person's zone
 * (a reminder at midnight would come while they sleep); a task's is its due time. A series
 * reminds at each occurrence, and an occurrence taken out of it does not.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Minutes before the item's time: at its time, 5, 10, 15 or 30 minutes, 1 or 2 hours, or 1 day before. */
export const REMINDER_OFFSETS = [0, 5, 10, 15, 30, 60, 120, 1440] as const;
export type ReminderOffset = (typeof REMINDER_OFFSETS)[number];

/** At most this many reminders on one item. */
export const MAX_REMINDERS = 5;

/** Where a reminder's Open leads: the event's details (of its occurrence), or the task's editor. */
export function reminderPath(kind: 'events' | 'tasks', id: string, occurrence: string | null): string {
  if (kind === 'tasks') return `/tasks?taskId=${encodeURIComponent(id)}`;
  return `/calendar?eventId=${encodeURIComponent(id)}${occurrence ? `&occurrence=${encodeURIComponent(occurrence)}` : ''}`;
}

/** What a reminder's Web Push carries (functions/reminders/fire.ts), for the service worker to show (web/service-worker/). */
export interface ReminderPush {
  /** The notification's tag: a retried firing replaces the notification rather than repeats it. */
  noticeId: string;
  title: string;
  /** When the event is or the task is due, in the person's language and zone. */
  body: string;
  /** The page Open leads to (reminderPath). */
  url: string;
  actions: { open: string; snooze: string };
}

/** What the service worker asks a tab of the app's to do when a notification is clicked. */
export type ReminderAction = { openReminder: string; noticeId: string } | { snoozeReminder: string };

/** A reminder on screen snoozes for 10 minutes or 1 hour. */
export const SNOOZE_MINUTES = [10, 60] as const;
export type SnoozeMinutes = (typeof SNOOZE_MINUTES)[number];

/** The most reminders one account has snoozed at once: each holds a schedule of its own until it shows again. */
export const MAX_SNOOZED = 20;

/**
 * The most reminder mails an account is sent in a day (UTC): a person's busy day fits, and a
 * script's thousand items cost the sending account no more. The last one says the rest of the day's
 * reminders come on screen and by push only.
 */
export const MAX_REMINDER_MAILS_PER_DAY = 10;

/** The minute of the day (09:00) an all-day event's reminders count back from. */
export const ALL_DAY_REMINDER_MINUTE = 9 * 60;

/** How a reminder arrives: a notice in every open tab, Web Push to the browsers that allowed it, a mail. */
export const REMINDER_CHANNELS = ['screen', 'push', 'mail'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** A new account's channels: push asks the browser's permission and mail is for those who choose it, so both start off. */
export const DEFAULT_REMINDER_CHANNELS = { screen: true, push: false, mail: false } as const satisfies Record<ReminderChannel, boolean>;

/** The defaults of a new account's settings: events 10 minutes before, tasks at their due time. */
export const DEFAULT_REMINDERS = { events: [10], tasks: [0] } as const satisfies Record<string, readonly ReminderOffset[]>;

/** The reminders of an event without its own: at its start for an event of type 'reminder', else the person's default for events. */
export function defaultEventReminders(eventType: string, personDefault: readonly ReminderOffset[]): readonly ReminderOffset[] {
  return eventType === 'reminder' ? [0] : personDefault;
}

/** An item's reminders: its own when it has set them (an empty list: none), else the person's default for its kind. */
export function remindersOf(own: readonly ReminderOffset[] | null | undefined, defaults: readonly ReminderOffset[]): readonly ReminderOffset[] {
  return own ?? defaults;
}

/** A reminder that will come: when, for which occurrence of a series (null: a single item), and how long before it. */
export interface NextReminder {
  at: string;
  occurrence: string | null;
  offset: ReminderOffset;
}

/**
 * The first of an item's reminders that comes after `now`, or null when none will (its time has
 * passed, its series has ended, or it has no reminders). `times` are an event's, or a task's as a
 * series of instants (recurrence.ts `taskSeries`); `timeZone` is the person's, for all-day events.
 */
export function nextReminder(times: SeriesTimes, offsets: readonly ReminderOffset[], now: string, timeZone: string): NextReminder | null {
  let next: NextReminder | null = null;
  for (const offset of new Set(offsets)) {
    const found = nextFor(times, offset, Date.parse(now), timeZone);
    if (found && (!next || Date.parse(found.at) < Date.parse(next.at))) next = found;
  }
  return next;
}

/** The instant an occurrence starting at `start` is reminded of, before any offset. */
function anchorOf(start: string, allDay: boolean, timeZone: string): number {
  return allDay ? zonedInstant(start.slice(0, 10), ALL_DAY_REMINDER_MINUTE, timeZone).getTime() : Date.parse(start);
}

/**
 * An anchor lies within a day of its occurrence's start (09:00 anywhere on Earth is within 21 hours
 * of 00:00 UTC), and a series has at most one occurrence a day: searching from two days before the
 * first possible start, the occurrence wanted is among the next few.
 */
const OCCURRENCES_SEARCHED = 5;

function nextFor(times: SeriesTimes, offset: ReminderOffset, now: number, timeZone: string): NextReminder | null {
  const fireOf = (start: string) => anchorOf(start, times.all_day, timeZone) - offset * MINUTE_MS;
  const { recurrence } = times;
  if (!recurrence) {
    const at = fireOf(times.start_time);
    return at > now ? { at: new Date(at).toISOString(), occurrence: null, offset } : null;
  }
  let after = new Date(now + offset * MINUTE_MS - 2 * DAY_MS).toISOString();
  for (let searched = 0; searched < OCCURRENCES_SEARCHED; searched++) {
    const start = nextOccurrenceAfter({ ...times, recurrence }, after);
    if (start === null) return null;
    const at = fireOf(start);
    if (at > now) return { at: new Date(at).toISOString(), occurrence: start, offset };
    after = start;
  }
  return null;
}
