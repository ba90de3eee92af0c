import { describe, expect, it } from 'vitest';
import type { Item } from '../../shared/item-kinds.schema';
import { defaultSettings } from '../../shared/settings.schema';
import { plannedReminder, stillExpected, type RemindedItem } from '../../functions/reminders/plan';

const defaults = defaultSettings('user-1', 'sign-up');
const stamps = { user_id: 'user-1', created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z', version: 1, deleted_at: null };
const event = (changes: Partial<Item<'events'>> = {}): RemindedItem => ({
  kind: 'events',
  item: {
    ...stamps,
    id: 'event-1',
    title: 'Dentist',
    description: '',
    start_time: '2026-12-03T14:00:00.000Z',
    end_time: '2026-12-03T15:00:00.000Z',
    all_day: false,
    location: '',
    color: null,
    event_type: 'meeting',
    tags: [],
    recurrence: null,
    reminders: null,
    gcal_id: null,
    ...changes,
  },
});
const task = (changes: Partial<Item<'tasks'>> = {}): RemindedItem => ({
  kind: 'tasks',
  item: {
    ...stamps,
    id: 'task-1',
    title: 'Pay rent',
    description: '',
    priority: 'medium',
    status: 'pending',
    due_date: '2026-12-03T09:00:00.000Z',
    goal_id: null,
    tags: [],
    recurrence: null,
    reminders: null,
    ...changes,
  },
});
const NOW = '2026-12-01T00:00:00.000Z';

describe('the reminder an item expects', () => {
  it('is the person’s default for its kind unless it has its own: events 10 minutes before, tasks at the due time', () => {
    expect(plannedReminder(event(), defaults, NOW)).toEqual({ at: '2026-12-03T13:50:00.000Z', occurrence: null, offset: 10 });
    expect(plannedReminder(task(), defaults, NOW)).toEqual({ at: '2026-12-03T09:00:00.000Z', occurrence: null, offset: 0 });
    expect(plannedReminder(event({ reminders: [60] }), defaults, NOW)?.at).toBe('2026-12-03T13:00:00.000Z');
    expect(plannedReminder(event({ reminders: [] }), defaults, NOW)).toBeNull();
    expect(plannedReminder(event(), { ...defaults, event_reminders: [1440] }, NOW)?.at).toBe('2026-12-02T14:00:00.000Z');
  });

  it('of an event of type reminder is at its start by default', () => {
    expect(plannedReminder(event({ event_type: 'reminder' }), defaults, NOW)?.at).toBe('2026-12-03T14:00:00.000Z');
  });

  it('is none for a task done, a task without a due date, or an item gone', () => {
    expect(plannedReminder(task({ status: 'completed' }), defaults, NOW)).toBeNull();
    expect(plannedReminder(task({ due_date: null }), defaults, NOW)).toBeNull();
    expect(plannedReminder(undefined, defaults, NOW)).toBeNull();
  });

  it('of a repeating task is at its next due time', () => {
    const daily = task({ recurrence: { rule: 'FREQ=DAILY', time_zone: 'UTC', exceptions: [] } });
    expect(plannedReminder(daily, defaults, '2026-12-05T10:00:00.000Z')).toEqual({
      at: '2026-12-06T09:00:00.000Z',
      occurrence: '2026-12-06T09:00:00.000Z',
      offset: 0,
    });
  });
});

describe('a firing', () => {
  const due = { at: '2026-12-03T13:50:00.000Z', occurrence: null, offset: 10 as const };

  it('delivers when the item still expects the reminder it was scheduled for', () => {
    expect(stillExpected(due, event(), defaults)).toBe(true);
    expect(stillExpected(due, event({ title: 'Dentist, room 4' }), defaults)).toBe(true);
  });

  it('does nothing when a change overtook it: moved, reminders changed, completed or deleted', () => {
    expect(stillExpected(due, event({ start_time: '2026-12-03T15:00:00.000Z', end_time: '2026-12-03T16:00:00.000Z' }), defaults)).toBe(false);
    expect(stillExpected(due, event({ reminders: [30] }), defaults)).toBe(false);
    expect(stillExpected(due, undefined, defaults)).toBe(false);
    const dueTask = { at: '2026-12-03T09:00:00.000Z', occurrence: null, offset: 0 as const };
    expect(stillExpected(dueTask, task(), defaults)).toBe(true);
    expect(stillExpected(dueTask, task({ status: 'completed' }), defaults)).toBe(false);
  });
});
