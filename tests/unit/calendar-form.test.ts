import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../shared/calendar-events.schema';
import { MESSAGES } from '../../shared/messages';
import { apiFieldErrors, eventBody, eventValues, newEventStart, newEventValues, validateEventForm } from '../../web/src/features/calendar/lib/event-form';

const ZONE = 'America/New_York';
const filled = { ...newEventValues('2026-11-22', 9 * 60), title: 'Standup' };

describe('new events', () => {
  it('last an hour from the clicked slot, into the next day at 11 PM', () => {
    expect(newEventValues('2026-11-22', 9 * 60)).toMatchObject({ startDate: '2026-11-22', startTime: '09:00', endDate: '2026-11-22', endTime: '10:00' });
    expect(newEventValues('2026-11-22', 23 * 60)).toMatchObject({ startTime: '23:00', endDate: '2026-11-23', endTime: '00:00' });
  });

  it('start at the next full hour today, else at the configured start time', () => {
    expect(newEventStart('2026-11-22', '2026-11-22', 9 * 60 + 10, 7 * 60)).toBe(10 * 60);
    expect(newEventStart('2026-11-22', '2026-11-22', 23 * 60 + 30, 7 * 60)).toBe(23 * 60);
    expect(newEventStart('2026-11-23', '2026-11-22', 9 * 60 + 10, 7 * 60 + 30)).toBe(7 * 60 + 30);
  });
});

describe('the event form’s validation', () => {
  it('passes a complete form', () => {
    expect(validateEventForm(filled, ZONE)).toEqual({});
  });

  it('names every missing field', () => {
    const empty = { ...filled, title: '  ', startDate: '', startTime: '', endDate: '', endTime: '' };
    expect(validateEventForm(empty, ZONE)).toEqual({
      title: MESSAGES.titleRequired,
      startDate: MESSAGES.startDateRequired,
      startTime: MESSAGES.startTimeRequired,
      endDate: MESSAGES.endDateRequired,
      endTime: MESSAGES.endTimeRequired,
    });
    expect(validateEventForm({ ...empty, allDay: true }, ZONE)).toEqual({
      title: MESSAGES.titleRequired,
      startDate: MESSAGES.startDateRequired,
      endDate: MESSAGES.endDateRequired,
    });
  });

  it('wants the end strictly after the start; a one-day all-day event is fine', () => {
    expect(validateEventForm({ ...filled, endTime: '09:00' }, ZONE)).toEqual({ endTime: MESSAGES.endBeforeStart });
    expect(validateEventForm({ ...filled, endTime: '08:00' }, ZONE)).toEqual({ endTime: MESSAGES.endBeforeStart });
    expect(validateEventForm({ ...filled, endDate: '2026-11-23', endTime: '08:00' }, ZONE)).toEqual({});
    expect(validateEventForm({ ...filled, allDay: true, endDate: '2026-11-22', endTime: '' }, ZONE)).toEqual({});
    expect(validateEventForm({ ...filled, allDay: true, endDate: '2026-11-21' }, ZONE)).toEqual({ endDate: MESSAGES.endBeforeStart });
  });

  it('puts the API’s field messages on the matching fields', () => {
    expect(apiFieldErrors({ title: 'x', end_time: 'y' }, false)).toEqual({ title: 'x', endTime: 'y' });
    expect(apiFieldErrors({ start_time: 'z' }, true)).toEqual({ startDate: 'z' });
  });
});

describe('what is sent and read back', () => {
  const stored = (fields: Partial<CalendarEvent>): CalendarEvent => ({
    id: 'e1',
    user_id: 'u1',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    version: 1,
    deleted_at: null,
    gcal_id: null,
    title: 'Standup',
    description: '',
    location: '',
    color: null,
    event_type: 'meeting',
    tags: [],
    start_time: '2026-11-22T14:00:00.000Z',
    end_time: '2026-11-22T15:00:00.000Z',
    all_day: false,
    ...fields,
  });

  it("sends timed events as instants of the user's zone", () => {
    expect(eventBody({ ...filled, location: ' Room 1 ', tags: ['work'] }, ZONE)).toEqual({
      title: 'Standup',
      all_day: false,
      start_time: '2026-11-22T14:00:00.000Z',
      end_time: '2026-11-22T15:00:00.000Z',
      location: 'Room 1',
      description: '',
      event_type: 'other',
      color: null,
      tags: ['work'],
      recurrence: null,
      reminders: null,
    });
  });

  it('sends the picked repeat as a rule in the user’s zone; a series keeps its own zone and exceptions', () => {
    const weekly = {
      ...filled,
      repeat: { ...filled.repeat, freq: 'WEEKLY' as const, weekdays: ['MO' as const, 'TH' as const], ends: 'after' as const, count: '6' },
    };
    expect(eventBody(weekly, ZONE).recurrence).toEqual({ rule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=6', time_zone: ZONE, exceptions: [] });
    const previous = { rule: 'FREQ=DAILY', time_zone: 'Europe/Paris', exceptions: ['2026-11-24T14:00:00.000Z'] };
    expect(eventBody(weekly, ZONE, previous).recurrence).toEqual({ ...previous, rule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=6' });
  });

  it('sends all-day events at 00:00 UTC of their first and last day', () => {
    expect(eventBody({ ...filled, allDay: true, endDate: '2026-11-23' }, 'Asia/Tokyo')).toMatchObject({
      start_time: '2026-11-22T00:00:00.000Z',
      end_time: '2026-11-23T00:00:00.000Z',
    });
  });

  it('reads a stored event back into the same form', () => {
    const event = stored({ color: '#3B82F6', tags: ['work'] });
    const values = eventValues(event, ZONE);
    expect(values).toMatchObject({ startDate: '2026-11-22', startTime: '09:00', endTime: '10:00', color: '#3B82F6', eventType: 'meeting' });
    expect(eventBody(values, ZONE)).toMatchObject({ start_time: event.start_time, end_time: event.end_time, color: '#3B82F6', tags: ['work'] });
    expect(
      eventValues(stored({ all_day: true, start_time: '2026-11-22T00:00:00.000Z', end_time: '2026-11-22T00:00:00.000Z' }), 'America/Los_Angeles'),
    ).toMatchObject({
      allDay: true,
      startDate: '2026-11-22',
      endDate: '2026-11-22',
    });
  });
});
