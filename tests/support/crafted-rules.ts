import fc from 'fast-check';

/**
 * Repeat rules made to cost: each once made rrule walk to the year 9999, or is a rare rule that
 * must still be found. The unit test (tests/unit/recurrence-bounds.test.ts) keeps what each comes
 * to, and bench/repeat-rules.bench.ts times them through the API.
 */
export interface CraftedRule {
  rule: string;
  /** What the rule comes to from 3 March 2026 (a Tuesday): refused, or its first occurrence's day. */
  outcome: 'refused' | string;
}

const list = (from: number, count: number, step = 1) => Array.from({ length: count }, (_, index) => from + index * step).join(',');
/** As long as the schema lets a rule be. */
const upTo300 = (head: string, entry: (index: number) => string) => {
  let rule = head;
  for (let index = 0; rule.length + entry(index).length + 1 <= 300; index += 1) rule += `${index ? ',' : ''}${entry(index)}`;
  return rule;
};

export const CRAFTED_RULES: readonly CraftedRule[] = [
  { rule: 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=366', outcome: 'refused' },
  { rule: 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6', outcome: 'refused' },
  { rule: upTo300('FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYSETPOS=', (index) => String(-366 + index)), outcome: 'refused' },
  { rule: upTo300('FREQ=MONTHLY;BYDAY=MO;BYSETPOS=', () => '366'), outcome: 'refused' },
  { rule: upTo300('FREQ=MONTHLY;BYDAY=-1MO;BYSETPOS=', () => '-5'), outcome: 'refused' },
  // As Google sent one: 1,320 characters.
  { rule: `FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYMONTH=2;BYSETPOS=${list(-366, 300, 2)}`.slice(0, 1320).replace(/,$/, ''), outcome: 'refused' },
  { rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', outcome: 'refused' },
  { rule: 'FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=-30', outcome: 'refused' },
  { rule: 'FREQ=YEARLY;BYMONTH=3;BYDAY=20MO', outcome: 'refused' },
  { rule: 'FREQ=MONTHLY;BYMONTHDAY=1;BYDAY=5MO', outcome: 'refused' },
  { rule: 'FREQ=MONTHLY;BYDAY=MO,2TU', outcome: 'refused' },
  { rule: 'FREQ=DAILY;INTERVAL=7;BYDAY=MO', outcome: 'refused' },
  { rule: 'FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29', outcome: 'refused' },
  { rule: 'FREQ=YEARLY;INTERVAL=99;BYMONTH=2;BYDAY=5FR', outcome: 'refused' },
  { rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', outcome: '2028-02-29' },
  { rule: 'FREQ=MONTHLY;BYMONTH=2;BYDAY=5FR', outcome: '2036-02-29' },
  { rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO', outcome: '2044-02-29' },
  { rule: 'FREQ=YEARLY;BYDAY=53MO', outcome: '2029-12-31' },
  { rule: 'FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYSETPOS=366', outcome: '2028-12-31' },
  { rule: `FREQ=YEARLY;BYDAY=${list(1, 14, 1).replaceAll(',', 'MO,')}MO;BYSETPOS=${list(-10, 10)}`, outcome: '2026-03-09' },
  { rule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', outcome: '2026-03-31' },
];

/** The day crafted rules start on. */
export const CRAFTED_START = '2026-03-03T09:00:00.000Z';

const weekday = fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU');
const signed = (max: number) => fc.integer({ min: -max, max }).filter((n) => n !== 0);
/** Mostly lists a person writes, some as long as 300 characters hold. */
const listOf = <T>(entry: fc.Arbitrary<T>, longest: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(entry, { minLength: 1, maxLength: 4 }) },
    { weight: 1, arbitrary: fc.array(entry, { minLength: 1, maxLength: longest }) },
  );
const untilDay = fc
  .integer({ min: 0, max: 60 * 366 })
  .map((days) => new Date(Date.UTC(2026, 0, 1) + days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', ''));

/**
 * Any rule of the parts the parser reads, in any order, with any values in their ranges (and a
 * few beyond), lists up to what 300 characters hold, repeats included.
 */
export const anyRule: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    fc.oneof(
      fc.constant({}),
      fc.record({ COUNT: fc.integer({ min: 1, max: 999 }).map(String) }),
      fc.record({ UNTIL: untilDay }),
      fc.record({ COUNT: fc.integer({ min: 1, max: 999 }).map(String), UNTIL: untilDay }),
    ),
    fc.record(
      {
        INTERVAL: fc.integer({ min: 1, max: 99 }).map(String),
        BYDAY: listOf(fc.tuple(fc.option(signed(54), { nil: undefined, freq: 2 }), weekday), 60).map((days) =>
          days.map(([nth, day]) => `${nth ?? ''}${day}`).join(','),
        ),
        BYMONTHDAY: listOf(signed(31), 70).map((days) => days.join(',')),
        BYMONTH: listOf(fc.integer({ min: 1, max: 12 }), 20).map((months) => months.join(',')),
        BYSETPOS: listOf(signed(366), 80).map((positions) => positions.join(',')),
        WKST: weekday,
      },
      { requiredKeys: [] },
    ),
  )
  .chain(([freq, ends, parts]) =>
    fc
      .shuffledSubarray(Object.entries({ ...ends, ...parts }), { minLength: Object.keys(ends).length + Object.keys(parts).length })
      .map((ordered) => [`FREQ=${freq}`, ...ordered.map(([name, value]) => `${name}=${value}`)].join(';')),
  )
  .map((rule) => rule.slice(0, 300).replace(/[;,=]+$/, ''));
