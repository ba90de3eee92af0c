import { describe, expect, it } from 'vitest';
import { taskSeries, type SeriesTimes } from '../../shared/recurrence';
import { DEFAULT_REMINDERS, nextReminder, remindersOf } from '../../shared/reminders';

const BERLIN = 'Europe/Berlin';
const meeting: SeriesTimes = { start_time: '2026-12-03T14:00:00.000Z', end_time: '2026-12-03T15:00:00.000Z', all_day: false };
/** Mondays at 09:00 in Berlin from 19 October 2026, across the clock change of 25 October. */
const weekly: SeriesTimes = {
  start_time: '2026-10-19T07:00:00.000Z',
  end_time: '2026-10-19T08:00:00.000Z',
  all_day: false,
  recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO', time_zone: BERLIN, exceptions: [] },
};

describe('the next reminder', () => {
  it('of a single event comes its offset before the start, and never once that has passed', () => {
    expect(nextReminder(meeting, [10], '2026-12-03T13:00:00.000Z', BERLIN)).toEqual({ at: '2026-12-03T13:50:00.000Z', occurrence: null, offset: 10 });
    expect(nextReminder(meeting, [10], '2026-12-03T13:50:00.000Z', BERLIN)).toBeNull();
    expect(nextReminder(meeting, [], '2026-12-03T13:00:00.000Z', BERLIN)).toBeNull();
  });

  it('is the earliest of several still to come', () => {
    expect(nextReminder(meeting, [0, 60, 1440], '2026-12-01T00:00:00.000Z', BERLIN)?.at).toBe('2026-12-02T14:00:00.000Z');
    expect(nextReminder(meeting, [0, 60, 1440], '2026-12-03T13:30:00.000Z', BERLIN)).toMatchObject({ at: '2026-12-03T14:00:00.000Z', offset: 0 });
  });

  it('of an all-day event counts back from 09:00 of its day in the person’s zone', () => {
    const holiday: SeriesTimes = { start_time: '2026-12-03T00:00:00.000Z', end_time: '2026-12-03T00:00:00.000Z', all_day: true };
    expect(nextReminder(holiday, [0], '2026-12-01T00:00:00.000Z', BERLIN)?.at).toBe('2026-12-03T08:00:00.000Z');
    expect(nextReminder(holiday, [1440], '2026-12-01T00:00:00.000Z', 'America/New_York')?.at).toBe('2026-12-02T14:00:00.000Z');
  });

  it('of a series comes at each occurrence at its wall-clock time, across a clock change', () => {
    // 09:00 in summer time is 07:00 UTC; after 25 October it is 08:00 UTC.
    expect(nextReminder(weekly, [15], '2026-10-19T07:00:00.000Z', BERLIN)).toEqual({
      at: '2026-10-26T07:45:00.000Z',
      occurrence: '2026-10-26T08:00:00.000Z',
      offset: 15,
    });
    expect(nextReminder(weekly, [1440], '2026-10-26T00:00:00.000Z', BERLIN)).toMatchObject({ occurrence: '2026-11-02T08:00:00.000Z' });
  });

  it('skips an occurrence taken out of its series, and stops when the series ends', () => {
    const withException = { ...weekly, recurrence: { ...weekly.recurrence!, exceptions: ['2026-10-26T08:00:00.000Z'] } };
    expect(nextReminder(withException, [15], '2026-10-20T00:00:00.000Z', BERLIN)?.occurrence).toBe('2026-11-02T08:00:00.000Z');
    const twice = { ...weekly, recurrence: { ...weekly.recurrence!, rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=2' } };
    expect(nextReminder(twice, [15], '2026-10-20T00:00:00.000Z', BERLIN)?.occurrence).toBe('2026-10-26T08:00:00.000Z');
    expect(nextReminder(twice, [15], '2026-10-27T00:00:00.000Z', BERLIN)).toBeNull();
  });

  it('of a repeating task comes at each due time', () => {
    const daily = taskSeries('2026-12-03T17:00:00.000Z', { rule: 'FREQ=DAILY', time_zone: BERLIN, exceptions: [] });
    expect(nextReminder(daily, remindersOf(null, DEFAULT_REMINDERS.tasks), '2026-12-05T18:00:00.000Z', BERLIN)?.at).toBe('2026-12-06T17:00:00.000Z');
  });
});

describe('an item’s reminders', () => {
  it('are its own when set, none when set to none, else the default of its kind', () => {
    expect(remindersOf([5, 60], DEFAULT_REMINDERS.events)).toEqual([5, 60]);
    expect(remindersOf([], DEFAULT_REMINDERS.events)).toEqual([]);
    expect(remindersOf(null, DEFAULT_REMINDERS.events)).toEqual([10]);
  });
});
