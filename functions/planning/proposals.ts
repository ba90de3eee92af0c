import { randomUUID } from 'node:crypto';
import type { CalendarEvent } from '../../shared/calendar-events.schema';
import { eventShowings } from '../../shared/calendar-events';
import { CHANGE_SET_MESSAGES, changeLineKey, PLANNER_CONVERSATION } from '../../shared/change-sets';
import type { ChangeSet } from '../../shared/change-sets.schema';
import { calendarDay } from '../../shared/dates';
import { ITEM_SCHEMAS } from '../../shared/item-kinds.schema';
import { VOICE_MESSAGES } from '../../shared/messages';
import { planTasks, rescheduleEvents, type BusyTime, type PlannableTask } from '../../shared/planner';
import { PLANNING_LIMITS, PLANNING_MESSAGES, PLANNING_TOOL_MESSAGES, type PlanReason } from '../../shared/planning';
import type {
  PlanQuerySchema,
  ProposalAnswerResultSchema,
  ProposalAnswerSchema,
  ProposalResultSchema,
  RescheduleQuerySchema,
} from '../../shared/planning.schema';
import { reasonInWords } from '../../shared/planning-texts';
import type { Task } from '../../shared/tasks.schema';
import { itemIdOfToolCall, TOOL_CALL_MESSAGES } from '../../shared/tool-calls';
import { addDays, zonedInstant } from '../../shared/zoned-time';
import type { z } from 'zod';
import { conflict, HttpError } from '../platform/errors';
import { parseWith } from '../platform/http';
import { userTimeZone } from '../settings/account-settings';
import { confirmChangeSet, getChangeSet, linesOf, openProposal, proposedLine, saveLines } from '../voice/change-sets';
import type { RunnableCall } from '../voice/run-tool';
import { saidOfSpan } from '../voice/said';
import { busyOf, plannerContext, readSchedule, type Schedule } from './schedule';

/**
 * Plans as proposals: planned blocks for open tasks (planTasks, the Plan my day button) and moved
 * events (rescheduleEvents) become lines of a change set waiting for the person's yes, each with
 * its reason in words; nothing is written to items, so nothing reaches Google, until they accept
 * (functions/voice/change-sets.ts confirmChangeSet writes them then).
 */

/** What a plan needs of its call: its id (the lines' and the blocks' ids come from it), its place, and its change set. */
export type ProposalCall = Pick<RunnableCall, 'id' | 'sequence' | 'created_at' | 'change_set_id' | 'conversation_id' | 'turn'>;

type ProposalResult = z.infer<typeof ProposalResultSchema>;
type ProposedLine = ReturnType<typeof proposedLine>;
type Unplaced = NonNullable<ChangeSet['unplaced']>;

export interface Proposal {
  lines: ProposedLine[];
  unplaced: Unplaced;
  result: ProposalResult;
}

/**
 * planTasks: blocks for the open tasks (only `task_ids`, or only `priorities`, when given) in free
 * working time of the range. The planner leaves out a task with a block still to come and offers one
 * whose block passed again, so every planned block the person has is busy time it reads. Answers why
 * not, as a message, when there is nothing to plan or a named task is not the person's.
 */
export async function proposeTaskPlan(userId: string, call: ProposalCall, query: z.infer<typeof PlanQuerySchema>, now: Date): Promise<Proposal | string> {
  const schedule = await readSchedule(userId, query);
  const named = query.task_ids && new Set(query.task_ids);
  if (named && [...named].some((id) => !schedule.tasks.some((task) => task.id === id))) return TOOL_CALL_MESSAGES.notFound('task');
  const tasks = schedule.tasks.filter(
    (task) => task.status !== 'completed' && (!named || named.has(task.id)) && (!query.priorities || query.priorities.includes(task.priority)),
  );
  const blocks = schedule.events.flatMap((event): BusyTime[] =>
    event.task_id && !event.recurrence
      ? [{ start: event.start_time, end: event.end_time, event_id: event.id, title: event.title, task_id: event.task_id }]
      : [],
  );
  const context = plannerContext(schedule, { from: query.from, to: query.to }, now, [...busyOf(schedule.showings), ...blocks]);
  const plan = planTasks(context, tasks.map(plannable), { minutes: query.minutes });
  if (plan.blocks.length === 0 && plan.unplaced.length === 0) return PLANNING_MESSAGES.nothingToPlan;
  const at = now.toISOString();
  const lines = plan.blocks.map((block, index) => {
    const fields = parseWith(ITEM_SCHEMAS.events.create, { title: block.title, start_time: block.start, end_time: block.end, task_id: block.task_id });
    const event: CalendarEvent = {
      ...fields,
      id: itemIdOfToolCall(call.id, index),
      user_id: userId,
      created_at: at,
      updated_at: at,
      version: 1,
      deleted_at: null,
      gcal_id: null,
    };
    return proposedLine(call, index, { before: null, after: event, proposal: proposalOf(block, block.task_id), said: saidOfSpan(block, schedule.person) }, now);
  });
  return proposal(call, schedule, lines, plan.unplaced);
}

/**
 * rescheduleEvents: the timed events that start in the range, moved onto free time of `onto_date`
 * (the whole day in the person's zone, from now on when it is today), each keeping its length. A
 * series' occurrence is not moved (it is moved on the calendar, one at a time): it is answered as
 * unplaced, with why.
 */
export async function proposeMoves(userId: string, call: ProposalCall, query: z.infer<typeof RescheduleQuerySchema>, now: Date): Promise<Proposal | string> {
  const schedule = await readSchedule(userId, query);
  const timeZone = schedule.person.preferred_timezone;
  const [from, to] = [Date.parse(query.from), Date.parse(query.to)];
  const moving = schedule.showings.filter((showing) => !showing.all_day && Date.parse(showing.start_time) >= from && Date.parse(showing.start_time) < to);
  if (moving.length === 0) return PLANNING_MESSAGES.nothingToMove;
  const single = moving.filter((showing) => !showing.recurrence);
  const movingIds = new Set(single.map((showing) => showing.id));
  const day = { from: zonedInstant(query.onto_date, 0, timeZone).toISOString(), to: zonedInstant(addDays(query.onto_date, 1), 0, timeZone).toISOString() };
  const busy = busyOf(eventShowings(schedule.events, query.onto_date, query.onto_date, timeZone)).filter((time) => !movingIds.has(time.event_id!));
  const { moved, unplaced } = rescheduleEvents(plannerContext(schedule, day, now, busy), busyOf(single));
  const byId = new Map(schedule.events.map((event) => [event.id, event]));
  const lines = moved.map((move, index) => {
    const before = byId.get(move.event_id)!;
    const after = { ...before, start_time: move.start, end_time: move.end };
    return proposedLine(call, index, { before, after, proposal: proposalOf(move, before.task_id ?? null), said: saidOfSpan(move, schedule.person) }, now);
  });
  // One entry per series, however many of its occurrences the range holds.
  const series = new Map(moving.filter((showing) => showing.recurrence).map((showing) => [showing.id, showing.title]));
  const repeating = [...series].map(([event_id, title]) => ({ event_id, title, reason: { code: 'repeats' } as const }));
  // The set's unplaced entries name the event a reschedule could not move.
  return proposal(
    call,
    schedule,
    lines,
    [...repeating, ...unplaced].map(({ event_id, title, reason }) => ({ task_id: event_id, title, reason })),
  );
}

const plannable = ({ id, title, priority, status, due_date, estimate_minutes }: Task): PlannableTask => ({
  id,
  title,
  priority,
  status,
  due_date,
  estimate_minutes: estimate_minutes ?? null,
});

const proposalOf = (placed: { start: string; end: string; reason: PlanReason }, taskId: string | null) => ({
  task_id: taskId,
  start_time: placed.start,
  end_time: placed.end,
  reason: placed.reason,
});

/** The proposal's answer and lines; what found no room is kept to the plan's limit (on the set's header, as in the answer). */
function proposal(call: ProposalCall, schedule: Schedule, lines: ProposedLine[], allUnplaced: Unplaced): Proposal {
  const { lang, preferred_timezone } = schedule.person;
  const unplaced = allUnplaced.slice(0, PLANNING_LIMITS.blocksPerPlan);
  const inWords = (reason: PlanReason) => reasonInWords(reason, lang, preferred_timezone);
  return {
    lines,
    unplaced,
    result: {
      change_set_id: call.change_set_id,
      awaiting_confirmation: lines.length > 0,
      message: PLANNING_TOOL_MESSAGES.proposalWaits,
      blocks: lines.map((line, index) => ({
        position: index + 1,
        title: line.title,
        task_id: line.proposal!.task_id,
        start_time: line.proposal!.start_time,
        end_time: line.proposal!.end_time,
        said: line.said!,
        reason: inWords(line.proposal!.reason),
      })),
      unplaced: unplaced.map(({ title, reason }) => ({ title, reason: inWords(reason) })),
    },
  };
}

/**
 * Takes room for the proposal's lines in its call's change set and marks the set waiting; a plan of
 * the same tool and turn still waiting is replaced. False when the set is full.
 */
export const openFor = (userId: string, call: ProposalCall, made: Proposal, plans: 'tasks' | 'moves', now: Date) =>
  openProposal(
    userId,
    { id: call.change_set_id, conversation_id: call.conversation_id, turn: call.turn },
    { id: call.id, action: plans === 'tasks' ? 'create' : 'update' },
    made.lines.length,
    made.unplaced,
    now,
  );

/**
 * answerProposal: the person's yes or no, by voice, through the same confirmation as the screen's,
 * to the plans the set holds waiting (its proposed lines; its held moves to the trash when no plan
 * waits): one question answered, the other left waiting. `positions` name blocks of the newest
 * plan as it was read out (first is 1), whatever was answered since: only those still waiting are
 * accepted, the set's other blocks turned down. Answers why not, as a message, when the set is not
 * the person's or waits for nothing.
 */
export async function answerProposal(
  userId: string,
  answer: z.infer<typeof ProposalAnswerSchema>,
  now: Date,
): Promise<z.infer<typeof ProposalAnswerResultSchema> | string> {
  const lines = await linesOf(userId, answer.change_set_id, now);
  if (!lines) return CHANGE_SET_MESSAGES.notFound;
  const waiting = lines.filter((line) => line.status === 'held' || line.status === 'proposed');
  if (waiting.length === 0) return PLANNING_MESSAGES.proposalGone;
  const proposed = waiting.filter((line) => line.status === 'proposed');
  const question = proposed.length > 0 ? proposed : waiting;
  let chosen = question.map(changeLineKey);
  if (answer.positions) {
    const newest = lines.filter((line) => line.proposal).at(-1);
    const plan = newest ? lines.filter((line) => line.tool_call_id === newest.tool_call_id) : [];
    const missing = answer.positions.find((position) => position > plan.length);
    if (missing !== undefined) return PLANNING_TOOL_MESSAGES.noSuchBlock(missing);
    chosen = answer.positions.map((position) => changeLineKey(plan[position - 1]!)).filter((key) => chosen.includes(key));
    if (chosen.length === 0) return PLANNING_MESSAGES.proposalGone;
  }
  let set: ChangeSet;
  try {
    set = await confirmChangeSet(userId, answer.change_set_id, answer.accept, now, chosen);
  } catch (error) {
    // Answered on screen meanwhile.
    if (error instanceof HttpError && error.status === 409) return PLANNING_MESSAGES.proposalGone;
    throw error;
  }
  const asked = new Set(question.map(changeLineKey));
  const answered = set.lines.filter((line) => asked.has(changeLineKey(line)));
  return {
    change_set_id: set.id,
    applied: answered.filter((line) => line.status === 'applied').length,
    declined: answered.filter((line) => line.status === 'declined').length,
    failed: answered.filter((line) => line.status === 'failed').map((line) => ({ title: line.title, reason: line.reason ?? '' })),
  };
}

/**
 * The Plan my day (or week) button: a plan of every open task from now to the end of today (or of
 * Sunday) in the person's zone, as a change set of its own in the 'planner' conversation, waiting
 * for the person as the assistant's plans do. 409 when there is nothing to plan.
 */
export async function planFromButton(userId: string, scope: 'day' | 'week', now: Date): Promise<ChangeSet> {
  const timeZone = await userTimeZone(userId);
  const today = calendarDay(now, timeZone);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  // The day after the range: tomorrow, or the Monday after this week's Sunday.
  const end = addDays(today, scope === 'day' ? 1 : (8 - weekday) % 7 || 7);
  const call: ProposalCall = {
    id: randomUUID(),
    sequence: null,
    created_at: now.toISOString(),
    change_set_id: randomUUID(),
    conversation_id: PLANNER_CONVERSATION,
    turn: 0,
  };
  const made = await proposeTaskPlan(userId, call, { from: now.toISOString(), to: zonedInstant(end, 0, timeZone).toISOString() }, now);
  if (typeof made === 'string') throw conflict(made);
  if (!(await openFor(userId, call, made, 'tasks', now))) throw conflict(VOICE_MESSAGES.tooManyChanges);
  await saveLines(userId, call.change_set_id, made.lines, call.created_at);
  return getChangeSet(userId, call.change_set_id, now);
}
