import { describe, expect, it } from 'vitest';
import { mergeChange, sameValue } from '../../web/src/lib/offline/merge';

const made_at = '2026-03-01T10:00:00.000Z';
const before = '2026-03-01T09:00:00.000Z';
const after = '2026-03-01T11:00:00.000Z';

describe('merging a change made on an older version of an item', () => {
  it('takes mine for a field nobody else changed, and leaves theirs alone', () => {
    const result = mergeChange(
      { body: { title: 'Mine' }, base: { title: 'Old' }, made_at },
      { title: 'Old', description: 'Changed elsewhere', updated_at: after },
    );
    expect(result).toEqual({ patch: { title: 'Mine' }, conflicts: [] });
  });

  it('takes theirs silently for a field the person left as it was (a form sends every field)', () => {
    const change = { body: { title: 'Mine', priority: 'low', notes: 'Old notes' }, base: { title: 'Old', priority: 'low', notes: 'Old notes' }, made_at };
    expect(mergeChange(change, { title: 'Old', priority: 'high', notes: 'Their notes', updated_at: before })).toEqual({
      patch: { title: 'Mine' },
      conflicts: [],
    });
  });

  it('sends nothing for a field the server already holds as I want it', () => {
    expect(mergeChange({ body: { status: 'completed' }, base: { status: 'pending' }, made_at }, { status: 'completed', updated_at: after })).toEqual({
      patch: {},
      conflicts: [],
    });
  });

  it('applies the newer side of a field both changed and keeps the other as a conflict', () => {
    const change = { body: { title: 'Mine', priority: 'high' }, base: { title: 'Old', priority: 'low' }, made_at };
    expect(mergeChange(change, { title: 'Theirs', priority: 'low', updated_at: before })).toEqual({
      patch: { title: 'Mine', priority: 'high' },
      conflicts: [{ field: 'title', mine: 'Mine', theirs: 'Theirs', applied: 'mine' }],
    });
    expect(mergeChange(change, { title: 'Theirs', priority: 'low', updated_at: after })).toEqual({
      patch: { priority: 'high' },
      conflicts: [{ field: 'title', mine: 'Mine', theirs: 'Theirs', applied: 'theirs' }],
    });
  });

  it('takes a field without a known base for changed elsewhere', () => {
    expect(mergeChange({ body: { title: 'Mine' }, made_at }, { title: 'Theirs', updated_at: after }).conflicts).toEqual([
      { field: 'title', mine: 'Mine', theirs: 'Theirs', applied: 'theirs' },
    ]);
  });

  it('compares lists and objects by value', () => {
    const change = { body: { tags: ['a', 'b'], recurrence: { rule: 'FREQ=DAILY', zone: 'UTC' } }, base: { tags: ['a'], recurrence: null }, made_at };
    expect(mergeChange(change, { tags: ['a'], recurrence: null, updated_at: after }).patch).toEqual(change.body);
    expect(sameValue({ zone: 'UTC', rule: 'FREQ=DAILY' }, { rule: 'FREQ=DAILY', zone: 'UTC' })).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue(undefined, null)).toBe(true);
  });
});
