import { createHash } from 'node:crypto';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar } from 'ical-generator';
import type { CalendarEvent } from '../../shared/calendar-events.schema';
import type { Language } from '../../shared/languages';
import type { Recurrence } from '../../shared/recurrence';
import type { Task } from '../../shared/tasks.schema';
import { addDays, zonedParts } from '../../shared/zoned-time';

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
  created_at: string;
  updated_at: string;
}

export interface Feed {
  body: string;
  /** The latest change of anything in it (HTTP's Last-Modified), or null for an empty feed. */
  lastModified: string | null;
  etag: string;
}

/**
 * The person's calendar as RFC 5545 text: their live events (those that came from Google only when
 * they asked), a series as one VEVENT with its RRULE and EXDATEs in the series' own zone (with a
 * VTIMEZONE for each zone used), all-day events as dates, and their open tasks with a due date at
 * their due time, or on their day when due at its start. Nothing in it depends on when it is built,
 * so the same items give the same bytes and the same ETag.
 */
export function buildFeed(events: readonly CalendarEvent[], tasks: readonly Task[], owner: FeedOwner): Feed {
  const entries = [
    ...events.filter((event) => owner.include_google || !event.gcal_id).map(eventEntry),
    ...tasks.filter((task) => task.due_date && task.status !== 'completed').map((task) => taskEntry(task, owner)),
  ];
  const calendar = new ICalCalendar({ prodId: { company: 'Tempo', product: 'Tempo', language: 'EN' }, name: 'Tempo' });
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const entry of entries) addEntry(calendar, entry);
  const body = calendar.toString();
  const lastModified = entries.reduce<string | null>((latest, entry) => (latest === null || entry.updated_at > latest ? entry.updated_at : latest), null);
  return { body, lastModified, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
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
    created_at: task.created_at,
    updated_at: task.updated_at,
  };
}

function addEntry(calendar: ICalCalendar, entry: Entry): void {
  const zone = entry.recurrence && !entry.allDay ? entry.recurrence.time_zone : null;
  // In a zone, ical-generator writes a Date's UTC fields as the zone's wall clock.
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
    repeating: entry.recurrence ? repeatLines(entry.recurrence, entry.allDay, zone) : null,
    stamp: new Date(entry.updated_at),
    created: new Date(entry.created_at),
    lastModified: new Date(entry.updated_at),
    sequence: sequenceOf(entry),
  });
}

/** The RRULE, and the EXDATE of the occurrences taken out, as the series' own start is written. */
function repeatLines(recurrence: Recurrence, allDay: boolean, zone: string | null): string {
  const lines = [`RRULE:${recurrence.rule}`];
  if (recurrence.exceptions.length > 0) {
    const excluded = recurrence.exceptions.map((start) => (allDay ? start.slice(0, 10).replaceAll('-', '') : compact(wallClock(start, zone!))));
    lines.push(allDay ? `EXDATE;VALUE=DATE:${excluded.join(',')}` : `EXDATE;TZID=${zone}:${excluded.join(',')}`);
  }
  return lines.join('\n');
}

/** The instant's wall-clock time in `zone`, carried in a Date's UTC fields. */
function wallClock(instant: string, zone: string): Date {
  const { day, minutes } = zonedParts(instant, zone);
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + minutes * 60_000);
}

/** 20261103T090000: a wall-clock time as iCal writes it beside a TZID. */
const compact = (wall: Date) => wall.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '');

/**
 * iCal's SEQUENCE must grow with each change; the items keep no revision count, so it is the seconds
 * from the item's creation to its last change.
 */
const sequenceOf = (entry: Entry) => Math.max(0, Math.floor((Date.parse(entry.updated_at) - Date.parse(entry.created_at)) / 1000));
