import { describe, expect, it } from 'vitest';
import type { ChangeStamps } from '../../shared/changes.schema';
import { movedCounters } from '../../web/src/lib/change-watcher';

const seen: ChangeStamps = { goals: 4, tasks: 7, events: 0, tags: 2, settings: 1, toolcalls: 0, reminders: 0 };
const next = (changes: Partial<ChangeStamps>): ChangeStamps => ({ ...seen, ...changes });

describe('a counter move', () => {
  it('reads each list whose counter moved, whoever moved it, and none that stood still', () => {
    expect(movedCounters(seen, next({ goals: 5, settings: 3 }))).toEqual(new Set(['goals', 'settings']));
    expect(movedCounters(seen, seen)).toEqual(new Set());
  });
});
