import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildFeed, type FeedOwner } from '../../functions/calendar-feed/ics';
import { CALENDAR_FEED } from '../../shared/calendar-feed';
import type { CalendarEvent } from '../../shared/calendar-events.schema';
import type { Task } from '../../shared/tasks.schema';

const OWNER: FeedOwner = { lang: 'en', preferred_timezone: 'America/New_York', include_google: false };
/** The day the feed is built on: every date below is within its window. */
const TODAY = '2026-11-01';
const STAMPS = { created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-02T10:00:30.000Z' };

const event = (fields: Partial<CalendarEvent>): CalendarEvent =>
  ({
    id: '0b4fbc4e-4b5e-4d0e-9b43-6d1a6b1f4a01',
    user_id: 'u',
    title: 'Event',
    description: '',
    location: '',
    color: null,
    event_type: 'other',
    tags: [],
    all_day: false,
    recurrence: null,
    reminders: null,
    deleted_at: null,
    gcal_id: null,
    start_time: '2027-01-04T15:00:00.000Z',
    end_time: '2027-01-04T16:00:00.000Z',
    ...STAMPS,
    ...fields,
  }) as CalendarEvent;

const task = (fields: Partial<Task>): Task =>
  ({
    id: '0b4fbc4e-4b5e-4d0e-9b43-6d1a6b1f4a02',
    user_id: 'u',
    title: 'Task',
    description: '',
    priority: 'medium',
    status: 'pending',
    goal_id: null,
    tags: [],
    recurrence: null,
    reminders: null,
    deleted_at: null,
    due_date: null,
    ...STAMPS,
    ...fields,
  }) as Task;

const vevents = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));

describe('the calendar feed’s text', () => {
  it('leaves out the events that came from Google unless the person asks for them', () => {
    const events = [event({ title: 'Mine' }), event({ id: '0b4fbc4e-4b5e-4d0e-9b43-6d1a6b1f4a03', title: 'From Google', gcal_id: 'g1' })];
    expect(vevents(buildFeed(events, [], OWNER, TODAY).body).map((entry) => entry.summary)).toEqual(['Mine']);
    expect(vevents(buildFeed(events, [], { ...OWNER, include_google: true }, TODAY).body).map((entry) => entry.summary)).toEqual(['Mine', 'From Google']);
  });

  it('names tasks as tasks in the person’s language, on their day when due at its start in the person’s zone', () => {
    // Midnight in New York: a day picked in the task editor.
    const dayPicked = task({ title: 'Rent', due_date: '2027-02-01T05:00:00.000Z' });
    for (const [lang, title] of [
      ['en', 'Task: Rent'],
      ['es', 'Tarea: Rent'],
      ['fr', 'Tâche : Rent'],
      ['de', 'Aufgabe: Rent'],
    ] as const) {
      const [entry] = vevents(buildFeed([], [dayPicked], { ...OWNER, lang }, TODAY).body);
      expect([entry!.summary, entry!.startDate.toString(), entry!.endDate.toString()]).toEqual([title, '2027-02-01', '2027-02-02']);
    }
  });

  it('writes an all-day series with its dates taken out as dates', () => {
    const series = event({
      title: 'Bins',
      all_day: true,
      start_time: '2027-01-04T00:00:00.000Z',
      end_time: '2027-01-04T00:00:00.000Z',
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO', time_zone: 'UTC', exceptions: ['2027-01-11T00:00:00.000Z'] },
    });
    const lines = buildFeed([series], [], OWNER, TODAY).body.split('\r\n');
    expect(lines.filter((line) => /^(DTSTART|DTEND|RRULE|EXDATE)/.test(line))).toEqual([
      'DTSTART;VALUE=DATE:20270104',
      'DTEND;VALUE=DATE:20270105',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'EXDATE;VALUE=DATE:20270111',
    ]);
  });

  it('gives the same bytes and ETag for the same items, and UID, SEQUENCE and LAST-MODIFIED that follow an edit', () => {
    const before = buildFeed([event({})], [], OWNER, TODAY);
    expect(buildFeed([event({})], [], OWNER, TODAY)).toEqual(before);
    const edited = buildFeed([event({ title: 'Moved', updated_at: '2026-11-03T10:00:00.000Z' })], [], OWNER, TODAY);
    expect(edited.etag).not.toBe(before.etag);
    const [was, now] = [vevents(before.body)[0]!, vevents(edited.body)[0]!];
    expect(now.uid).toBe(was.uid);
    expect(now.sequence).toBeGreaterThan(was.sequence);
    expect(now.component.getFirstPropertyValue('last-modified')?.toString()).toBe('2026-11-03T10:00:00Z');
  });

  it('writes a UTC series in UTC, its UNTIL day as the end of that day in its zone, and the same whatever zone the server runs in', () => {
    const inUtc = event({
      start_time: '2027-01-04T10:00:00.000Z',
      end_time: '2027-01-04T11:00:00.000Z',
      recurrence: { rule: 'FREQ=WEEKLY', time_zone: 'UTC', exceptions: ['2027-01-11T10:00:00.000Z'] },
    });
    const untilDay = event({
      id: '0b4fbc4e-4b5e-4d0e-9b43-6d1a6b1f4a05',
      start_time: '2027-01-04T09:00:00.000Z',
      end_time: '2027-01-04T10:00:00.000Z',
      recurrence: { rule: 'FREQ=DAILY;UNTIL=20270110', time_zone: 'Europe/Berlin', exceptions: [] },
    });
    // The events' own lines, after the VTIMEZONE's.
    const linesOf = () => {
      const { body } = buildFeed([inUtc, untilDay], [], OWNER, TODAY);
      return body
        .slice(body.indexOf('BEGIN:VEVENT'))
        .split('\r\n')
        .filter((line) => /^(DTSTART|RRULE|EXDATE)/.test(line));
    };
    const expected = [
      'DTSTART:20270104T100000Z',
      'RRULE:FREQ=WEEKLY',
      'EXDATE:20270111T100000Z',
      'DTSTART;TZID=Europe/Berlin:20270104T100000',
      // 10 January is in: until its last second in Berlin.
      'RRULE:FREQ=DAILY;UNTIL=20270110T225959Z',
    ];
    expect(linesOf()).toEqual(expected);
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(linesOf()).toEqual(expected);
    } finally {
      process.env.TZ = zone;
    }
  });

  it('takes out a repeating task’s days as the person’s zone has them', () => {
    // Due at midnight in Berlin: all day on the 4th, then daily; the 6th (23:00 UTC on the 5th) taken out.
    const daily = task({
      due_date: '2027-01-03T23:00:00.000Z',
      recurrence: { rule: 'FREQ=DAILY', time_zone: 'Europe/Berlin', exceptions: ['2027-01-05T23:00:00.000Z'] },
    });
    const lines = buildFeed([], [daily], OWNER, TODAY).body.split('\r\n');
    expect(lines.filter((line) => /^(DTSTART|EXDATE)/.test(line))).toEqual(['DTSTART;VALUE=DATE:20270104', 'EXDATE;VALUE=DATE:20270106']);
  });

  it('holds at most CALENDAR_FEED.maxEntries entries, every series and those nearest to today', () => {
    const uuid = (index: number) => `0b4fbc4e-4b5e-4d0e-9b43-${String(index).padStart(12, '0')}`;
    const day = (offset: number) => new Date(Date.parse(`${TODAY}T15:00:00.000Z`) + offset * 86_400_000).toISOString();
    // 1,600 single events, one every 6 hours from 150 days back, and a series from long ago.
    const singles = Array.from({ length: 1600 }, (_, index) =>
      event({ id: uuid(index), title: `Single ${index}`, start_time: day(index / 4 - 150), end_time: day(index / 4 - 150 + 0.01) }),
    );
    const series = event({
      id: uuid(5000),
      title: 'Series',
      start_time: day(-800),
      end_time: day(-799.9),
      recurrence: { rule: 'FREQ=WEEKLY', time_zone: 'UTC', exceptions: [] },
    });
    const entries = vevents(buildFeed([...singles, series], [], OWNER, TODAY).body);
    expect(entries).toHaveLength(CALENDAR_FEED.maxEntries);
    expect(entries.some((entry) => entry.summary === 'Series')).toBe(true);
    // The window starts 90 days back: of those in it (from event 238, which ends after its start), the 999 nearest to today.
    const starts = entries.filter((entry) => entry.summary !== 'Series').map((entry) => Number(entry.summary.split(' ')[1]));
    const distance = (index: number) => Math.abs(index / 4 - 150);
    const farthestKept = Math.max(...starts.map(distance));
    const left = Array.from({ length: 1600 }, (_, index) => index).filter((index) => index >= 238 && !starts.includes(index));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((index) => distance(index) >= farthestKept)).toBe(true);
    expect(Math.min(...starts)).toBe(238);
  });
});
