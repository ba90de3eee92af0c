import { PRIORITY_WEIGHT } from './constants';
import { PLANNING_LIMITS, type DayHours, type PlanningSettings, type PlanReason } from './planning';
import type { TaskPriority, TaskStatus } from './tasks';
import { WEEKDAYS, type Weekday } from './weekdays';
import { addDays, zonedInstant, zonedParts, type Day } from './zoned-time';

/**
 * The planner: a pure function of the person's items, settings and "now" (no clock, no I/O), so its
 * rules are tested once and the assistant's tools and the Plan my day button share it.
 */

/** Time taken: a timed event (an occurrence of a series is one), or a planned block (`task_id`). */
export interface BusyTime {
  start: string;
  end: string;
  /** The event's id (an occurrence: its series'), for a reschedule. */
  event_id?: string;
  title?: string;
  /** Set on a planned block: the task it is time for. */
  task_id?: string | null;
}

export interface PlannableTask {
  id: string;
  title: string;
  priority: TaskPriority;
  status: TaskStatus;
  due_date: string | null;
  estimate_minutes: number | null;
}

export interface PlannerContext {
  /** An instant; nothing is planned before it. */
  now: string;
  timeZone: string;
  range: { from: string; to: string };
  settings: PlanningSettings;
  busy: readonly BusyTime[];
}

export interface FreeSlot {
  start: string;
  end: string;
  minutes: number;
}

export interface PlannedBlock {
  task_id: string;
  title: string;
  start: string;
  end: string;
  reason: PlanReason;
}

export interface UnplacedTask {
  task_id: string;
  title: string;
  reason: PlanReason;
}

export interface Plan {
  blocks: PlannedBlock[];
  unplaced: UnplacedTask[];
}

const MINUTE_MS = 60_000;
const GRID_MS = PLANNING_LIMITS.gridMinutes * MINUTE_MS;
/** The calendar days of the longest range read (a month's schedule reaches one more day across midnight). */
const DAYS_READ = PLANNING_LIMITS.scheduleDays + 1;

/** A stretch of time in epoch milliseconds. */
interface Stretch {
  start: number;
  end: number;
}
/** Free time, with the first start on the grid in it. */
interface FreeStretch extends Stretch {
  aligned: number;
}

const iso = (instant: number) => new Date(instant).toISOString();
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const weekdayOf = (day: Day): Weekday => WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** A day's working stretches as minutes of the day: its hours less the lunch break. */
function workingMinutes(hours: DayHours | null, lunch: DayHours | null): Array<[number, number]> {
  if (!hours) return [];
  const [start, end] = [minutesOf(hours.start), minutesOf(hours.end)];
  if (!lunch) return [[start, end]];
  const pieces: Array<[number, number]> = [
    [start, Math.min(end, minutesOf(lunch.start))],
    [Math.max(start, minutesOf(lunch.end)), end],
  ];
  return pieces.filter(([from, to]) => to > from);
}

/** The longest working stretch of any weekday, in minutes: a task longer than it fits no day. */
function longestWorkingMinutes(settings: PlanningSettings): number {
  const lengths = WEEKDAYS.flatMap((day) => workingMinutes(settings.working_hours[day], settings.lunch_break).map(([start, end]) => end - start));
  return Math.max(0, ...lengths);
}

/**
 * The instant a working stretch starts: a start the clock skips (a daylight-saving change) begins
 * after the change, as late as it would have been before it, never in time that is not working time.
 */
function startInstant(day: Day, minutes: number, timeZone: string): number {
  const instant = zonedInstant(day, minutes, timeZone).getTime();
  const shown = zonedParts(new Date(instant), timeZone);
  return shown.day === day && shown.minutes < minutes ? instant + (minutes - shown.minutes) * MINUTE_MS : instant;
}

/** The first start on the grid at or after an instant, the grid counted on the person's clock. */
function alignUp(instant: number, timeZone: string): number {
  const { day, minutes } = zonedParts(new Date(instant), timeZone);
  const offset = Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE_MS - (instant - (instant % MINUTE_MS));
  return Math.ceil((instant + offset) / GRID_MS) * GRID_MS - offset;
}

/** Working time from `from` to `to`, day by day in the person's zone, in time order. */
function workingStretches({ settings, timeZone }: PlannerContext, from: number, to: number): Stretch[] {
  const stretches: Stretch[] = [];
  if (!(to > from)) return stretches;
  const lastDay = zonedParts(new Date(to - 1), timeZone).day;
  let day = zonedParts(new Date(from), timeZone).day;
  for (let read = 0; read < DAYS_READ && day <= lastDay; read += 1, day = addDays(day, 1)) {
    for (const [start, end] of workingMinutes(settings.working_hours[weekdayOf(day)], settings.lunch_break)) {
      const stretch = { start: Math.max(from, startInstant(day, start, timeZone)), end: Math.min(to, zonedInstant(day, end, timeZone).getTime()) };
      if (stretch.end > stretch.start) stretches.push(stretch);
    }
  }
  return stretches;
}

/** Busy time reaching into `from`..`to`, widened by the buffer, merged, in time order. */
function takenStretches(busy: readonly BusyTime[], buffer: number, from: number, to: number): Stretch[] {
  const widened = busy
    .map((time) => ({ start: Date.parse(time.start) - buffer, end: Date.parse(time.end) + buffer }))
    .filter(({ start, end }) => end > from && start < to)
    .sort((one, other) => one.start - other.start);
  const merged: Stretch[] = [];
  for (const stretch of widened) {
    const last = merged.at(-1);
    if (last && stretch.start <= last.end) last.end = Math.max(last.end, stretch.end);
    else merged.push({ ...stretch });
  }
  return merged;
}

/** `stretches` less `taken`, both in time order, `taken` merged. */
function without(stretches: readonly Stretch[], taken: readonly Stretch[]): Stretch[] {
  const left: Stretch[] = [];
  let first = 0;
  for (const stretch of stretches) {
    while (first < taken.length && taken[first]!.end <= stretch.start) first += 1;
    let start = stretch.start;
    for (let index = first; index < taken.length && taken[index]!.start < stretch.end; index += 1) {
      if (taken[index]!.start > start) left.push({ start, end: taken[index]!.start });
      start = Math.max(start, taken[index]!.end);
    }
    if (stretch.end > start) left.push({ start, end: stretch.end });
  }
  return left;
}

/** The free time of a context, taken block by block as a plan places them. */
function openSchedule(context: PlannerContext) {
  const from = Math.max(Date.parse(context.now), Date.parse(context.range.from));
  const to = Date.parse(context.range.to);
  const buffer = context.settings.plan_buffer_minutes * MINUTE_MS;
  const aligned = (stretches: Stretch[]): FreeStretch[] => stretches.map((stretch) => ({ ...stretch, aligned: alignUp(stretch.start, context.timeZone) }));
  let free = aligned(without(workingStretches(context, from, to), takenStretches(context.busy, buffer, from, to)));
  const fits = (stretch: FreeStretch, length: number, deadline: number) => stretch.aligned + length <= Math.min(stretch.end, deadline);
  return {
    to,
    free: () => free,
    /** The earliest free stretch where `length` fits whole, ending by `deadline`. */
    first: (length: number, deadline: number) => free.find((stretch) => fits(stretch, length, deadline)),
    /** Whether `stretch` is the only one `length` fits in by `deadline`. */
    isOnlyFit: (stretch: FreeStretch, length: number, deadline: number) => !free.some((other) => other !== stretch && fits(other, length, deadline)),
    /** A placed block: busy, with the buffer, for the ones after it. */
    take: (start: number, end: number) => {
      const taken = { start: start - buffer, end: end + buffer };
      free = free.flatMap((stretch) => (stretch.end <= taken.start || stretch.start >= taken.end ? [stretch] : aligned(without([stretch], [taken]))));
    },
  };
}

/**
 * Free stretches of at least `minutes` within working hours, outside lunch and busy time (with the
 * buffer), from the later of now and the range's start, each starting on the grid, in time order.
 */
export function freeSlots(context: PlannerContext, minutes: number): FreeSlot[] {
  return openSchedule(context)
    .free()
    .filter((stretch) => stretch.end - stretch.aligned >= minutes * MINUTE_MS)
    .map((stretch) => ({ start: iso(stretch.aligned), end: iso(stretch.end), minutes: Math.floor((stretch.end - stretch.aligned) / MINUTE_MS) }));
}

/**
 * When a task must be done by: a due date without a time of day (midnight in the person's zone, as
 * the date field saves one) is due by the end of that day; one with a time, by that time.
 */
export function dueBy(dueDate: string, timeZone: string): number {
  const { day, minutes } = zonedParts(dueDate, timeZone);
  return minutes === 0 ? zonedInstant(addDays(day, 1), 0, timeZone).getTime() : Date.parse(dueDate);
}

/** Higher priority first, then the earlier due (none last), then title and id, so any order of the same tasks plans alike. */
function byUrgency(one: PlannableTask, other: PlannableTask): number {
  const due = (task: PlannableTask) => (task.due_date === null ? Infinity : Date.parse(task.due_date));
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return PRIORITY_WEIGHT[other.priority] - PRIORITY_WEIGHT[one.priority] || due(one) - due(other) || text(one.title, other.title) || text(one.id, other.id);
}

/** The tasks with a block still to come, and for the others the start of their latest block that passed. */
function blocksOfTasks(busy: readonly BusyTime[], now: number): { planned: Set<string>; missed: Map<string, string> } {
  const planned = new Set<string>();
  const missed = new Map<string, string>();
  for (const time of busy) {
    if (!time.task_id) continue;
    const latest = missed.get(time.task_id);
    if (Date.parse(time.end) > now) planned.add(time.task_id);
    else if (latest === undefined || Date.parse(time.start) > Date.parse(latest)) missed.set(time.task_id, time.start);
  }
  return { planned, missed };
}

/**
 * Blocks for the open tasks, placed most urgent first, each at the earliest free start where it fits
 * whole before its due time, each with its reason, answered in time order; the ones that fit nowhere,
 * with why, most urgent first. A task with a block still to come in `busy` is left out; one whose
 * block passed with the task still open is offered again, so `busy` holds the task blocks from before
 * the range too (busy time outside it costs nothing). The tasks past the first `tasksConsidered` by
 * urgency are not answered at all.
 */
export function planTasks(context: PlannerContext, tasks: readonly PlannableTask[], options: { minutes?: number } = {}): Plan {
  const now = Date.parse(context.now);
  const rangeStart = Date.parse(context.range.from);
  const schedule = openSchedule(context);
  const { planned, missed } = blocksOfTasks(context.busy, now);
  const longest = longestWorkingMinutes(context.settings);
  const plan: Plan = { blocks: [], unplaced: [] };
  const open = tasks
    .filter((task) => task.status !== 'completed' && !planned.has(task.id))
    .sort(byUrgency)
    .slice(0, PLANNING_LIMITS.tasksConsidered);
  for (const task of open) {
    const minutes = options.minutes ?? task.estimate_minutes ?? context.settings.default_task_minutes;
    const length = minutes * MINUTE_MS;
    const due = task.due_date ?? undefined;
    const dueAt = due === undefined ? Infinity : dueBy(due, context.timeZone);
    const dueInRange = dueAt <= schedule.to;
    const deadline = Math.min(dueAt, schedule.to);
    const unplaced = (reason: PlanReason) => plan.unplaced.push({ task_id: task.id, title: task.title, reason });
    if (dueAt < rangeStart || dueAt < now) unplaced({ code: 'due_passed', due });
    else if (minutes > longest) unplaced({ code: 'too_long', minutes });
    else if (plan.blocks.length >= PLANNING_LIMITS.blocksPerPlan) unplaced({ code: 'no_room' });
    else {
      const slot = schedule.first(length, deadline);
      if (!slot) unplaced(dueInRange ? { code: 'no_room_before_due', due } : { code: 'no_room' });
      else {
        const was = missed.get(task.id);
        const reason: PlanReason =
          was !== undefined
            ? { code: 'missed_block', was }
            : dueInRange
              ? { code: 'before_due', due }
              : schedule.isOnlyFit(slot, length, deadline)
                ? { code: 'only_slot', minutes }
                : { code: task.priority === 'high' ? 'high_priority' : 'first_free' };
        plan.blocks.push({ task_id: task.id, title: task.title, start: iso(slot.aligned), end: iso(slot.aligned + length), reason });
        schedule.take(slot.aligned, slot.aligned + length);
      }
    }
  }
  // Shown and read out in the order of the day.
  plan.blocks.sort((one, other) => Date.parse(one.start) - Date.parse(other.start));
  return plan;
}

export interface MovedEvent {
  event_id: string;
  title: string;
  start: string;
  end: string;
  reason: PlanReason;
}

/**
 * Places the events (in start order, each keeping its length) at the earliest free time of the
 * context's range (the target day), each moved one then busy for the next; the ones that fit nowhere,
 * with why. `context.busy` must not hold the events being moved: they would stand in their own way.
 */
export function rescheduleEvents(
  context: PlannerContext,
  events: readonly BusyTime[],
): { moved: MovedEvent[]; unplaced: Array<{ event_id: string; title: string; reason: PlanReason }> } {
  const schedule = openSchedule(context);
  const result: ReturnType<typeof rescheduleEvents> = { moved: [], unplaced: [] };
  const ordered = [...events].sort((one, other) => Date.parse(one.start) - Date.parse(other.start));
  for (const event of ordered) {
    const [event_id, title] = [event.event_id ?? '', event.title ?? ''];
    const length = Date.parse(event.end) - Date.parse(event.start);
    const slot = result.moved.length < PLANNING_LIMITS.blocksPerPlan ? schedule.first(length, schedule.to) : undefined;
    if (!slot) result.unplaced.push({ event_id, title, reason: { code: 'no_room' } });
    else {
      result.moved.push({ event_id, title, start: iso(slot.aligned), end: iso(slot.aligned + length), reason: { code: 'moved', was: event.start } });
      schedule.take(slot.aligned, slot.aligned + length);
    }
  }
  return result;
}
