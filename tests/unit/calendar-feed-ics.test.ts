import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildFeed, type FeedOwner } from '../../functions/calendar-feed/ics';
import type { CalendarEvent } from '../../shared/calendar-events.schema';
import type { Task } from '../../shared/tasks.schema';

const OWNER: FeedOwner = { lang: 'en', preferred_timezone: 'America/New_York', include_google: false };
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
    expect(vevents(buildFeed(events, [], OWNER).body).map((entry) => entry.summary)).toEqual(['Mine']);
    expect(vevents(buildFeed(events, [], { ...OWNER, include_google: true }).body).map((entry) => entry.summary)).toEqual(['Mine', 'From Google']);
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
      const [entry] = vevents(buildFeed([], [dayPicked], { ...OWNER, lang }).body);
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
    const lines = buildFeed([series], [], OWNER).body.split('\r\n');
    expect(lines.filter((line) => /^(DTSTART|DTEND|RRULE|EXDATE)/.test(line))).toEqual([
      'DTSTART;VALUE=DATE:20270104',
      'DTEND;VALUE=DATE:20270105',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'EXDATE;VALUE=DATE:20270111',
    ]);
  });

  it('gives the same bytes and ETag for the same items, and UID, SEQUENCE and LAST-MODIFIED that follow an edit', () => {
    const before = buildFeed([event({})], [], OWNER);
    expect(buildFeed([event({})], [], OWNER)).toEqual(before);
    const edited = buildFeed([event({ title: 'Moved', updated_at: '2026-11-03T10:00:00.000Z' })], [], OWNER);
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
      const { body } = buildFeed([inUtc, untilDay], [], OWNER);
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
    const lines = buildFeed([], [daily], OWNER).body.split('\r\n');
    expect(lines.filter((line) => /^(DTSTART|EXDATE)/.test(line))).toEqual(['DTSTART;VALUE=DATE:20270104', 'EXDATE;VALUE=DATE:20270106']);
  });
});
