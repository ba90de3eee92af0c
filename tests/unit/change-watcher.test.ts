import { describe, expect, it } from 'vitest';
import type { ChangeStamps } from '../../shared/changes';
import { acknowledgeOwnChanges } from '../../web/src/lib/change-watcher';

const seen: ChangeStamps = { goals: 4, tasks: 7, events: 0, tags: 2, settings: 1, toolcalls: 0 };

describe('a write’s own change counters', () => {
  it('count as seen when they are one step past the last poll, so the poll reads nothing for them', () => {
    expect(acknowledgeOwnChanges(seen, new Map([['tasks', 8]]))).toEqual({ ...seen, tasks: 8 });
  });

  it('are left for the poll when someone else moved the counter too, or the poll saw them already', () => {
    expect(acknowledgeOwnChanges(seen, new Map([['tasks', 9]]))).toEqual(seen);
    expect(acknowledgeOwnChanges(seen, new Map([['tasks', 7]]))).toEqual(seen);
  });

  it('ignore names that are no counter', () => {
    expect(acknowledgeOwnChanges(seen, new Map([['nothing', 1]]))).toEqual(seen);
  });
});
