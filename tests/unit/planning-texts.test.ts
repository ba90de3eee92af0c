import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages';
import { PLAN_REASON_CODES, type PlanReason } from '../../shared/planning';
import { lengthInWords, reasonInWords } from '../../shared/planning-texts';

/** Friday 11 December 2026, 10:00 in Berlin. */
const FRIDAY = '2026-12-11T09:00:00Z';
const WEDNESDAY_AFTERNOON = '2026-12-09T14:00:00Z';

/** Each code with the fields it is written with. */
const REASONS: PlanReason[] = PLAN_REASON_CODES.map((code) => ({ code, due: FRIDAY, was: WEDNESDAY_AFTERNOON, minutes: 150 }));

describe('plan reasons in words', () => {
  it('says every reason in every language, with nothing missing', () => {
    for (const language of LANGUAGES)
      for (const reason of REASONS) {
        const words = reasonInWords(reason, language, 'Europe/Berlin');
        expect(words.length).toBeGreaterThan(10);
        expect(words).not.toMatch(/undefined|NaN|null|\[object/);
      }
    // The codes say different things.
    for (const language of LANGUAGES) expect(new Set(REASONS.map((reason) => reasonInWords(reason, language, 'UTC'))).size).toBe(REASONS.length);
  });

  it('reads days and times in the person’s zone', () => {
    expect(reasonInWords({ code: 'before_due', due: FRIDAY }, 'en', 'Europe/Berlin')).toBe("before it's due Friday");
    expect(reasonInWords({ code: 'before_due', due: '2026-12-11T02:00:00Z' }, 'en', 'America/Los_Angeles')).toBe("before it's due Thursday");
    expect(reasonInWords({ code: 'only_slot', minutes: 120 }, 'en', 'UTC')).toBe('the only free 2 hours in this range');
    expect(reasonInWords({ code: 'moved', was: WEDNESDAY_AFTERNOON }, 'en', 'Europe/Berlin')).toBe('moved from Wednesday 15:00');
    expect(reasonInWords({ code: 'missed_block', was: '2026-12-08T09:00:00Z' }, 'en', 'Europe/Berlin')).toBe(
      'its block on Tuesday at 10:00 passed with the task still open',
    );
    expect(reasonInWords({ code: 'too_long', minutes: 720 }, 'en', 'UTC')).toBe('longer (12 hours) than any working day');
  });

  it('speaks German as the rest of the product does', () => {
    expect(reasonInWords({ code: 'before_due', due: FRIDAY }, 'de', 'Europe/Berlin')).toBe('vor der Fälligkeit am Freitag');
    expect(reasonInWords({ code: 'moved', was: WEDNESDAY_AFTERNOON }, 'de', 'Europe/Berlin')).toBe('verschoben von Mittwoch um 15:00');
    expect(reasonInWords({ code: 'repeats' }, 'de', 'Europe/Berlin')).toBe('ein wiederkehrender Termin: verschiebe seine einzelnen Termine im Kalender');
  });

  it('says lengths as people do', () => {
    expect([45, 60, 90, 120, 150].map((minutes) => lengthInWords(minutes, 'en'))).toEqual([
      '45 minutes',
      '1 hour',
      '90 minutes',
      '2 hours',
      '2 hours 30 minutes',
    ]);
    expect(lengthInWords(150, 'es')).toBe('2 horas y 30 minutos');
    expect(lengthInWords(60, 'fr')).toMatch(/^1\sheure$/);
    expect(lengthInWords(150, 'de')).toBe('2 Stunden und 30 Minuten');
  });
});
