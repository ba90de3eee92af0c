import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goalDue, goalProgress, nextGoalStatus } from '../../shared/goals';
import en from '../../web/src/i18n/en/app';
import { byPriority, taskDue, toggledTaskStatus } from '../../shared/tasks';

const NOW = new Date('2026-11-22T10:00:00Z');
const day = (offset: number, hour = 12) => new Date(Date.UTC(2026, 10, 22 + offset, hour)).toISOString();

describe('goal status cycle', () => {
  it('goes active → completed → paused → active, anything else → active', () => {
    expect(nextGoalStatus('active')).toBe('completed');
    expect(nextGoalStatus('completed')).toBe('paused');
    expect(nextGoalStatus('paused')).toBe('active');
    expect(nextGoalStatus('archived')).toBe('active');
  });
});

describe('task status toggle', () => {
  it('turns completed into pending and everything else into completed', () => {
    expect(toggledTaskStatus('completed')).toBe('pending');
    expect(toggledTaskStatus('pending')).toBe('completed');
    expect(toggledTaskStatus('in_progress')).toBe('completed');
  });
});

describe('goal due rules', () => {
  it.each([
    [-1, { state: 'overdue', label: 'Overdue' }],
    [0, { state: 'due_soon', label: 'Due today' }],
    [1, { state: 'due_soon', label: 'Due in 1 day' }],
    [7, { state: 'due_soon', label: 'Due in 7 days' }],
  ])('%i days left', (offset, { state, label }) => {
    const due = goalDue({ target_date: day(offset) }, NOW, 'UTC');
    expect(due).toEqual({ state, daysLeft: offset });
    expect(en.ui.due(due!)).toBe(label);
  });

  it('is neither at 8 days nor without a date', () => {
    expect(goalDue({ target_date: day(8) }, NOW, 'UTC')).toBeNull();
    expect(goalDue({ target_date: null }, NOW, 'UTC')).toBeNull();
  });

  it('reads days in the user’s time zone', () => {
    const lateTonightUtc = '2026-11-22T23:30:00Z';
    expect(en.ui.due(goalDue({ target_date: lateTonightUtc }, NOW, 'UTC')!)).toBe('Due today');
    expect(en.ui.due(goalDue({ target_date: lateTonightUtc }, NOW, 'Asia/Tokyo')!)).toBe('Due in 1 day');
    expect(goalDue({ target_date: '2026-11-22T02:00:00Z' }, NOW, 'America/Los_Angeles')!.state).toBe('overdue');
  });
});

describe('task due rules', () => {
  it('is due soon from 0 to 3 days and overdue when past, unless completed', () => {
    expect(taskDue({ due_date: day(3), status: 'pending' }, NOW, 'UTC')!.state).toBe('due_soon');
    expect(taskDue({ due_date: day(4), status: 'pending' }, NOW, 'UTC')).toBeNull();
    expect(taskDue({ due_date: day(-1), status: 'in_progress' }, NOW, 'UTC')!.state).toBe('overdue');
    expect(taskDue({ due_date: day(-1), status: 'completed' }, NOW, 'UTC')).toBeNull();
    expect(taskDue({ due_date: day(0), status: 'completed' }, NOW, 'UTC')).toBeNull();
    expect(taskDue({ due_date: null, status: 'pending' }, NOW, 'UTC')).toBeNull();
    expect(taskDue({ due_date: day(0), status: 'pending' }, NOW, 'UTC')).toEqual({ state: 'due_soon', daysLeft: 0 });
  });

  it('has exactly its window for any day and status: overdue before today, due soon for 0 to 3 days, nothing once completed', () => {
    const statuses = fc.constantFrom('pending', 'in_progress', 'completed');
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), statuses, (offset, status) => {
        const due = taskDue({ due_date: day(offset), status }, NOW, 'UTC');
        const expected = status === 'completed' ? null : offset < 0 ? 'overdue' : offset <= 3 ? 'due_soon' : null;
        expect(due?.state ?? null).toBe(expected);
        if (due) expect(due.daysLeft).toBe(offset);
      }),
    );
  });
});

describe('goal due window', () => {
  it('is overdue before today and due soon for 0 to 7 days, for any day', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (offset) => {
        const expected = offset < 0 ? 'overdue' : offset <= 7 ? 'due_soon' : null;
        expect(goalDue({ target_date: day(offset) }, NOW, 'UTC')?.state ?? null).toBe(expected);
      }),
    );
  });
});

describe('goal progress', () => {
  it('is 0 with no tasks and rounds the completed share', () => {
    expect(goalProgress([])).toBe(0);
    expect(goalProgress([{ status: 'completed' }, { status: 'pending' }, { status: 'pending' }])).toBe(33);
    expect(goalProgress([{ status: 'completed' }, { status: 'completed' }, { status: 'in_progress' }])).toBe(67);
  });

  it('stays within 0..100 and equals the rounded share for any list', () => {
    const statuses = fc.array(fc.constantFrom('pending', 'in_progress', 'completed'), { maxLength: 200 });
    fc.assert(
      fc.property(statuses, (list) => {
        const percent = goalProgress(list.map((status) => ({ status })));
        const done = list.filter((status) => status === 'completed').length;
        expect(percent).toBe(list.length ? Math.round((100 * done) / list.length) : 0);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('priority order', () => {
  it('sorts high, medium, low and keeps equal priorities in place', () => {
    const tasks = [
      { id: 1, priority: 'low' as const },
      { id: 2, priority: 'high' as const },
      { id: 3, priority: 'medium' as const },
      { id: 4, priority: 'high' as const },
    ];
    expect([...tasks].sort(byPriority).map((task) => task.id)).toEqual([2, 4, 3, 1]);
  });
});
