import { createHash } from 'node:crypto';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar } from 'ical-generator';
import { CALENDAR_FEED } from '../../shared/calendar-feed';
import type { CalendarEvent } from '../../shared/calendar-events.schema';
import type { Language } from '../../shared/languages';
import type { Recurrence } from '../../shared/recurrence';
import type { Task } from '../../shared/tasks.schema';
import { addDays, zonedInstant, zonedParts } from '../../shared/zoned-time';

/** A task's title in a subscriber's calendar says it is a task, in the person's language. */
const TASK_TITLE: Record<Language, (title: string) => string> = {
  en: (title) => `Task: ${title}`,
  es: (title) => `Tarea: ${title}`,
  fr: (title) => `Tâche : ${title}`,
  de: (title) => `Aufgabe: ${title}`,
};

export interface FeedOwner {
  lang: Language;
  preferred_timezone: string;
  include_google: boolean;
}

/** One entry of the feed, an event's or a task's, before it is written as a VEVENT. */
interface Entry {
  uid: string;
  summary: string;
  description: string;
  location: string;
  start: string;
  /** Null: it ends where it starts (a task's due time). */
  end: string | null;
  allDay: boolean;
  recurrence: Recurrence | null;
  /** The day an occurrence starting at an instant falls on, for an all-day entry ('YYYY-MM-DD'). */
  dayOf: (instant: string) => string;
  created_at: string;
  updated_at: string;
}

export interface Feed {
  body: string;
  etag: string;
}

/**
 * The person's calendar as RFC 5545 text: their live events (those that came from Google only when
 * they asked), a series as one VEVENT with its RRULE and EXDATEs in the series' own zone (with a
 * VTIMEZONE for each zone used), all-day events as dates, and their open tasks with a due date at
 * their due time, or on their day when due at its start; of them those in CALENDAR_FEED's window
 * around `today` (UTC), at most CALENDAR_FEED.maxEntries. Nothing in it depends on the time of day
 * it is built, so the same items on the same day give the same bytes and the same ETag.
 */
export function buildFeed(events: readonly CalendarEvent[], tasks: readonly Task[], owner: FeedOwner, today: string): Feed {
  const entries = withinBounds(
    [
      ...events.filter((event) => owner.include_google || !event.gcal_id).map(eventEntry),
      ...tasks.filter((task) => task.due_date && task.status !== 'completed').map((task) => taskEntry(task, owner)),
    ],
    today,
  );
  const body = calendarText(entries);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/**
 * Every event given as RFC 5545 text, written as the feed writes them, whatever their dates and
 * however many: "Export my data" (functions/exports/) puts the person's live events in its zip so.
 */
export const eventsCalendar = (events: readonly CalendarEvent[]): string => calendarText(events.map(eventEntry));

function calendarText(entries: readonly Entry[]): string {
  const calendar = new ICalCalendar({ prodId: { company: 'Tempo', product: 'Tempo', language: 'EN' }, name: 'Tempo' });
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const entry of entries) addEntry(calendar, entry);
  return calendar.toString();
}

/**
 * The entries a feed holds: a series whatever its dates (its RRULE is one entry), a single one only
 * when it ends after the window's start and starts before its end; past CALENDAR_FEED.maxEntries,
 * those nearest to today (series first), in their order.
 */
function withinBounds(entries: Entry[], today: string): Entry[] {
  const from = Date.parse(`${addDays(today, -CALENDAR_FEED.window.pastDays)}T00:00:00.000Z`);
  const until = Date.parse(`${addDays(today, CALENDAR_FEED.window.futureDays)}T00:00:00.000Z`);
  const inWindow = entries.filter((entry) => entry.recurrence || (Date.parse(entry.end ?? entry.start) >= from && Date.parse(entry.start) < until));
  if (inWindow.length <= CALENDAR_FEED.maxEntries) return inWindow;
  const midnight = Date.parse(`${today}T00:00:00.000Z`);
  const distance = (entry: Entry) => (entry.recurrence ? -1 : Math.abs(Date.parse(entry.start) - midnight));
  const kept = new Set([...inWindow].sort((a, b) => distance(a) - distance(b)).slice(0, CALENDAR_FEED.maxEntries));
  return inWindow.filter((entry) => kept.has(entry));
}

const eventEntry = (event: CalendarEvent): Entry => ({
  uid: `event-${event.id}@tempo`,
  summary: event.title,
  description: event.description,
  location: event.location,
  start: event.start_time,
  // An all-day event is stored up to 00:00 UTC of its last day; iCal's end is the day after.
  end: event.all_day ? `${addDays(event.end_time.slice(0, 10), 1)}T00:00:00.000Z` : event.end_time,
  allDay: event.all_day,
  recurrence: event.recurrence ?? null,
  // An all-day event's days are the dates written in it, whatever the zone.
  dayOf: (instant) => instant.slice(0, 10),
  created_at: event.created_at,
  updated_at: event.updated_at,
});

function taskEntry(task: Task, owner: FeedOwner): Entry {
  const due = task.due_date!;
  const zone = task.recurrence?.time_zone ?? owner.preferred_timezone;
  // A due date picked as a day is the start of that day in the person's zone.
  const { day, minutes } = zonedParts(due, zone);
  const allDay = minutes === 0;
  return {
    uid: `task-${task.id}@tempo`,
    summary: TASK_TITLE[owner.lang](task.title),
    description: task.description,
    location: '',
    start: allDay ? `${day}T00:00:00.000Z` : due,
    end: allDay ? `${addDays(day, 1)}T00:00:00.000Z` : null,
    allDay,
    recurrence: task.recurrence ?? null,
    dayOf: (instant) => zonedParts(instant, zone).day,
    created_at: task.created_at,
    updated_at: task.updated_at,
  };
}

function addEntry(calendar: ICalCalendar, entry: Entry): void {
  const zone = writtenZone(entry);
  // In a zone, ical-generator writes a Date's local fields as the zone's wall clock.
  const at = (instant: string) => (zone ? wallClock(instant, zone) : new Date(instant));
  calendar.createEvent({
    id: entry.uid,
    summary: entry.summary,
    description: entry.description || null,
    location: entry.location || null,
    start: at(entry.start),
    end: entry.end ? at(entry.end) : null,
    allDay: entry.allDay,
    timezone: zone,
    repeating: entry.recurrence ? repeatLines(entry, entry.recurrence, zone) : null,
    stamp: new Date(entry.updated_at),
    created: new Date(entry.created_at),
    lastModified: new Date(entry.updated_at),
    sequence: sequenceOf(entry),
  });
}

/** Whether the VTIMEZONE library knows a zone, per zone (IANA names: a bounded set). */
const vtimezoneKnown = new Map<string, boolean>();

/**
 * The zone a timed series is written in: its own, with a VTIMEZONE; UTC times instead when that is
 * UTC itself or a zone the VTIMEZONE library does not know (a TZID without its VTIMEZONE is read as
 * floating by some calendars).
 */
function writtenZone(entry: Entry): string | null {
  const zone = entry.recurrence && !entry.allDay ? entry.recurrence.time_zone : null;
  if (!zone || zone === 'UTC' || zone === 'Etc/UTC') return null;
  if (!vtimezoneKnown.has(zone)) vtimezoneKnown.set(zone, Boolean(getVtimezoneComponent(zone)));
  return vtimezoneKnown.get(zone) ? zone : null;
}

/**
 * The RRULE, and the EXDATE of the occurrences taken out, written as the series' start is: dates
 * for an all-day one, its zone's wall clock beside a TZID, or UTC. A rule's UNTIL takes the same
 * form (RFC 5545: a date with a date start, UTC with a zoned start).
 */
function repeatLines(entry: Entry, recurrence: Recurrence, zone: string | null): string {
  const rule = recurrence.rule.replace(/UNTIL=(\d{8})(T\d{6}Z)?/, (_match, day: string, time: string | undefined) => {
    if (entry.allDay) return `UNTIL=${day}`;
    if (time) return `UNTIL=${day}${time}`;
    // A date: the end of that day in the series' zone, in UTC.
    const dayEnd = zonedInstant(addDays(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`, 1), 0, recurrence.time_zone).getTime() - 1000;
    return `UNTIL=${utcStamp(new Date(dayEnd).toISOString())}`;
  });
  const lines = [`RRULE:${rule}`];
  if (recurrence.exceptions.length > 0) {
    if (entry.allDay) lines.push(`EXDATE;VALUE=DATE:${recurrence.exceptions.map((start) => entry.dayOf(start).replaceAll('-', '')).join(',')}`);
    else if (zone) lines.push(`EXDATE;TZID=${zone}:${recurrence.exceptions.map((start) => wallStamp(start, zone)).join(',')}`);
    else lines.push(`EXDATE:${recurrence.exceptions.map(utcStamp).join(',')}`);
  }
  return lines.join('\n');
}

/** The instant's wall-clock time in `zone`, carried in a Date's local fields (what ical-generator writes beside a TZID). */
function wallClock(instant: string, zone: string): Date {
  const { day, minutes } = zonedParts(instant, zone);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, Math.floor(minutes / 60), minutes % 60);
}

/** 20261103T090000: the instant's wall-clock time in `zone`, as iCal writes it beside a TZID. */
function wallStamp(instant: string, zone: string): string {
  const { day, minutes } = zonedParts(instant, zone);
  return `${day.replaceAll('-', '')}T${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}00`;
}

/** 20261103T080000Z: an instant in UTC, as iCal writes it. */
const utcStamp = (instant: string) => `${instant.slice(0, 19).replaceAll('-', '').replaceAll(':', '')}Z`;

/**
 * iCal's SEQUENCE must grow with each change; the items keep no revision count, so it is the seconds
 * from the item's creation to its last change.
 */
const sequenceOf = (entry: Entry) => Math.max(0, Math.floor((Date.parse(entry.updated_at) - Date.parse(entry.created_at)) / 1000));
