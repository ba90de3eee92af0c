import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesPattern } from '../../events/pattern';
import { positionOnTop, repositionMoved } from '../../functions/items/ordering';
import { inListOrder } from '../../shared/list-order';

describe('fractional positions', () => {
  it('puts a new item above the first', () => {
    const first = positionOnTop(null);
    const second = positionOnTop(first);
    expect(second < first).toBe(true);
  });

  it('reaches any requested order and rewrites only items outside a longest run already in order', () => {
    const lists = fc
      .integer({ min: 1, max: 40 })
      .chain((size) => fc.tuple(fc.constant(size), fc.shuffledSubarray([...Array(size).keys()], { minLength: size, maxLength: size })));
    fc.assert(
      fc.property(lists, ([size, order]) => {
        let position: string | null = null;
        const positions: string[] = [];
        for (let index = 0; index < size; index += 1) {
          position = positionOnTop(position);
          positions.unshift(position);
        }
        const requested = order.map((index) => ({ id: `i${index}`, position: positions[index]! }));
        const moved = repositionMoved(requested);
        const final = requested.map((item) => moved.get(item.id) ?? item.position);
        expect([...final].sort()).toEqual(final);
        expect(new Set(final).size).toBe(size);
        expect(moved.size).toBeLessThanOrEqual(size - 1);
      }),
    );
  });

  it('moves one item when one item was dragged', () => {
    const items = ['a0', 'a1', 'a2', 'a3', 'a4'].map((position, index) => ({ id: `i${index}`, position }));
    const dragged = [items[4]!, items[0]!, items[1]!, items[2]!, items[3]!];
    expect([...repositionMoved(dragged).keys()]).toEqual(['i4']);
    expect(repositionMoved(items).size).toBe(0);
  });
});

describe('list order', () => {
  it('sorts events by start instant and tags by name whatever the case, by code unit as the list index does, the id breaking ties', () => {
    const events = [
      { id: 'b', start_time: '2027-02-08T10:00:00+01:00' },
      { id: 'c', start_time: '2027-02-08T08:30:00Z' },
      { id: 'a', start_time: '2027-02-08T09:00:00Z' },
    ];
    expect([...events].sort(inListOrder).map((event) => event.id)).toEqual(['c', 'a', 'b']);
    const tags = [
      { id: '1', name: 'Äpfel' },
      { id: '2', name: 'zoo' },
      { id: '3', name: 'Work' },
      { id: '0', name: 'work' },
    ];
    expect([...tags].sort(inListOrder).map((tag) => tag.id)).toEqual(['0', '3', '2', '1']);
  });
});

describe('event patterns', () => {
  const event = { source: 'tempo.app', 'detail-type': 'item.updated', detail: { entity: 'event', userId: 'u1', tags: ['a', 'b'] } };

  it('matches exact values, prefixes, anything-but and exists, nested', () => {
    expect(matchesPattern({ source: ['tempo.app'], detail: { entity: ['event', 'task'] } }, event)).toBe(true);
    expect(matchesPattern({ 'detail-type': [{ prefix: 'item.' }] }, event)).toBe(true);
    expect(matchesPattern({ detail: { entity: [{ 'anything-but': ['event'] }] } }, event)).toBe(false);
    expect(matchesPattern({ detail: { gcal_id: [{ exists: false }] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { userId: [{ exists: true }] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { tags: ['b'] } }, event)).toBe(true);
  });

  it('refuses events that miss any field', () => {
    expect(matchesPattern({ source: ['other'] }, event)).toBe(false);
    expect(matchesPattern({ detail: { entity: ['goal'] } }, event)).toBe(false);
    expect(matchesPattern({ detail: { missing: ['x'] } }, event)).toBe(false);
    expect(matchesPattern({ nothing: { inner: ['x'] } }, event)).toBe(false);
  });
});
