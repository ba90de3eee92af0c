import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { repeatSummary } from '../../web/src/components/items/repeat-form';
import { monthlyPlaces, noRepeat, repeatRule, repeatValues, validateRepeat } from '../../web/src/components/items/repeat-values';
import de from '../../web/src/i18n/de/app';
import en from '../../web/src/i18n/en/app';

// Thursday, March 26, 2026: the fourth and last Thursday of its month.
const START = '2026-03-26';

describe('the repeat picker', () => {
  it('gives back the rule it was shown, for every rule it can show', () => {
    for (const rule of [
      'FREQ=DAILY',
      'FREQ=DAILY;INTERVAL=3;COUNT=10',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270331',
      'FREQ=MONTHLY',
      'FREQ=MONTHLY;BYDAY=4TH',
      'FREQ=MONTHLY;BYDAY=-1TH',
      'FREQ=YEARLY;COUNT=3',
    ]) {
      const values = repeatValues(rule, START);
      expect(values.kept, rule).toBeNull();
      expect(repeatRule(values, START)).toBe(rule);
    }
  });

  it('keeps whole a rule it cannot show, until the picker is changed', () => {
    const rule = 'FREQ=YEARLY;BYMONTH=1,7;BYDAY=1MO';
    expect(repeatValues(rule, START).kept).toBe(rule);
    expect(repeatRule(repeatValues(rule, START), START)).toBe(rule);
    expect(repeatSummary(rule, START, en)).toBe(`Repeats (${rule})`);
  });

  it('offers the monthly places the first day has', () => {
    expect(monthlyPlaces(START)).toEqual(['day', 'nthWeekday', 'lastWeekday']);
    expect(monthlyPlaces('2026-03-31')).toEqual(['day', 'lastWeekday', 'lastDay']);
    expect(monthlyPlaces('2026-03-02')).toEqual(['day', 'nthWeekday']);
  });

  it('words a rule in the person’s language', () => {
    expect(repeatSummary('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270331', START, en)).toBe('Every 2 weeks, on Mon and Thu, until Mar 31, 2027');
    expect(repeatSummary('FREQ=MONTHLY;BYDAY=-1TH;COUNT=12', START, en)).toBe('Every month, on the last Thursday, 12 times');
    expect(repeatSummary('FREQ=MONTHLY', START, en)).toBe('Every month, on day 26');
    expect(repeatSummary('FREQ=DAILY', START, de)).toBe('Jeden Tag');
    expect(repeatSummary('FREQ=MONTHLY;BYDAY=4TH', START, de)).toBe('Jeden Monat, am vierten Donnerstag');
  });

  it('names what it cannot save', () => {
    const weekly = { ...noRepeat(START), freq: 'WEEKLY' as const };
    expect(validateRepeat({ ...weekly, interval: '0' }, START)).toEqual({ interval: MESSAGES.repeatIntervalRange });
    expect(validateRepeat({ ...weekly, ends: 'after', count: '1000' }, START)).toEqual({ count: MESSAGES.repeatCountRange });
    expect(validateRepeat({ ...weekly, ends: 'on', until: '2026-03-25' }, START)).toEqual({ until: MESSAGES.repeatEndBeforeStart });
    expect(validateRepeat({ ...weekly, ends: 'on', until: START }, START)).toEqual({});
  });
});
