import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueBy, freeSlots, planTasks, rescheduleEvents, type BusyTime, type PlannableTask, type PlannerContext } from '../../shared/planner';
import { DEFAULT_PLANNING, PLANNING_LIMITS, type DayHours, type PlanningSettings } from '../../shared/planning';
import { TIME_ZONES } from '../../shared/settings';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../shared/tasks';
import { WEEKDAYS } from '../../shared/weekdays';
import { zonedParts } from '../../shared/zoned-time';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
/** A Monday; the weeks after it hold Europe's change to summer time (28 March 2027). */
const BASE = Date.parse('2027-03-22T00:00:00Z');
const at = (minutes: number) => new Date(BASE + minutes * MINUTE_MS).toISOString();
const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;

// Hours from 04:00 on: no zone of the settings changes its clocks then, so a block's wall-clock times read plainly.
const hours = fc
  .record({ start: fc.integer({ min: 4 * 60, max: 20 * 60 }), length: fc.integer({ min: 30, max: 14 * 60 }) })
  .map(({ start, length }): DayHours => ({ start: time(start), end: time(Math.min(start + length, DAY_MINUTES - 1)) }));

const settings: fc.Arbitrary<PlanningSettings> = fc.record({
  working_hours: fc.record(
    Object.fromEntries(WEEKDAYS.map((day) => [day, fc.option(hours, { freq: 4 })])) as Record<(typeof WEEKDAYS)[number], fc.Arbitrary<DayHours | null>>,
  ),
  lunch_break: fc.option(
    fc
      .record({ start: fc.integer({ min: 10 * 60, max: 15 * 60 }), length: fc.integer({ min: 15, max: 120 }) })
      .map(({ start, length }) => ({ start: time(start), end: time(start + length) })),
    { freq: 2 },
  ),
  plan_buffer_minutes: fc.integer(PLANNING_LIMITS.bufferMinutes),
  default_task_minutes: fc.integer(PLANNING_LIMITS.defaultTaskMinutes),
});

const busyTime = (taskIds: readonly string[]): fc.Arbitrary<BusyTime> =>
  fc
    .record({
      start: fc.integer({ min: -2 * DAY_MINUTES, max: 12 * DAY_MINUTES }),
      length: fc.integer({ min: 5, max: 300 }),
      task: fc.option(fc.constantFrom(...taskIds), { freq: 4 }),
    })
    .map(({ start, length, task }) => ({ start: at(start), end: at(start + length), task_id: task }));

const TASK_IDS = Array.from({ length: 14 }, (_, index) => `task-${String(index).padStart(2, '0')}`);
const tasks: fc.Arbitrary<PlannableTask[]> = fc
  .tuple(
    ...TASK_IDS.map((id) =>
      fc.record({
        id: fc.constant(id),
        title: fc.constantFrom('Report', 'Taxes', 'Call the bank', 'Read'),
        priority: fc.constantFrom(...TASK_PRIORITIES),
        status: fc.constantFrom(...TASK_STATUSES),
        due_date: fc.option(fc.integer({ min: -2 * DAY_MINUTES, max: 12 * DAY_MINUTES }).map(at), { freq: 2 }),
        estimate_minutes: fc.option(fc.integer({ min: 5, max: 300 }), { freq: 3 }),
      }),
    ),
  )
  .chain((all) => fc.subarray(all, { minLength: 1 }));

const context: fc.Arbitrary<PlannerContext> = fc
  .record({
    from: fc.integer({ min: 0, max: 3 * DAY_MINUTES }),
    days: fc.integer({ min: 60, max: 8 * DAY_MINUTES }),
    // Now with seconds: starts still fall on the grid.
    nowSeconds: fc.integer({ min: -DAY_MINUTES * 60, max: DAY_MINUTES * 60 }),
    timeZone: fc.constantFrom(...TIME_ZONES.map((zone) => zone.id)),
    settings,
    busy: fc.array(busyTime(TASK_IDS), { maxLength: 25 }),
  })
  .map(({ from, days, nowSeconds, timeZone, settings, busy }) => ({
    now: new Date(BASE + from * MINUTE_MS + nowSeconds * 1000).toISOString(),
    timeZone,
    range: { from: at(from), to: at(from + days) },
    settings,
    busy,
  }));

const lengthOption = fc.option(fc.integer({ min: 5, max: 240 }), { freq: 3 }).map((minutes) => (minutes === null ? {} : { minutes }));

interface Span {
  start: string;
  end: string;
}

/** Everything a placed span of time must respect: grid, working hours, lunch, now, the range, busy time with its buffer, the other spans. */
function expectPlacedWell(spans: readonly Span[], { now, timeZone, range, settings, busy }: PlannerContext) {
  const buffer = settings.plan_buffer_minutes * MINUTE_MS;
  const sorted = [...spans].sort((one, other) => Date.parse(one.start) - Date.parse(other.start));
  sorted.forEach((span, index) => {
    const [start, end] = [Date.parse(span.start), Date.parse(span.end)];
    const [first, last] = [zonedParts(span.start, timeZone), zonedParts(span.end, timeZone)];
    expect(start % MINUTE_MS).toBe(0);
    expect(first.minutes % PLANNING_LIMITS.gridMinutes).toBe(0);
    expect(start).toBeGreaterThanOrEqual(Math.max(Date.parse(now), Date.parse(range.from)));
    expect(end).toBeLessThanOrEqual(Date.parse(range.to));
    const dayHours = settings.working_hours[weekdayOf(first.day)];
    expect(dayHours).not.toBeNull();
    expect(last.day).toBe(first.day);
    expect(first.minutes).toBeGreaterThanOrEqual(minutesOf(dayHours!.start));
    expect(last.minutes).toBeLessThanOrEqual(minutesOf(dayHours!.end));
    const lunch = settings.lunch_break;
    if (lunch) expect(last.minutes <= minutesOf(lunch.start) || first.minutes >= minutesOf(lunch.end)).toBe(true);
    for (const taken of busy) expect(end <= Date.parse(taken.start) - buffer || start >= Date.parse(taken.end) + buffer).toBe(true);
    const next = sorted[index + 1];
    if (next) expect(Date.parse(next.start)).toBeGreaterThanOrEqual(end + buffer);
  });
}

const lengthOf = (task: PlannableTask, options: { minutes?: number }, { settings }: PlannerContext) =>
  options.minutes ?? task.estimate_minutes ?? settings.default_task_minutes;
const stillPlanned = (task: PlannableTask, { busy, now }: PlannerContext) =>
  busy.some((time) => time.task_id === task.id && Date.parse(time.end) > Date.parse(now));

describe('planning tasks', () => {
  it('never places a block over busy time, outside working hours, in lunch, before now, after its due time or at another length', () => {
    fc.assert(
      fc.property(context, tasks, lengthOption, (context, tasks, options) => {
        const plan = planTasks(context, tasks, options);
        expectPlacedWell(plan.blocks, context);
        for (const block of plan.blocks) {
          const task = tasks.find((one) => one.id === block.task_id)!;
          expect(block.title).toBe(task.title);
          expect(Date.parse(block.end) - Date.parse(block.start)).toBe(lengthOf(task, options, context) * MINUTE_MS);
          if (task.due_date) expect(Date.parse(block.end)).toBeLessThanOrEqual(dueBy(task.due_date, context.timeZone));
        }
      }),
      { numRuns: 120 },
    );
  });

  it('places or explains every open task without a block to come, once, and leaves the rest alone', () => {
    fc.assert(
      fc.property(context, tasks, lengthOption, (context, tasks, options) => {
        const plan = planTasks(context, tasks, options);
        const answered = [...plan.blocks.map((block) => block.task_id), ...plan.unplaced.map((task) => task.task_id)].sort();
        const expected = tasks.filter((task) => task.status !== 'completed' && !stillPlanned(task, context)).map((task) => task.id);
        expect(answered).toEqual(expected.sort());
        for (const { task_id, reason } of plan.unplaced) {
          const task = tasks.find((one) => one.id === task_id)!;
          expect(reason.code).toMatch(/^(no_room|no_room_before_due|too_long|due_passed)$/);
          if (reason.code === 'due_passed')
            expect(dueBy(task.due_date!, context.timeZone)).toBeLessThan(Math.max(Date.parse(context.range.from), Date.parse(context.now)));
          if (reason.code === 'no_room_before_due') expect(reason.due).toBe(task.due_date);
          if (reason.code === 'too_long') expect(reason.minutes).toBe(lengthOf(task, options, context));
        }
      }),
      { numRuns: 120 },
    );
  });

  it('offers a block that passed with its task open again, saying where it was', () => {
    fc.assert(
      fc.property(context, tasks, (context, tasks) => {
        const plan = planTasks(context, tasks, {});
        for (const block of plan.blocks) {
          const passed = context.busy.filter((time) => time.task_id === block.task_id).map((time) => time.start);
          if (passed.length === 0) expect(block.reason.code).not.toBe('missed_block');
          else expect(block.reason).toEqual({ code: 'missed_block', was: passed.sort((one, other) => Date.parse(other) - Date.parse(one))[0] });
        }
      }),
    );
  });

  it('gives the same plan for the same inputs, in any order of the tasks', () => {
    fc.assert(
      fc.property(
        context,
        tasks,
        lengthOption,
        fc.array(fc.double({ noNaN: true }), { minLength: TASK_IDS.length, maxLength: TASK_IDS.length }),
        (context, tasks, options, keys) => {
          const shuffled = tasks
            .map((task, index) => ({ task, key: keys[index]! }))
            .sort((one, other) => one.key - other.key)
            .map(({ task }) => task);
          const plan = planTasks(context, tasks, options);
          expect(planTasks(context, tasks, options)).toEqual(plan);
          expect(planTasks(context, shuffled, options)).toEqual(plan);
        },
      ),
    );
  });

  it('places a lone task at the first free slot it fits, as findFreeTime reads it', () => {
    fc.assert(
      fc.property(context, fc.integer({ min: 5, max: 300 }), (context, minutes) => {
        const plan = planTasks(context, [{ id: 'only', title: 'Only', priority: 'medium', status: 'pending', due_date: null, estimate_minutes: minutes }], {});
        const first = freeSlots(context, minutes)[0];
        expect(plan.blocks[0]?.start).toBe(first?.start);
      }),
    );
  });
});

describe('free slots', () => {
  it('are free working time of at least the length asked, on the grid, apart from each other, in time order', () => {
    fc.assert(
      fc.property(context, fc.integer({ min: 5, max: 240 }), (context, minutes) => {
        const slots = freeSlots(context, minutes);
        for (const slot of slots) {
          expect(slot.minutes).toBeGreaterThanOrEqual(minutes);
          expect(Date.parse(slot.end) - Date.parse(slot.start)).toBeGreaterThanOrEqual(slot.minutes * MINUTE_MS);
        }
        // The buffer holds between busy time and a slot; slots of one free stretch are the stretch itself.
        expectPlacedWell(slots, { ...context, settings: { ...context.settings, plan_buffer_minutes: 0 } });
        for (const slot of slots)
          for (const taken of context.busy) {
            const buffer = context.settings.plan_buffer_minutes * MINUTE_MS;
            expect(Date.parse(slot.end) <= Date.parse(taken.start) - buffer || Date.parse(slot.start) >= Date.parse(taken.end) + buffer).toBe(true);
          }
        expect(slots.map((slot) => slot.start)).toEqual([...slots.map((slot) => slot.start)].sort());
      }),
    );
  });
});

describe('moving events', () => {
  it('keeps each event’s length, places it in free working time of the target range, and explains the rest', () => {
    fc.assert(
      fc.property(context, fc.array(busyTime(['unused']), { maxLength: 12 }), (context, picked) => {
        const events = picked.map((event, index) => ({ ...event, event_id: `event-${index}`, title: `Event ${index}`, task_id: null }));
        const { moved, unplaced } = rescheduleEvents(context, events);
        expectPlacedWell(moved, context);
        expect([...moved, ...unplaced].map((event) => event.event_id).sort()).toEqual(events.map((event) => event.event_id).sort());
        for (const event of moved) {
          const original = events.find((one) => one.event_id === event.event_id)!;
          expect(Date.parse(event.end) - Date.parse(event.start)).toBe(Date.parse(original.end) - Date.parse(original.start));
          expect(event.reason).toEqual({ code: 'moved', was: original.start });
        }
        for (const event of unplaced) expect(event.reason).toEqual({ code: 'no_room' });
      }),
    );
  });

  it('moves onto the first free time of the day, one after another', () => {
    const day: PlannerContext = {
      now: '2026-12-07T08:00:00Z',
      timeZone: 'Europe/Berlin',
      range: { from: '2026-12-08T00:00:00+01:00', to: '2026-12-09T00:00:00+01:00' },
      settings: DEFAULT_PLANNING,
      busy: [{ start: '2026-12-08T09:00:00+01:00', end: '2026-12-08T10:00:00+01:00' }],
    };
    const events = [
      { event_id: 'b', title: 'Review', start: '2026-12-07T16:00:00+01:00', end: '2026-12-07T19:00:00+01:00' },
      { event_id: 'a', title: 'Call', start: '2026-12-07T15:00:00+01:00', end: '2026-12-07T15:30:00+01:00' },
      { event_id: 'c', title: 'Workshop', start: '2026-12-07T17:00:00+01:00', end: '2026-12-08T01:00:00+01:00' },
    ];
    expect(rescheduleEvents(day, events)).toEqual({
      moved: [
        {
          event_id: 'a',
          title: 'Call',
          start: '2026-12-08T09:15:00.000Z',
          end: '2026-12-08T09:45:00.000Z',
          reason: { code: 'moved', was: '2026-12-07T15:00:00+01:00' },
        },
        {
          event_id: 'b',
          title: 'Review',
          start: '2026-12-08T12:00:00.000Z',
          end: '2026-12-08T15:00:00.000Z',
          reason: { code: 'moved', was: '2026-12-07T16:00:00+01:00' },
        },
      ],
      unplaced: [{ event_id: 'c', title: 'Workshop', reason: { code: 'no_room' } }],
    });
  });
});

describe('worked plans', () => {
  const week: PlannerContext = {
    // Monday 7 December 2026, 08:00 in Berlin.
    now: '2026-12-07T07:00:00Z',
    timeZone: 'Europe/Berlin',
    range: { from: '2026-12-07T00:00:00+01:00', to: '2026-12-14T00:00:00+01:00' },
    settings: DEFAULT_PLANNING,
    busy: [],
  };
  const task = (fields: Partial<PlannableTask> & { id: string }): PlannableTask => ({
    title: fields.id,
    priority: 'medium',
    status: 'pending',
    due_date: null,
    estimate_minutes: null,
    ...fields,
  });
  /** Busy all of each working day from Monday, for `days` days. */
  const fullDays = (days: number): BusyTime[] =>
    Array.from({ length: days }, (_, index) => {
      const day = String(7 + index).padStart(2, '0');
      return { start: `2026-12-${day}T08:00:00+01:00`, end: `2026-12-${day}T18:00:00+01:00` };
    });

  it('places a task due Friday before Friday, saying so, and reports one that cannot make it', () => {
    const plan = planTasks({ ...week, busy: fullDays(3) }, [
      task({ id: 'report', estimate_minutes: 120, due_date: '2026-12-11T00:00:00+01:00' }),
      task({ id: 'slides', estimate_minutes: 240, due_date: '2026-12-11T00:00:00+01:00', priority: 'low' }),
      task({ id: 'essay', estimate_minutes: 240, due_date: '2026-12-09T00:00:00+01:00' }),
    ]);
    expect(plan.blocks).toEqual([
      {
        task_id: 'report',
        title: 'report',
        start: '2026-12-10T08:00:00.000Z',
        end: '2026-12-10T10:00:00.000Z',
        reason: { code: 'before_due', due: '2026-12-11T00:00:00+01:00' },
      },
      {
        task_id: 'slides',
        title: 'slides',
        start: '2026-12-10T12:00:00.000Z',
        end: '2026-12-10T16:00:00.000Z',
        reason: { code: 'before_due', due: '2026-12-11T00:00:00+01:00' },
      },
    ]);
    expect(plan.unplaced).toEqual([{ task_id: 'essay', title: 'essay', reason: { code: 'no_room_before_due', due: '2026-12-09T00:00:00+01:00' } }]);
  });

  it('reads a due date without a time of day as due by the end of that day, and one with a time by that time', () => {
    expect(new Date(dueBy('2026-12-11T00:00:00+01:00', 'Europe/Berlin')).toISOString()).toBe('2026-12-11T23:00:00.000Z');
    expect(new Date(dueBy('2026-12-11T15:00:00+01:00', 'Europe/Berlin')).toISOString()).toBe('2026-12-11T14:00:00.000Z');
    const today = planTasks({ ...week, now: '2026-12-07T08:00:00Z' }, [task({ id: 'today', estimate_minutes: 60, due_date: '2026-12-07T00:00:00+01:00' })]);
    expect(today.blocks.map(({ start, reason }) => ({ start, reason: reason.code }))).toEqual([{ start: '2026-12-07T08:00:00.000Z', reason: 'before_due' }]);
  });

  it('keeps working hours on the clock across a change to summer time', () => {
    const everyDay = { start: '09:00', end: '17:00' };
    const plan = planTasks(
      {
        now: '2027-03-26T12:00:00Z',
        timeZone: 'Europe/Berlin',
        range: { from: '2027-03-27T00:00:00+01:00', to: '2027-03-29T00:00:00+02:00' },
        settings: {
          ...DEFAULT_PLANNING,
          working_hours: Object.fromEntries(WEEKDAYS.map((day) => [day, everyDay])) as PlanningSettings['working_hours'],
          lunch_break: null,
        },
        busy: [],
      },
      [task({ id: 'saturday', estimate_minutes: 480, priority: 'high' }), task({ id: 'sunday', estimate_minutes: 480 })],
      {},
    );
    expect(plan.blocks.map(({ task_id, start, end }) => ({ task_id, start, end }))).toEqual([
      { task_id: 'saturday', start: '2027-03-27T08:00:00.000Z', end: '2027-03-27T16:00:00.000Z' },
      { task_id: 'sunday', start: '2027-03-28T07:00:00.000Z', end: '2027-03-28T15:00:00.000Z' },
    ]);
  });

  it('orders by priority, then the earlier due, then title, and answers the blocks in the order of the day', () => {
    const plan = planTasks(week, [
      task({ id: 'c', title: 'B low', priority: 'low' }),
      task({ id: 'b', title: 'A medium later', due_date: '2026-12-12T00:00:00+01:00' }),
      task({ id: 'a', title: 'Z medium sooner', due_date: '2026-12-11T00:00:00+01:00' }),
      task({ id: 'd', title: 'High', priority: 'high' }),
    ]);
    expect(plan.blocks.map((block) => [block.task_id, block.start.slice(11, 16), block.reason.code])).toEqual([
      ['d', '08:00', 'high_priority'],
      ['a', '09:15', 'before_due'],
      ['b', '12:00', 'before_due'],
      ['c', '13:15', 'first_free'],
    ]);
  });

  it('says when a stretch was the only one long enough, and why the others found no room', () => {
    const busy: BusyTime[] = [...fullDays(4), { start: '2026-12-11T08:00:00+01:00', end: '2026-12-11T14:00:00+01:00' }];
    const plan = planTasks({ ...week, busy }, [
      task({ id: 'long', estimate_minutes: 150 }),
      task({ id: 'longer', estimate_minutes: 600 }),
      task({ id: 'late', due_date: '2026-12-06T00:00:00+01:00' }),
      task({ id: 'done', status: 'completed' }),
      task({ id: 'other', estimate_minutes: 150 }),
    ]);
    expect(plan.blocks).toEqual([
      { task_id: 'long', title: 'long', start: '2026-12-11T13:15:00.000Z', end: '2026-12-11T15:45:00.000Z', reason: { code: 'only_slot', minutes: 150 } },
    ]);
    expect(plan.unplaced).toEqual([
      { task_id: 'late', title: 'late', reason: { code: 'due_passed', due: '2026-12-06T00:00:00+01:00' } },
      { task_id: 'longer', title: 'longer', reason: { code: 'too_long', minutes: 600 } },
      { task_id: 'other', title: 'other', reason: { code: 'no_room' } },
    ]);
  });

  it('leaves out a task with a block to come and offers again one whose block passed', () => {
    const plan = planTasks(
      {
        ...week,
        busy: [
          { start: '2026-12-07T14:00:00+01:00', end: '2026-12-07T15:00:00+01:00', task_id: 'planned' },
          { start: '2026-12-04T10:00:00+01:00', end: '2026-12-04T11:00:00+01:00', task_id: 'missed' },
        ],
      },
      [task({ id: 'planned' }), task({ id: 'missed' })],
    );
    expect(plan).toEqual({
      blocks: [
        {
          task_id: 'missed',
          title: 'missed',
          start: '2026-12-07T08:00:00.000Z',
          end: '2026-12-07T09:00:00.000Z',
          reason: { code: 'missed_block', was: '2026-12-04T10:00:00+01:00' },
        },
      ],
      unplaced: [],
    });
  });

  it('proposes at most a plan’s blocks and considers at most its tasks', () => {
    const many = Array.from({ length: PLANNING_LIMITS.tasksConsidered + 10 }, (_, index) =>
      task({ id: `t${String(index).padStart(3, '0')}`, estimate_minutes: 15 }),
    );
    const plan = planTasks(week, many, {});
    expect(plan.blocks).toHaveLength(PLANNING_LIMITS.blocksPerPlan);
    expect(plan.unplaced).toHaveLength(PLANNING_LIMITS.tasksConsidered - PLANNING_LIMITS.blocksPerPlan);
    expect(new Set(plan.unplaced.map((one) => one.reason.code))).toEqual(new Set(['no_room']));
  });

  it('uses the length asked for over the estimate', () => {
    const plan = planTasks(week, [task({ id: 'a', estimate_minutes: 30 })], { minutes: 90 });
    expect(plan.blocks[0]).toMatchObject({ start: '2026-12-07T08:00:00.000Z', end: '2026-12-07T09:30:00.000Z' });
  });
});
