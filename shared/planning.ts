import type { Weekday } from './weekdays';

/**
 * Planning with the assistant: the person's working hours, the limits of a plan and of a schedule
 * read, and why a block was placed where it was (or why a task found no room). The planner itself
 * is shared/planner.ts; the texts of the reasons, in the four languages, shared/planning-texts.ts.
 */

/** A time of day in the person's zone, 'HH:MM' (24 h). */
export type TimeOfDay = string;
export interface DayHours {
  start: TimeOfDay;
  end: TimeOfDay;
}
export type WorkingHours = Record<Weekday, DayHours | null>;

/** What the planner reads of the person's settings. */
export interface PlanningSettings {
  working_hours: WorkingHours;
  /** Never planned over; null: no break. */
  lunch_break: DayHours | null;
  /** Kept free before and after every busy event and every block. */
  plan_buffer_minutes: number;
  /** The length of a task without an estimate. */
  default_task_minutes: number;
}

const NINE_TO_FIVE: DayHours = { start: '09:00', end: '17:00' };

/** A working week most people recognise: Monday to Friday 9 to 5, lunch at noon, 10 minutes between blocks, an hour a task. */
export const DEFAULT_PLANNING: PlanningSettings = {
  working_hours: { MO: NINE_TO_FIVE, TU: NINE_TO_FIVE, WE: NINE_TO_FIVE, TH: NINE_TO_FIVE, FR: NINE_TO_FIVE, SA: null, SU: null },
  lunch_break: { start: '12:00', end: '13:00' },
  plan_buffer_minutes: 10,
  default_task_minutes: 60,
};

export const PLANNING_LIMITS = {
  /** A task's estimate, in minutes. */
  estimateMinutes: { min: 5, max: 720 },
  defaultTaskMinutes: { min: 15, max: 480 },
  bufferMinutes: { min: 0, max: 60 },
  /** The longest range the assistant reads a schedule or free time over, in days. */
  scheduleDays: 31,
  /** The longest range one plan covers, in days. */
  planDays: 14,
  /** Blocks one plan proposes (a change set holds 100 lines). */
  blocksPerPlan: 50,
  /** Tasks a plan considers, most urgent first; tasks named in the request, at most. */
  tasksConsidered: 200,
  tasksNamed: 50,
  /** Free slots or events one read answers, first first. */
  slotsAnswered: 20,
  eventsAnswered: 100,
  /** Blocks start on this grid of minutes, in the person's zone. */
  gridMinutes: 15,
} as const;

/** Why a block sits where it does, or why a task found no room: words come from shared/planning-texts.ts. */
export const PLAN_REASON_CODES = [
  /** Placed so it is done before its due time (`due`). */
  'before_due',
  /** The only free time of its length in the range (`minutes`). */
  'only_slot',
  /** High priority: the first free time. */
  'high_priority',
  /** The first free time long enough. */
  'first_free',
  /** Its earlier block (`was`) passed with the task still open. */
  'missed_block',
  /** An event moved as asked, from `was`. */
  'moved',
  /** No room: not before it is due (`due`). */
  'no_room_before_due',
  /** No room in the range at all. */
  'no_room',
  /** Longer (`minutes`) than any working stretch of a day. */
  'too_long',
  /** Due (`due`) before the plan's range starts. */
  'due_passed',
  /** A repeating event's occurrence: moved only on the calendar, one at a time. */
  'repeats',
] as const;
export type PlanReasonCode = (typeof PLAN_REASON_CODES)[number];

export interface PlanReason {
  code: PlanReasonCode;
  /** An instant, for before_due, no_room_before_due and due_passed. */
  due?: string;
  /** An instant, for missed_block and moved: where the block or the event was. */
  was?: string;
  /** A length, for only_slot and too_long. */
  minutes?: number;
}

/** The texts of the planning settings' and the planning tools' own errors. */
export const PLANNING_MESSAGES = {
  timeFormat: 'Times must look like 09:00',
  hoursOrder: 'Working hours must end after they start',
  lunchOrder: 'The lunch break must end after it starts',
  bufferRange: `The buffer must be ${PLANNING_LIMITS.bufferMinutes.min} to ${PLANNING_LIMITS.bufferMinutes.max} minutes`,
  defaultTaskRange: `The default task length must be ${PLANNING_LIMITS.defaultTaskMinutes.min} to ${PLANNING_LIMITS.defaultTaskMinutes.max} minutes`,
  estimateRange: `The estimate must be ${PLANNING_LIMITS.estimateMinutes.min} to ${PLANNING_LIMITS.estimateMinutes.max} minutes`,
  rangeOrder: 'The range must end after it starts',
  scheduleTooLong: `A schedule covers at most ${PLANNING_LIMITS.scheduleDays} days`,
  planTooLong: `A plan covers at most ${PLANNING_LIMITS.planDays} days`,
  nothingToPlan: 'There is no open task to plan in this range',
  nothingToMove: 'There is no timed event to move in this range',
  proposalGone: 'This plan is no longer waiting for an answer',
} as const;

/** What the planning tools tell the agent alone (kept apart, so the screens' texts load without them). */
export const PLANNING_TOOL_MESSAGES = {
  noSuchBlock: (position: number) => `This plan has no block ${position}`,
  /** Beside a plan's blocks: nothing is saved yet, and how the person answers. */
  proposalWaits:
    'Nothing is saved yet: read the blocks and their reasons to the person and ask. They accept or decline on screen, or tell you: then call answerProposal (positions for some blocks only).',
} as const;
