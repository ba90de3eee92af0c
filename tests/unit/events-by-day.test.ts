import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventsByDay, isEventOnDay } from '../../shared/calendar-events';
import { TIME_ZONES } from '../../shared/settings';
import { addDays } from '../../shared/zoned-time';
import { monthGrid, timeGridDays } from '../../web/src/features/calendar/lib/calendar-dates';

const event = fc
  .record({
    startDay: fc.integer({ min: -40, max: 40 }),
    startMinutes: fc.integer({ min: 0, max: 24 * 60 - 1 }),
    minutes: fc.integer({ min: 1, max: 5 * 24 * 60 }),
    allDay: fc.boolean(),
  })
  .map(({ startDay, startMinutes, minutes, allDay }) => {
    const start = Date.parse(`${addDays('2027-03-01', startDay)}T00:00:00Z`) + startMinutes * 60_000;
    if (allDay) {
      const first = new Date(start).toISOString().slice(0, 10);
      return { start_time: `${first}T00:00:00.000Z`, end_time: `${addDays(first, Math.floor(minutes / 1440))}T00:00:00.000Z`, all_day: true };
    }
    return { start_time: new Date(start).toISOString(), end_time: new Date(start + minutes * 60_000).toISOString(), all_day: false };
  });

describe('events by day', () => {
  it('gives each shown day the events that reach it, in their order, as asking day by day does', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), fc.constantFrom(...TIME_ZONES.map((zone) => zone.id)), fc.boolean(), (events, zone, weekdaysOnly) => {
        // A month's whole weeks, or a work week whose days are not all adjacent.
        const days = weekdaysOnly ? timeGridDays('week', '2027-03-10', true) : monthGrid('2027-03-10').flat();
        const byDay = eventsByDay(events, days, zone);
        for (const day of days) expect(byDay.get(day)).toEqual(events.filter((one) => isEventOnDay(one, day, zone)));
      }),
    );
  });
});
