import { describe, expect, it } from 'vitest';
import type { ChangeStamps } from '../../shared/changes.schema';
import { movedByOthers } from '../../web/src/lib/change-watcher';

const seen: ChangeStamps = { goals: 4, tasks: 7, events: 0, tags: 2, settings: 1, toolcalls: 0 };
const next = (changes: Partial<ChangeStamps>): ChangeStamps => ({ ...seen, ...changes });

describe('a counter move', () => {
  it('made by this page’s own writes alone reads nothing, and uses those writes up', () => {
    const own = new Map([['tasks', 2]]);
    expect(movedByOthers(seen, next({ tasks: 8 }), own)).toEqual(new Set());
    expect(own.get('tasks')).toBe(1);
    expect(movedByOthers(next({ tasks: 8 }), next({ tasks: 9 }), own)).toEqual(new Set());
    expect(own.get('tasks')).toBe(0);
  });

  it('past what this page made is someone else’s too: the list is read, and the page’s own count starts over', () => {
    const own = new Map([['tasks', 1]]);
    expect(movedByOthers(seen, next({ tasks: 9 }), own)).toEqual(new Set(['tasks']));
    expect(own.has('tasks')).toBe(false);
  });

  it('reads each list that moved without a write of this page, and none that stood still', () => {
    expect(movedByOthers(seen, next({ goals: 5, settings: 2 }), new Map())).toEqual(new Set(['goals', 'settings']));
    expect(movedByOthers(seen, seen, new Map([['tasks', 1]]))).toEqual(new Set());
  });
});
