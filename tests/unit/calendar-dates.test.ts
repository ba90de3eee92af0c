import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  monthGrid,
  parseTimeInput,
  rangeLabel,
  startOfWeek,
  stepAnchor,
  timeGridDays,
  timeInputValue,
} from '../../web/src/features/calendar/lib/calendar-dates';
import de from '../../web/src/i18n/de/app';
import en from '../../web/src/i18n/en/app';
import es from '../../web/src/i18n/es/app';
import fr from '../../web/src/i18n/fr/app';
import { formatDay, formatMinutes, formatTime, isDay } from '../../web/src/lib/zoned-dates';
import { addDays, zonedInstant, zonedParts } from '../../shared/zoned-time';

const ZONES = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Sydney'];

describe('calendar days', () => {
  it('adds days and months across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });

  it('starts weeks on Sunday', () => {
    expect(startOfWeek('2026-11-22')).toBe('2026-11-22'); // a Sunday
    expect(startOfWeek('2026-11-28')).toBe('2026-11-22'); // the Saturday after
    expect(startOfWeek('2026-11-21')).toBe('2026-11-15');
  });

  it('shows the whole week in the week view, and Monday to Friday on narrow screens, with the day opened on when it is a weekend day', () => {
    expect(timeGridDays('week', '2026-11-25', false)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(timeGridDays('week', '2026-11-25', true)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(timeGridDays('day', '2026-11-25', true)).toEqual(['2026-11-25']);
    // Opened on the weekend, a narrow week shows that day too.
    expect(timeGridDays('week', '2026-11-28', true)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(timeGridDays('week', '2026-11-22', true)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
  });

  it('lays a month out in whole Sunday-to-Saturday weeks', () => {
    const weeks = monthGrid('2026-11-22');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toBe('2026-11-01');
    expect(weeks.at(-1)!.at(-1)).toBe('2026-12-05');
    expect(monthGrid('2026-02-10')).toHaveLength(4); // February 2026 starts on a Sunday
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), (offset) => {
        const day = addDays('2020-01-01', offset);
        const flat = monthGrid(day).flat();
        expect(flat.length % 7).toBe(0);
        expect(flat).toContain(`${day.slice(0, 8)}01`);
        expect(flat).toContain(day);
      }),
    );
  });

  it('steps by a day, a week or a month', () => {
    expect(stepAnchor('day', '2026-11-22', 1)).toBe('2026-11-23');
    expect(stepAnchor('week', '2026-11-22', -1)).toBe('2026-11-15');
    expect(stepAnchor('month', '2026-11-22', 1)).toBe('2026-12-22');
  });

  it('recognises real days only', () => {
    expect(isDay('2026-11-22')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('tomorrow')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe('the calendar’s date and time formats', () => {
  it("writes dates as 'MMM d, yyyy' and times as 'h:mm a'", () => {
    expect(formatDay('2026-11-02', en.dates)).toBe('Nov 2, 2026');
    expect(formatMinutes(0, en.dates)).toBe('12:00 AM');
    expect(formatMinutes(9 * 60 + 5, en.dates)).toBe('9:05 AM');
    expect(formatMinutes(12 * 60, en.dates)).toBe('12:00 PM');
    expect(formatMinutes(23 * 60 + 59, en.dates)).toBe('11:59 PM');
  });

  it("reads an instant's time in the user's time zone", () => {
    expect(formatTime('2026-11-22T14:30:00.000Z', 'UTC', en.dates)).toBe('2:30 PM');
    expect(formatTime('2026-11-22T14:30:00.000Z', 'America/New_York', en.dates)).toBe('9:30 AM');
    expect(formatTime('2026-11-22T14:30:00.000Z', 'Asia/Kolkata', en.dates)).toBe('8:00 PM');
    expect(formatTime('not a time', 'UTC', en.dates)).toBe('not a time');
  });

  it('labels the range shown', () => {
    expect(rangeLabel('day', '2026-11-22', ['2026-11-22'], en.dates)).toBe('Sunday, Nov 22, 2026');
    expect(rangeLabel('week', '2026-11-25', timeGridDays('week', '2026-11-25', false), en.dates)).toBe('Nov 22, 2026 – Nov 28, 2026');
    expect(rangeLabel('month', '2026-11-25', [], en.dates)).toBe('November 2026');
  });

  it('writes them as each language does, with its own day and month names', () => {
    expect(formatDay('2026-11-02', es.dates)).toBe('2 nov 2026');
    expect(formatMinutes(21 * 60 + 5, es.dates)).toBe('21:05');
    expect(rangeLabel('day', '2026-11-22', ['2026-11-22'], es.dates)).toBe('domingo, 22 de noviembre de 2026');
    expect(rangeLabel('month', '2026-11-25', [], fr.dates)).toBe('novembre 2026');
    expect(formatMinutes(9 * 60, fr.dates)).toBe('09:00');
    expect(rangeLabel('day', '2026-11-22', ['2026-11-22'], de.dates)).toBe('Sonntag, 22. November 2026');
    expect(formatDay('2026-03-02', de.dates)).toBe('2. März 2026');
  });

  it('reads and writes time inputs', () => {
    expect(timeInputValue(9 * 60 + 5)).toBe('09:05');
    expect(parseTimeInput('09:05')).toBe(545);
    expect(parseTimeInput('')).toBeNull();
    expect(parseTimeInput('25:00')).toBeNull();
  });
});

describe('time zones', () => {
  it('finds the day and minute of an instant in a zone', () => {
    expect(zonedParts('2026-11-22T03:30:00.000Z', 'America/New_York')).toEqual({ day: '2026-11-21', minutes: 22 * 60 + 30 });
    expect(zonedParts('2026-11-22T20:00:00.000Z', 'Asia/Tokyo')).toEqual({ day: '2026-11-23', minutes: 5 * 60 });
  });

  it('makes the instant of a wall-clock time, in summer and in winter', () => {
    expect(zonedInstant('2026-07-01', 9 * 60, 'America/New_York').toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(zonedInstant('2026-12-01', 9 * 60, 'America/New_York').toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(zonedInstant('2026-12-01', 9 * 60, 'Australia/Sydney').toISOString()).toBe('2026-11-30T22:00:00.000Z');
    expect(zonedInstant('2026-11-22', 24 * 60, 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('round-trips every existing wall-clock time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.constantFrom(...ZONES), (offset, minutes, zone) => {
        const day = addDays('2024-01-01', offset);
        const instant = zonedInstant(day, minutes, zone);
        const back = zonedParts(instant, zone);
        // A time a clock change skips does not exist and comes back an hour earlier; every other unchanged.
        expect(back.day).toBe(day);
        expect([minutes, minutes - 60]).toContain(back.minutes);
        // There, the wall clock jumps: an hour later it reads an hour past the wanted time.
        if (back.minutes !== minutes) expect(zonedParts(new Date(instant.getTime() + 3_600_000), zone).minutes).toBe(minutes + 60);
      }),
    );
  });

  it('places a time skipped by the spring-forward change an hour earlier, the same day, west and east of Greenwich', () => {
    const instant = zonedInstant('2026-03-08', 2 * 60 + 30, 'America/New_York');
    expect(zonedParts(instant, 'America/New_York')).toEqual({ day: '2026-03-08', minutes: 60 + 30 });
    // Sydney springs forward at 2:00 on the first Sunday of October; this once landed an hour later.
    const sydney = zonedInstant('2028-10-01', 2 * 60, 'Australia/Sydney');
    expect(zonedParts(sydney, 'Australia/Sydney')).toEqual({ day: '2028-10-01', minutes: 60 });
  });

  it('gives a time the fall-back change shows twice its first instant', () => {
    // New York falls back at 2:00 on the first Sunday of November: 1:30 comes in EDT, then in EST.
    expect(zonedInstant('2026-11-01', 60 + 30, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // Sydney falls back at 3:00 on the first Sunday of April: 2:30 comes in AEDT, then in AEST.
    expect(zonedInstant('2027-04-04', 2 * 60 + 30, 'Australia/Sydney').toISOString()).toBe('2027-04-03T15:30:00.000Z');
  });
});
