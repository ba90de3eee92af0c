import { describe, expect, it } from 'vitest';
import { isEventOnDay } from '../../shared/calendar-events';
import { blockGeometry, describeWhen, layoutDay, monthEntries, segmentOn } from '../../web/src/features/calendar/lib/event-layout';
import de from '../../web/src/i18n/de/app';
import en from '../../web/src/i18n/en/app';
import fr from '../../web/src/i18n/fr/app';
import { slotAfterKey } from '../../web/src/features/calendar/lib/slot-navigation';

const timed = (id: string, start: string, end: string) => ({ id, start_time: start, end_time: end, all_day: false });
const allDay = (id: string, first: string, last: string) => ({ id, start_time: `${first}T00:00:00.000Z`, end_time: `${last}T00:00:00.000Z`, all_day: true });

describe('days an event falls on', () => {
  it("reads timed events in the user's zone", () => {
    // 03:30 UTC is still the evening before in New York.
    const late = timed('a', '2026-11-22T03:30:00.000Z', '2026-11-22T04:30:00.000Z');
    expect(segmentOn(late, '2026-11-21', 'America/New_York')).toEqual({ start: 22 * 60 + 30, end: 23 * 60 + 30 });
    expect(segmentOn(late, '2026-11-22', 'America/New_York')).toBeNull();
    expect(segmentOn(late, '2026-11-22', 'UTC')).toEqual({ start: 3 * 60 + 30, end: 4 * 60 + 30 });
  });

  it('splits an event that runs past midnight, and ends one at midnight on its first day', () => {
    const overnight = timed('a', '2026-11-22T22:00:00.000Z', '2026-11-23T02:00:00.000Z');
    expect(segmentOn(overnight, '2026-11-22', 'UTC')).toEqual({ start: 22 * 60, end: 24 * 60 });
    expect(segmentOn(overnight, '2026-11-23', 'UTC')).toEqual({ start: 0, end: 2 * 60 });
    const toMidnight = timed('b', '2026-11-22T22:00:00.000Z', '2026-11-23T00:00:00.000Z');
    expect(isEventOnDay(toMidnight, '2026-11-23', 'UTC')).toBe(false);
    expect(isEventOnDay(overnight, '2026-11-23', 'UTC')).toBe(true);
    // 03:30 UTC on the 22nd is the evening of the 21st in New York.
    expect(isEventOnDay(timed('c', '2026-11-22T03:30:00.000Z', '2026-11-22T04:30:00.000Z'), '2026-11-21', 'America/New_York')).toBe(true);
  });

  it('keeps all-day events on their written days in every zone', () => {
    const trip = allDay('a', '2026-11-22', '2026-11-24');
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo']) {
      expect(['2026-11-21', '2026-11-22', '2026-11-24', '2026-11-25'].map((day) => isEventOnDay(trip, day, zone))).toEqual([false, true, true, false]);
    }
  });
});

describe('overlapping events', () => {
  it('sit side by side, sharing their group’s width', () => {
    const events = [
      timed('a', '2026-11-22T09:00:00.000Z', '2026-11-22T10:00:00.000Z'),
      timed('b', '2026-11-22T09:30:00.000Z', '2026-11-22T11:00:00.000Z'),
      timed('c', '2026-11-22T10:00:00.000Z', '2026-11-22T10:30:00.000Z'),
      timed('d', '2026-11-22T13:00:00.000Z', '2026-11-22T14:00:00.000Z'),
      allDay('e', '2026-11-22', '2026-11-22'),
    ];
    const placed = Object.fromEntries(layoutDay(events, '2026-11-22', 'UTC', 15).map((entry) => [entry.event.id, [entry.column, entry.columns]]));
    // c starts as a ends, so it takes a's column; b overlaps both.
    expect(placed).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2], d: [0, 1] });
  });

  it('count short events at their shown height, so their blocks never cover each other', () => {
    const events = [timed('a', '2026-11-22T09:00:00.000Z', '2026-11-22T09:05:00.000Z'), timed('b', '2026-11-22T09:10:00.000Z', '2026-11-22T09:20:00.000Z')];
    expect(layoutDay(events, '2026-11-22', 'UTC', 18).map((entry) => entry.columns)).toEqual([2, 2]);
    expect(layoutDay(events, '2026-11-22', 'UTC', 5).map((entry) => entry.columns)).toEqual([1, 1]);
  });
});

describe('block geometry', () => {
  it('places blocks by the hour with their minimum heights', () => {
    expect(blockGeometry(9 * 60, 10 * 60, 80, 24)).toEqual({ top: 720, height: 80 });
    expect(blockGeometry(9 * 60, 9 * 60 + 5, 80, 24)).toEqual({ top: 720, height: 24 });
    expect(blockGeometry(9 * 60, 9 * 60 + 5, 64, 20)).toEqual({ top: 576, height: 20 });
    // A short event at the end of the day stays inside it.
    expect(blockGeometry(24 * 60 - 5, 24 * 60, 80, 24)).toEqual({ top: 24 * 80 - 24, height: 24 });
  });
});

describe('month cells', () => {
  it('show 2 all-day events, then timed ones up to 4 entries, then +N more', () => {
    const events = [
      allDay('a1', '2026-11-22', '2026-11-22'),
      allDay('a2', '2026-11-22', '2026-11-22'),
      allDay('a3', '2026-11-22', '2026-11-22'),
      timed('t1', '2026-11-22T09:00:00.000Z', '2026-11-22T10:00:00.000Z'),
      timed('t2', '2026-11-22T11:00:00.000Z', '2026-11-22T12:00:00.000Z'),
      timed('t3', '2026-11-22T13:00:00.000Z', '2026-11-22T14:00:00.000Z'),
    ];
    const { shown, more } = monthEntries(events);
    expect(shown.map((event) => event.id)).toEqual(['a1', 'a2', 't1', 't2']);
    expect(more).toBe(2);
    expect(monthEntries(events.slice(3)).shown.map((event) => event.id)).toEqual(['t1', 't2', 't3']);
    expect(monthEntries(events.slice(3)).more).toBe(0);
  });
});

describe('when an event happens', () => {
  it('in words, in the user’s zone', () => {
    expect(describeWhen(timed('a', '2026-11-22T14:00:00.000Z', '2026-11-22T15:30:00.000Z'), 'America/New_York', en)).toBe('Nov 22, 2026, 9:00 AM – 10:30 AM');
    expect(describeWhen(timed('a', '2026-11-22T22:00:00.000Z', '2026-11-23T01:00:00.000Z'), 'UTC', en)).toBe('Nov 22, 2026, 10:00 PM – Nov 23, 2026, 1:00 AM');
    expect(describeWhen(allDay('a', '2026-11-22', '2026-11-22'), 'Asia/Tokyo', en)).toBe('Nov 22, 2026 (All day)');
    expect(describeWhen(allDay('a', '2026-11-22', '2026-11-24'), 'UTC', en)).toBe('Nov 22, 2026 – Nov 24, 2026 (All day)');
  });

  it('in the person’s language', () => {
    expect(describeWhen(timed('a', '2026-11-22T14:00:00.000Z', '2026-11-22T15:30:00.000Z'), 'Europe/Berlin', de)).toBe('22. Nov. 2026, 15:00 – 16:30');
    expect(describeWhen(allDay('a', '2026-11-22', '2026-11-22'), 'UTC', fr)).toBe('22 nov. 2026 (toute la journée)');
  });
});

describe('moving among the empty slots by keyboard', () => {
  const week = { columns: 7, rows: 24 };
  const at = (column: number, row: number) => ({ column, row });
  it('moves a row up or down and a column left or right, Home and End to the top and bottom of the column', () => {
    expect(slotAfterKey('ArrowDown', at(2, 9), week)).toEqual(at(2, 10));
    expect(slotAfterKey('ArrowUp', at(2, 9), week)).toEqual(at(2, 8));
    expect(slotAfterKey('ArrowRight', at(2, 9), week)).toEqual(at(3, 9));
    expect(slotAfterKey('ArrowLeft', at(2, 9), week)).toEqual(at(1, 9));
    expect(slotAfterKey('Home', at(2, 9), week)).toEqual(at(2, 0));
    expect(slotAfterKey('End', at(2, 9), week)).toEqual(at(2, 23));
    expect(slotAfterKey('End', at(2, 1), { columns: 7, rows: 6 })).toEqual(at(2, 5));
  });

  it('stays put at an edge and leaves other keys alone', () => {
    expect(slotAfterKey('ArrowUp', at(0, 0), week)).toEqual(at(0, 0));
    expect(slotAfterKey('ArrowLeft', at(0, 0), week)).toEqual(at(0, 0));
    expect(slotAfterKey('ArrowDown', at(6, 23), week)).toEqual(at(6, 23));
    expect(slotAfterKey('ArrowRight', at(6, 23), week)).toEqual(at(6, 23));
    expect(slotAfterKey('ArrowRight', at(0, 5), { columns: 1, rows: 24 })).toEqual(at(0, 5));
    expect(slotAfterKey('Enter', at(0, 5), week)).toBeNull();
    expect(slotAfterKey('Tab', at(0, 5), week)).toBeNull();
  });
});
