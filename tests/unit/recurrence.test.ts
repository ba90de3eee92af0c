import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventDays } from '../../shared/calendar-events';
import { EventCreateSchema } from '../../shared/calendar-events.schema';
import { MESSAGES } from '../../shared/messages';
import {
  formatRule,
  movedSeries,
  occurrenceAt,
  parseRule,
  seriesProblem,
  showingsOn,
  splitSeries,
  type Recurrence,
  type SeriesTimes,
} from '../../shared/recurrence';
import { TIME_ZONES } from '../../shared/settings';
import { WEEKDAYS } from '../../shared/weekdays';
import { addDays, zonedInstant, zonedParts } from '../../shared/zoned-time';

const ZONES = TIME_ZONES.map((zone) => zone.id);

/** Every showing of a series over a span of days, read in the series' own zone. */
function startsOver(series: SeriesTimes, firstDay: string, lastDay: string, timeZone: string): string[] {
  const reaches = (times: SeriesTimes, first: string, last: string) => {
    const days = eventDays(times, timeZone);
    return days.first <= last && days.last >= first;
  };
  return showingsOn([{ ...series, id: 'series' }], firstDay, lastDay, reaches).map((showing) => showing.start_time);
}

/** The first instant of a day in a zone, to compare two expansions from the same point on. */
const startsBound = (day: string, zone: string) => zonedInstant(day, 0, zone).toISOString();

const weeklyOrDaily = fc.record({
  freq: fc.constantFrom('DAILY' as const, 'WEEKLY' as const),
  interval: fc.integer({ min: 1, max: 4 }),
  byDay: fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { maxLength: 3 }).map((days) => days.map((weekday) => ({ weekday, nth: null }))),
  count: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
});

/** A timed series in a supported zone, starting on a day of 2026–2027 at a time no clock change skips. */
const timedSeries = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    dayOffset: fc.integer({ min: 0, max: 700 }),
    minutes: fc.integer({ min: 8 * 4, max: 22 * 4 }).map((quarter) => quarter * 15),
    rule: weeklyOrDaily,
  })
  .map(({ zone, dayOffset, minutes, rule }) => {
    const day = addDays('2026-01-01', dayOffset);
    const start = zonedInstant(day, minutes, zone);
    const recurrence: Recurrence = { rule: formatRule({ ...rule, byMonthDay: [], byMonth: [], bySetPos: [], until: null }), time_zone: zone, exceptions: [] };
    return {
      day,
      minutes,
      series: { start_time: start.toISOString(), end_time: new Date(start.getTime() + 3_600_000).toISOString(), all_day: false, recurrence },
    };
  });

describe('occurrence expansion', () => {
  it('keeps every occurrence at the wall-clock time of the first, across daylight-saving changes', () => {
    fc.assert(
      fc.property(timedSeries, ({ day, minutes, series }) => {
        const starts = startsOver(series, day, addDays(day, 400), series.recurrence.time_zone);
        expect(starts.length).toBeGreaterThan(0);
        for (const start of starts) expect(zonedParts(start, series.recurrence.time_zone).minutes).toBe(minutes);
      }),
      { numRuns: 150 },
    );
  });

  it('shows the same occurrences in a window years after the start as a walk from the start does', () => {
    const part = fc.oneof(
      fc.constantFrom(
        'INTERVAL=2',
        'INTERVAL=3',
        'UNTIL=20301231',
        'BYMONTH=2,6',
        'BYMONTHDAY=-1',
        'BYMONTHDAY=31',
        'BYMONTHDAY=15,29',
        'BYSETPOS=-1',
        'WKST=SU',
      ),
      fc.constantFrom('BYDAY=MO,FR', 'BYDAY=2TU', 'BYDAY=-1FR', 'BYDAY=SA,SU', 'BYDAY=1MO,-1MO'),
    );
    const rules = fc.tuple(fc.constantFrom(...(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const)), fc.uniqueArray(part, { maxLength: 3 }));
    fc.assert(
      fc.property(rules, fc.constantFrom(...ZONES), fc.integer({ min: 0, max: 500 }), fc.boolean(), ([freq, parts], zone, offset, allDay) => {
        const rule = [`FREQ=${freq}`, ...parts].join(';');
        if ('problem' in parseRule(rule)) return;
        const first = addDays('2024-01-10', offset);
        const start = allDay ? `${first}T00:00:00.000Z` : zonedInstant(first, 9 * 60 + 30, zone).toISOString();
        const series = { start_time: start, end_time: start, all_day: allDay, recurrence: { rule, time_zone: zone, exceptions: [] } };
        if (seriesProblem(series)) return;
        const [windowStart, windowEnd] = ['2027-02-20', '2027-04-05'];
        const fromWindow = (at: string) => at >= startsBound(windowStart, zone);
        // From the first day, rrule walks from the series' start; from the window, it starts later.
        const walked = startsOver(series, first, windowEnd, zone).filter(fromWindow);
        const jumped = startsOver(series, windowStart, windowEnd, zone).filter(fromWindow);
        expect(jumped).toEqual(walked);
      }),
      { numRuns: 300 },
    );
  });

  it('a 9:00 weekly meeting in Berlin is 08:00 UTC in winter and 07:00 UTC in summer', () => {
    const start = zonedInstant('2026-03-16', 9 * 60, 'Europe/Berlin').toISOString();
    const series = { start_time: start, end_time: start, all_day: false, recurrence: { rule: 'FREQ=WEEKLY', time_zone: 'Europe/Berlin', exceptions: [] } };
    expect(startsOver(series, '2026-03-16', '2026-04-05', 'Europe/Berlin')).toEqual([
      '2026-03-16T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('gives COUNT occurrences and stops at UNTIL, which includes its whole day', () => {
    fc.assert(
      fc.property(timedSeries, ({ day, series }) => {
        const parsed = parseRule(series.recurrence.rule);
        if ('problem' in parsed || parsed.count === null) return;
        expect(startsOver(series, day, addDays(day, 3000), series.recurrence.time_zone)).toHaveLength(parsed.count);
      }),
    );
    const start = '2026-05-04T09:00:00.000Z';
    const daily = { start_time: start, end_time: start, all_day: false, recurrence: { rule: 'FREQ=DAILY;UNTIL=20260506', time_zone: 'UTC', exceptions: [] } };
    expect(startsOver(daily, '2026-05-01', '2026-05-31', 'UTC')).toEqual(['2026-05-04T09:00:00.000Z', '2026-05-05T09:00:00.000Z', '2026-05-06T09:00:00.000Z']);
  });

  it('puts "the last day" and "the last Friday" of each month on their days, 31sts only in long months', () => {
    const allDay = (rule: string, first: string) => ({
      start_time: `${first}T00:00:00.000Z`,
      end_time: `${first}T00:00:00.000Z`,
      all_day: true,
      recurrence: { rule, time_zone: 'UTC', exceptions: [] },
    });
    const days = (rule: string, first: string) => startsOver(allDay(rule, first), '2026-01-01', '2026-12-31', 'UTC').map((start) => start.slice(0, 10));
    const lastDays = days('FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31');
    expect(lastDays).toHaveLength(12);
    for (const day of lastDays) expect(addDays(day, 1).slice(8)).toBe('01');
    const lastFridays = days('FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30');
    expect(lastFridays).toHaveLength(12);
    for (const day of lastFridays) {
      expect(new Date(day).getUTCDay()).toBe(5);
      expect(addDays(day, 7).slice(5, 7)).not.toBe(day.slice(5, 7));
    }
    expect(days('FREQ=MONTHLY', '2026-01-31').map((day) => day.slice(5, 7))).toEqual(['01', '03', '05', '07', '08', '10', '12']);
  });

  it('leaves out exactly the exceptions', () => {
    fc.assert(
      fc.property(timedSeries, fc.array(fc.nat(), { maxLength: 5 }), ({ day, series }, picks) => {
        const zone = series.recurrence.time_zone;
        const all = startsOver(series, day, addDays(day, 120), zone);
        const exceptions = [...new Set(picks.map((pick) => all[pick % all.length]!))];
        const left = startsOver({ ...series, recurrence: { ...series.recurrence, exceptions } }, day, addDays(day, 120), zone);
        expect(left).toEqual(all.filter((start) => !exceptions.includes(start)));
      }),
    );
  });

  it('splits "this and following" without losing or repeating an occurrence', () => {
    fc.assert(
      fc.property(timedSeries, fc.nat(), fc.array(fc.nat(), { maxLength: 3 }), ({ day, series }, pick, exceptionPicks) => {
        const zone = series.recurrence.time_zone;
        const last = addDays(day, 800);
        const every = startsOver(series, day, last, zone);
        const exceptions = [...new Set(exceptionPicks.map((exceptionPick) => every[exceptionPick % every.length]!))];
        const withExceptions = { ...series, recurrence: { ...series.recurrence, exceptions } };
        const all = startsOver(withExceptions, day, last, zone);
        if (all.length === 0) return;
        const at = all[pick % all.length]!;
        const { before, after } = splitSeries(withExceptions, at);
        const kept = before ? startsOver({ ...withExceptions, recurrence: before }, day, last, zone) : [];
        const moved = startsOver(after, day, last, zone);
        expect([...kept, ...moved]).toEqual(all);
        expect(moved[0]).toBe(at);
      }),
      { numRuns: 150 },
    );
  });

  it('finds an occurrence by its start, and none where the series has none', () => {
    const start = '2026-06-01T10:00:00.000Z';
    const series = {
      id: 'x',
      start_time: start,
      end_time: '2026-06-01T11:00:00.000Z',
      all_day: false,
      recurrence: { rule: 'FREQ=DAILY', time_zone: 'UTC', exceptions: [] },
    };
    expect(occurrenceAt(series, '2026-06-09T10:00:00.000Z')).toMatchObject({ start_time: '2026-06-09T10:00:00.000Z', end_time: '2026-06-09T11:00:00.000Z' });
    expect(occurrenceAt(series, '2026-06-09T10:30:00.000Z')).toBeNull();
    expect(occurrenceAt(series, '2026-05-31T10:00:00.000Z')).toBeNull();
  });
});

describe('moving a whole series from one occurrence', () => {
  it('moves its first occurrence and its exceptions by the same wall-clock change, across a clock change', () => {
    const zone = 'Europe/Berlin';
    const tenOn = (day: string) => zonedInstant(day, 10 * 60, zone).toISOString();
    const series = {
      start_time: tenOn('2026-03-16'),
      end_time: tenOn('2026-03-16'),
      all_day: false,
      recurrence: { rule: 'FREQ=WEEKLY', time_zone: zone, exceptions: [tenOn('2026-04-06')] },
    };
    const moved = movedSeries(series, tenOn('2026-04-13'), zonedInstant('2026-04-13', 8 * 60, zone).toISOString());
    const eightOn = (day: string) => zonedInstant(day, 8 * 60, zone).toISOString();
    expect(moved).toEqual({ start_time: eightOn('2026-03-16'), recurrence: { ...series.recurrence, exceptions: [eightOn('2026-04-06')] } });
    const after = { ...series, start_time: moved.start_time, end_time: moved.start_time, recurrence: moved.recurrence };
    expect(startsOver(after, '2026-03-16', '2026-04-19', zone)).toEqual(['2026-03-16', '2026-03-23', '2026-03-30', '2026-04-13'].map(eightOn));
  });
});

describe('repeat rules', () => {
  it('round-trips what it accepts', () => {
    for (const rule of ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270331', 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=12', 'FREQ=YEARLY;BYMONTHDAY=29;BYMONTH=2']) {
      const parsed = parseRule(rule);
      expect('problem' in parsed ? parsed.problem : formatRule(parsed)).toBe(rule);
    }
  });

  it.each([
    ['FREQ=HOURLY', MESSAGES.repeatFrequency],
    ['INTERVAL=2', MESSAGES.repeatFrequency],
    ['FREQ=DAILY;COUNT=3;UNTIL=20270101', MESSAGES.repeatEndsTwice],
    ['FREQ=DAILY;INTERVAL=0', MESSAGES.repeatIntervalRange],
    ['FREQ=DAILY;COUNT=5000', MESSAGES.repeatCountRange],
    ['FREQ=DAILY;BYHOUR=9,10', MESSAGES.repeatRuleInvalid],
    ['FREQ=WEEKLY;BYDAY=XX', MESSAGES.repeatRuleInvalid],
    ['FREQ=DAILY;UNTIL=20270230', MESSAGES.repeatRuleInvalid],
    ['FREQ=DAILY;FREQ=WEEKLY', MESSAGES.repeatRuleInvalid],
    ['FREQ=DAILY;BYSETPOS=1', MESSAGES.repeatRuleInvalid],
    ['FREQ=WEEKLY;BYDAY=1MO', MESSAGES.repeatRuleInvalid],
    ['FREQ=MONTHLY;BYDAY=6MO', MESSAGES.repeatRuleInvalid],
    ['FREQ=DAILY;BYMONTHDAY=3', MESSAGES.repeatRuleInvalid],
  ])('refuses %s: %s', (rule, message) => {
    expect(parseRule(rule)).toEqual({ problem: message });
    const body = { title: 'T', start_time: '2027-01-01T09:00:00Z', end_time: '2027-01-01T10:00:00Z', recurrence: { rule, time_zone: 'UTC' } };
    const result = EventCreateSchema.safeParse(body);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('refuses a series that ends before it starts, or whose rule never happens', () => {
    const series = (rule: string) => ({
      start_time: '2027-01-31T09:00:00.000Z',
      end_time: '2027-01-31T10:00:00.000Z',
      all_day: false,
      recurrence: { rule, time_zone: 'UTC', exceptions: [] },
    });
    expect(seriesProblem(series('FREQ=DAILY;UNTIL=20270130'))).toBe(MESSAGES.repeatEndBeforeStart);
    expect(seriesProblem(series('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'))).toBe(MESSAGES.repeatNeverHappens);
    expect(seriesProblem(series('FREQ=MONTHLY;BYMONTH=4,6'))).toBe(MESSAGES.repeatNeverHappens);
    expect(seriesProblem(series('FREQ=MONTHLY;UNTIL=20270131'))).toBeNull();
    expect(seriesProblem(series('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29'))).toBeNull();
  });

  it('refuses a time zone Intl does not know', () => {
    const body = {
      title: 'T',
      start_time: '2027-01-01T09:00:00Z',
      end_time: '2027-01-01T10:00:00Z',
      recurrence: { rule: 'FREQ=DAILY', time_zone: 'Mars/Olympus' },
    };
    expect(EventCreateSchema.safeParse(body).error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.repeatTimeZone]);
  });
});
