import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../shared/bounded-cache';
import { MESSAGES } from '../../shared/messages';
import {
  canonicalZone,
  firstOccurrence,
  nextOccurrenceAfter,
  parseRule,
  REPEAT_LIMITS,
  searchWork,
  seriesProblem,
  showingsOn,
  splitSeries,
  type Recurrence,
  type SeriesTimes,
} from '../../shared/recurrence';
import { RecurrenceSchema } from '../../shared/recurrence.schema';
import { TIME_ZONES } from '../../shared/settings';
import { anyRule, CRAFTED_RULES, CRAFTED_START } from '../support/crafted-rules';

const DAY_MS = 86_400_000;
/** The most periods a first-occurrence search may examine: a daily rule's days in its years, and the one it stops at. */
const MOST_PERIODS = REPEAT_LIMITS.firstOccurrenceYears * 366 + 2;

const series = (rule: string, start = CRAFTED_START, zone = 'UTC'): SeriesTimes & { recurrence: Recurrence } => ({
  start_time: start,
  end_time: new Date(Date.parse(start) + 3_600_000).toISOString(),
  all_day: false,
  recurrence: { rule, time_zone: zone, exceptions: [] },
});

/** The periods a run examined. */
function periodsOf(run: () => unknown): number {
  const before = searchWork.periods;
  run();
  return searchWork.periods - before;
}

describe('repeat rules judged from their parts', () => {
  it('refuses a BYSETPOS beyond what one period holds, and one that can never apply', () => {
    expect(parseRule('FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6')).toEqual({ problem: MESSAGES.repeatNeverHappens });
    expect(parseRule('FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1,6')).toEqual({ problem: MESSAGES.repeatRuleInvalid });
    expect(parseRule('FREQ=MONTHLY;BYDAY=MO;BYSETPOS=5')).toMatchObject({ bySetPos: [5] });
    expect(parseRule('FREQ=YEARLY;BYDAY=MO;BYSETPOS=54')).toEqual({ problem: MESSAGES.repeatNeverHappens });
    expect(parseRule('FREQ=YEARLY;BYDAY=MO;BYSETPOS=-53')).toMatchObject({ bySetPos: [-53] });
    expect(parseRule('FREQ=YEARLY;BYMONTH=2;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYSETPOS=30')).toEqual({ problem: MESSAGES.repeatNeverHappens });
    expect(parseRule('FREQ=YEARLY;BYMONTH=2;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYSETPOS=29')).toMatchObject({ bySetPos: [29] });
  });

  it('refuses a day of the month or an nth weekday no month of the rule has', () => {
    expect(parseRule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')).toEqual({ problem: MESSAGES.repeatNeverHappens });
    expect(parseRule('FREQ=YEARLY;BYMONTH=2,4;BYMONTHDAY=31')).toEqual({ problem: MESSAGES.repeatNeverHappens });
    expect(parseRule('FREQ=YEARLY;BYMONTH=2,3;BYMONTHDAY=31')).toMatchObject({ byMonthDay: [31] });
    expect(parseRule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29')).toMatchObject({ byMonthDay: [29] });
    expect(parseRule('FREQ=YEARLY;BYMONTH=3;BYDAY=6MO')).toEqual({ problem: MESSAGES.repeatNeverHappens });
    expect(parseRule('FREQ=MONTHLY;BYMONTH=2;BYDAY=5FR')).toMatchObject({ byDay: [{ weekday: 'FR', nth: 5 }] });
    expect(parseRule('FREQ=YEARLY;BYDAY=53MO')).toMatchObject({ byDay: [{ weekday: 'MO', nth: 53 }] });
  });

  it('reads lists without repeats, and refuses lists longer than a person needs or rules longer than 300 characters', () => {
    expect(parseRule('FREQ=MONTHLY;BYDAY=MO,MO,-1FR,-1FR;BYSETPOS=1,1,1')).toMatchObject({
      byDay: [
        { weekday: 'MO', nth: null },
        { weekday: 'FR', nth: -1 },
      ],
      bySetPos: [1],
    });
    expect(parseRule(`FREQ=YEARLY;BYDAY=MO;BYSETPOS=${Array.from({ length: REPEAT_LIMITS.bySetPosMax + 1 }, (_, index) => index + 1).join(',')}`)).toEqual({
      problem: MESSAGES.repeatRuleInvalid,
    });
    expect(parseRule(`FREQ=YEARLY;BYDAY=${Array.from({ length: 15 }, (_, index) => `${index + 1}MO`).join(',')}`)).toEqual({
      problem: MESSAGES.repeatRuleInvalid,
    });
    expect(parseRule(`FREQ=DAILY;${'BYMONTH=1;'.repeat(30)}`)).toEqual({ problem: MESSAGES.repeatRuleInvalid });
  });
});

describe('crafted rules', () => {
  it.each(CRAFTED_RULES)('$rule comes to $outcome, within the periods of forty years', ({ rule, outcome }) => {
    let problem: string | null = null;
    const periods = periodsOf(() => (problem = seriesProblem(series(rule))));
    expect(periods).toBeLessThanOrEqual(MOST_PERIODS);
    if (outcome === 'refused') {
      expect(problem).not.toBeNull();
      return;
    }
    expect(problem).toBeNull();
    expect(nextOccurrenceAfter(series(rule), new Date(Date.parse(CRAFTED_START) - 1).toISOString())).toBe(`${outcome}T09:00:00.000Z`);
  });

  it('finds the fifth Friday of February, 29 February on a Monday and a 53rd Monday from any year of the 400-year cycle', () => {
    for (const rule of [
      'FREQ=MONTHLY;BYMONTH=2;BYDAY=5FR',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO',
      'FREQ=YEARLY;BYDAY=53MO',
      'FREQ=YEARLY;BYDAY=-1SU;BYMONTH=2;BYMONTHDAY=29',
    ]) {
      const parsed = parseRule(rule);
      if ('problem' in parsed) throw new Error(parsed.problem);
      for (let year = 2000; year < 2400; year += 1) expect(firstOccurrence(parsed, Date.UTC(year, 0, 1, 9)), `${rule} from ${year}`).not.toBeNull();
    }
  });
});

describe('any rule', () => {
  const zones = TIME_ZONES.map((zone) => zone.id);
  const start = fc
    .record({ day: fc.integer({ min: 0, max: 60 * 365 }), quarter: fc.integer({ min: 0, max: 95 }), zone: fc.constantFrom(...zones) })
    .map(({ day, quarter, zone }) => ({ start: new Date(Date.UTC(2000, 0, 1) + day * DAY_MS + quarter * 15 * 60_000).toISOString(), zone }));

  it('is refused by the parser or as never happening, or has a first occurrence that rrule agrees with, each in bounded work', () => {
    fc.assert(
      fc.property(anyRule, start, (rule, { start, zone }) => {
        const item = series(rule, start, zone);
        if ('problem' in parseRule(rule)) return;
        let problem: string | null = null;
        expect(periodsOf(() => (problem = seriesProblem(item)))).toBeLessThanOrEqual(MOST_PERIODS);
        if (problem !== null) return;
        // rrule's own walk (from the start) meets the same first occurrence: its walks stop.
        const next = nextOccurrenceAfter(item, new Date(Date.parse(start) - 1).toISOString());
        expect(next).not.toBeNull();
        expect(Date.parse(next!)).toBeGreaterThanOrEqual(Date.parse(start));
        expect(Date.parse(next!)).toBeLessThan(Date.parse(start) + (REPEAT_LIMITS.firstOccurrenceYears + 1) * 366 * DAY_MS);
        // A split far ahead counts no further than COUNT, or than one occurrence.
        const { after } = splitSeries(item, next!);
        expect(after.start_time).toBe(next);
      }),
      { numRuns: 1500 },
    );
  });

  it('agrees with rrule on the first occurrence of rules built from the parts people use', () => {
    const rule = fc
      .record({
        freq: fc.constantFrom('MONTHLY', 'YEARLY'),
        byDay: fc.uniqueArray(
          fc.tuple(
            fc.option(
              fc.integer({ min: -5, max: 5 }).filter((n) => n !== 0),
              { nil: undefined },
            ),
            fc.constantFrom('MO', 'FR', 'SU'),
          ),
          {
            maxLength: 3,
            selector: ([, day]) => day,
          },
        ),
        byMonth: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 2 }),
        byMonthDay: fc.uniqueArray(
          fc.integer({ min: -31, max: 31 }).filter((n) => n !== 0),
          { maxLength: 2 },
        ),
        bySetPos: fc.uniqueArray(
          fc.integer({ min: -6, max: 6 }).filter((n) => n !== 0),
          { maxLength: 2 },
        ),
      })
      .map(({ freq, byDay, byMonth, byMonthDay, bySetPos }) =>
        [
          `FREQ=${freq}`,
          byDay.length ? `BYDAY=${byDay.map(([nth, day]) => `${nth ?? ''}${day}`).join(',')}` : '',
          byMonth.length ? `BYMONTH=${byMonth.join(',')}` : '',
          byMonthDay.length ? `BYMONTHDAY=${byMonthDay.join(',')}` : '',
          byDay.length && bySetPos.length ? `BYSETPOS=${bySetPos.join(',')}` : '',
        ]
          .filter(Boolean)
          .join(';'),
      );
    fc.assert(
      fc.property(rule, start, (rule, { start }) => {
        const item = series(rule, start);
        const parsed = parseRule(rule);
        if ('problem' in parsed || seriesProblem(item) !== null) return;
        // In UTC a floating time is its instant.
        expect(nextOccurrenceAfter(item, new Date(Date.parse(start) - 1).toISOString())).toBe(
          new Date(firstOccurrence(parsed, Date.parse(start))!).toISOString(),
        );
      }),
      { numRuns: 400 },
    );
  });
});

describe('a stored rule the bounds refuse', () => {
  const reaches = (times: SeriesTimes, first: string, last: string) => times.start_time.slice(0, 10) <= last && times.end_time.slice(0, 10) >= first;

  it.each(['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=366', 'FREQ=DAILY;INTERVAL=7;BYDAY=MO'])('%s shows its first occurrence only, without a walk', (rule) => {
    const item = { ...series(rule), id: 'stored' };
    let shown: string[] = [];
    const periods = periodsOf(() => (shown = showingsOn([item], '2026-03-01', '2026-04-11', reaches).map((showing) => showing.start_time)));
    expect(shown).toEqual([CRAFTED_START]);
    expect(periods).toBeLessThanOrEqual(MOST_PERIODS);
    expect(showingsOn([item], '2026-05-01', '2026-06-11', reaches)).toEqual([]);
    expect(nextOccurrenceAfter(item, CRAFTED_START)).toBeNull();
  });
});

describe('time zones named by a request', () => {
  it('are kept in one spelling, whatever the case they came in', () => {
    expect(RecurrenceSchema.parse({ rule: 'FREQ=DAILY', time_zone: 'eUROPE/bERLIN' }).time_zone).toBe('Europe/Berlin');
    expect(RecurrenceSchema.parse({ rule: 'FREQ=DAILY', time_zone: 'Asia/Kolkata' }).time_zone).toBe('Asia/Kolkata');
    expect(canonicalZone('utc')).toBe('UTC');
    expect(canonicalZone('Europe/Nowhere')).toBeNull();
  });

  it('key caches that keep at most their size, however many spellings come', () => {
    const cache = new BoundedCache<string, number>(3);
    const variants = Array.from({ length: 50 }, (_, index) =>
      [...'europe/berlin'].map((letter, at) => ((index >> at) & 1 ? letter.toUpperCase() : letter)).join(''),
    );
    variants.forEach((variant, index) => cache.set(variant, index));
    // The one just kept stays; the early ones went.
    expect(cache.get(variants.at(-1)!)).toBe(49);
    expect(variants.filter((variant) => cache.get(variant) !== undefined).length).toBeLessThanOrEqual(3);
  });
});
