import type { CalendarEvent } from '../../shared/calendar-events.schema';
import { eventShowings, type EventShowing } from '../../shared/calendar-events';
import { calendarDay } from '../../shared/dates';
import { dueBy, freeSlots, type BusyTime, type FreeSlot, type PlannerContext } from '../../shared/planner';
import { PLANNING_LIMITS, type PlanningSettings } from '../../shared/planning';
import type { FreeTimeResultSchema, ScheduleResultSchema } from '../../shared/planning.schema';
import type { Settings } from '../../shared/settings.schema';
import type { Task } from '../../shared/tasks.schema';
import type { z } from 'zod';
import { listItems } from '../items/service';
import { getSettings } from '../settings/account-settings';
import { saidOf, saidOfSpan, type Person } from '../voice/said';

/**
 * A person's time over a range, as the planning tools read it: their settings, what is on (every
 * occurrence of a series, Google's events among the rest: they are events with a gcal_id) and their
 * open tasks. Three reads whatever the range: the settings, and one Query each for events and tasks.
 */
export interface Schedule {
  person: Settings;
  /** What reaches the range's days in the person's zone, by start: single events and each occurrence of a series. */
  showings: EventShowing[];
  /** Every event, for the planned blocks outside the range (a block that passed, one still to come). */
  events: CalendarEvent[];
  /** The person's live tasks, completed ones included (a task named by id is found among them). */
  tasks: Task[];
}

export interface Range {
  from: string;
  to: string;
}

export async function readSchedule(userId: string, range: Range): Promise<Schedule> {
  const [{ settings }, events, tasks] = await Promise.all([getSettings(userId), listItems(userId, 'events'), listItems(userId, 'tasks')]);
  const timeZone = settings.preferred_timezone;
  const lastDay = calendarDay(new Date(Date.parse(range.to) - 1), timeZone);
  return { person: settings, showings: eventShowings(events, calendarDay(range.from, timeZone), lastDay, timeZone), events, tasks };
}

/**
 * The time the showings take. All-day events take none: they mark a day (a birthday, a holiday, a
 * trip) rather than hours of it, and a day off is the working hours' to say.
 */
export const busyOf = (showings: readonly EventShowing[]): BusyTime[] =>
  showings
    .filter((showing) => !showing.all_day)
    .map((showing) => ({ start: showing.start_time, end: showing.end_time, event_id: showing.id, title: showing.title, task_id: showing.task_id ?? null }));

export const planningSettingsOf = ({ working_hours, lunch_break, plan_buffer_minutes, default_task_minutes }: Settings): PlanningSettings => ({
  working_hours,
  lunch_break,
  plan_buffer_minutes,
  default_task_minutes,
});

export function plannerContext(schedule: Schedule, range: Range, now: Date, busy: readonly BusyTime[] = busyOf(schedule.showings)): PlannerContext {
  return { now: now.toISOString(), timeZone: schedule.person.preferred_timezone, range, settings: planningSettingsOf(schedule.person), busy };
}

const sumOf = (slots: readonly FreeSlot[]) => slots.reduce((sum, slot) => sum + slot.minutes, 0);

/** Free stretches of at least `minutes` from now on, the first PLANNING_LIMITS.slotsAnswered, each in words. */
function freeAnswered(context: PlannerContext, minutes: number, person: Person) {
  const slots = freeSlots(context, minutes);
  return {
    slots: slots.slice(0, PLANNING_LIMITS.slotsAnswered).map((slot) => ({ ...slot, said: saidOfSpan(slot, person) })),
    more: slots.length > PLANNING_LIMITS.slotsAnswered,
  };
}

/** getSchedule: what is on in the range, what is due in it, how busy its working hours are, and the first free time from now. */
export function scheduleResult(schedule: Schedule, range: Range, now: Date): z.infer<typeof ScheduleResultSchema> {
  const { person } = schedule;
  const [from, to] = [Date.parse(range.from), Date.parse(range.to)];
  // The days' showings cover whole days; a timed one counts when it overlaps the range itself.
  const within = schedule.showings.filter((showing) => showing.all_day || (Date.parse(showing.start_time) < to && Date.parse(showing.end_time) > from));
  // Due in the range as the planner reads a due date: one without a time of day is due by the end of its day.
  const dueIn = (dueDate: string) => dueBy(dueDate, person.preferred_timezone) > from && Date.parse(dueDate) < to;
  const due = schedule.tasks
    .filter((task) => task.status !== 'completed' && task.due_date !== null && dueIn(task.due_date))
    .sort((one, other) => Date.parse(one.due_date!) - Date.parse(other.due_date!));
  // Busy and free minutes over the whole range's working hours (past ones too: "how busy is my week"),
  // by the planner's own reading of working time, without the buffer: the week as it stands.
  const context = plannerContext(schedule, range, new Date(from));
  const unbuffered = { ...context, settings: { ...context.settings, plan_buffer_minutes: 0 } };
  const working = sumOf(freeSlots({ ...unbuffered, busy: [] }, PLANNING_LIMITS.gridMinutes));
  const free = sumOf(freeSlots(unbuffered, PLANNING_LIMITS.gridMinutes));
  const upcoming = freeAnswered({ ...context, now: now.toISOString() }, PLANNING_LIMITS.gridMinutes, person);
  return {
    from: range.from,
    to: range.to,
    events: within.slice(0, PLANNING_LIMITS.eventsAnswered).map((showing) => ({
      id: showing.id,
      title: showing.title,
      start_time: showing.start_time,
      end_time: showing.end_time,
      all_day: showing.all_day,
      from_google: showing.gcal_id !== null,
      task_id: showing.task_id ?? null,
      said: saidOfSpan({ start: showing.start_time, end: showing.end_time, allDay: showing.all_day }, person),
    })),
    // Tasks due are answered to the same limit as events: a read the agent can talk about.
    tasks_due: due.slice(0, PLANNING_LIMITS.eventsAnswered).map((task) => ({
      id: task.id,
      title: task.title,
      due_date: task.due_date!,
      priority: task.priority,
      estimate_minutes: task.estimate_minutes ?? null,
      said: saidOf(task, person)!,
    })),
    busy_minutes: working - free,
    free_minutes: free,
    free: upcoming.slots,
    more: within.length > PLANNING_LIMITS.eventsAnswered || due.length > PLANNING_LIMITS.eventsAnswered || upcoming.more,
  };
}

/** findFreeTime: the first free stretches of at least `minutes` in the range, from now on. */
export function freeTimeResult(schedule: Schedule, range: Range, minutes: number, now: Date): z.infer<typeof FreeTimeResultSchema> {
  return { slots: freeAnswered(plannerContext(schedule, range, now), minutes, schedule.person).slots };
}
