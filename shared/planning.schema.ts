import { z } from 'zod';
import { isoDateTime } from './dates.schema';
import { itemId } from './item-fields.schema';
import { PLAN_REASON_CODES, PLANNING_LIMITS, PLANNING_MESSAGES } from './planning';
import { TASK_PRIORITIES } from './tasks';
import { WEEKDAYS } from './weekdays';

/** A time of day, 'HH:MM', 00:00 to 23:59 (an end of 24:00 is 23:59: a minute is not worth a second format). */
export const TimeOfDaySchema = z.string({ error: PLANNING_MESSAGES.timeFormat }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, PLANNING_MESSAGES.timeFormat);

const hoursOf = (orderMessage: string) =>
  z.strictObject({ start: TimeOfDaySchema, end: TimeOfDaySchema }).refine(({ start, end }) => end > start, { message: orderMessage, path: ['end'] });

export const DayHoursSchema = hoursOf(PLANNING_MESSAGES.hoursOrder);
/** Each weekday's hours, or null for a day off. */
export const WorkingHoursSchema = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, DayHoursSchema.nullable()])) as Record<(typeof WEEKDAYS)[number], z.ZodNullable<typeof DayHoursSchema>>,
);

const minutesIn = ({ min, max }: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** The settings the planner reads (shared/settings.schema.ts holds them with the rest). */
export const planningSettingsFields = {
  working_hours: WorkingHoursSchema,
  lunch_break: hoursOf(PLANNING_MESSAGES.lunchOrder).nullable(),
  plan_buffer_minutes: minutesIn(PLANNING_LIMITS.bufferMinutes, PLANNING_MESSAGES.bufferRange),
  default_task_minutes: minutesIn(PLANNING_LIMITS.defaultTaskMinutes, PLANNING_MESSAGES.defaultTaskRange),
};

/** A task's estimate in minutes. */
export const EstimateSchema = minutesIn(PLANNING_LIMITS.estimateMinutes, PLANNING_MESSAGES.estimateRange);

export const PlanReasonSchema = z.object({
  code: z.enum(PLAN_REASON_CODES),
  due: isoDateTime.optional(),
  was: isoDateTime.optional(),
  minutes: z.int().optional(),
});

const rangeFields = {
  from: isoDateTime.describe('Start of the range, ISO 8601 with offset, e.g. 2026-05-01T00:00:00+02:00'),
  to: isoDateTime.describe('End of the range, ISO 8601 with offset, e.g. 2026-05-02T00:00:00+02:00'),
};

type Range = { from: string; to: string };
const lengthMs = ({ from, to }: Range) => Date.parse(to) - Date.parse(from);

/** A tool's parameters over a range of time: instants with offsets, the end after the start, at most `maxDays` apart. */
const overRange = <S extends z.ZodRawShape>(shape: S, maxDays: number, tooLong: string) =>
  z
    .strictObject({ ...rangeFields, ...shape })
    .refine((range) => lengthMs(range as Range) > 0, { message: PLANNING_MESSAGES.rangeOrder, path: ['to'] })
    .refine((range) => lengthMs(range as Range) <= maxDays * 86_400_000, { message: tooLong, path: ['to'] });

/** getSchedule: what is on in a range. */
export const ScheduleQuerySchema = overRange({}, PLANNING_LIMITS.scheduleDays, PLANNING_MESSAGES.scheduleTooLong);

/** findFreeTime: free stretches of at least `minutes` within working hours. */
export const FreeTimeQuerySchema = overRange(
  { minutes: EstimateSchema.describe('The length needed, in minutes') },
  PLANNING_LIMITS.scheduleDays,
  PLANNING_MESSAGES.scheduleTooLong,
);

const tasksNamed = z.array(itemId).min(1).max(PLANNING_LIMITS.tasksNamed);

/** planTasks: proposes blocks for open tasks, nothing saved until accepted. */
export const PlanQuerySchema = overRange(
  {
    task_ids: tasksNamed.optional().describe('Only these tasks (ids from listTasks); leave it out for all open tasks'),
    priorities: z.array(z.enum(TASK_PRIORITIES)).min(1).max(3).optional().describe('Only tasks of these priorities'),
    minutes: EstimateSchema.optional().describe("The length of each block, in minutes, when the person says it; leave it out for each task's estimate"),
  },
  PLANNING_LIMITS.planDays,
  PLANNING_MESSAGES.planTooLong,
);

/** rescheduleEvents: proposes moving the timed events that start in a range onto free time of another day. */
export const RescheduleQuerySchema = overRange(
  { onto_date: z.iso.date().describe('The day to move them to, YYYY-MM-DD in the user’s time zone') },
  PLANNING_LIMITS.scheduleDays,
  PLANNING_MESSAGES.scheduleTooLong,
);

/** answerProposal: the person's yes or no to a plan (or to held moves to the trash), by voice. */
export const ProposalAnswerSchema = z.strictObject({
  change_set_id: itemId.describe('The change_set_id of the plan'),
  accept: z.boolean().describe('true to write the plan, false to drop it'),
  positions: z
    .array(z.int().min(1).max(PLANNING_LIMITS.blocksPerPlan))
    .min(1)
    .max(PLANNING_LIMITS.blocksPerPlan)
    .optional()
    .describe('Only these blocks, by their position in the plan (1 is the first); the rest are dropped. Leave it out for all'),
});

/** POST /api/planning/plans: the Plan my day (or week) button. */
export const PlanButtonSchema = z.strictObject({ scope: z.enum(['day', 'week'], { error: 'Plan a day or a week' }) });

const said = z.string();

/** What getSchedule answers. */
export const ScheduleResultSchema = z.object({
  from: isoDateTime,
  to: isoDateTime,
  events: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      start_time: isoDateTime,
      end_time: isoDateTime,
      all_day: z.boolean(),
      from_google: z.boolean(),
      task_id: z.string().nullable(),
      said,
    }),
  ),
  tasks_due: z.array(
    z.object({ id: z.string(), title: z.string(), due_date: isoDateTime, priority: z.enum(TASK_PRIORITIES), estimate_minutes: z.int().nullable(), said }),
  ),
  /** Minutes within working hours that are busy, and free, over the range. */
  busy_minutes: z.int(),
  free_minutes: z.int(),
  /** The first free stretches (at least the grid's length). */
  free: z.array(z.object({ start: isoDateTime, end: isoDateTime, minutes: z.int(), said })),
  /** Set when the lists were cut at their limits. */
  more: z.boolean(),
});

/** What findFreeTime answers. */
export const FreeTimeResultSchema = z.object({ slots: z.array(z.object({ start: isoDateTime, end: isoDateTime, minutes: z.int(), said })) });

/** What planTasks and rescheduleEvents answer: a proposal waiting for the person, every block with its reason in words. */
export const ProposalResultSchema = z.object({
  change_set_id: z.string(),
  awaiting_confirmation: z.boolean(),
  message: z.string(),
  blocks: z.array(
    z.object({
      position: z.int(),
      title: z.string(),
      task_id: z.string().nullable(),
      start_time: isoDateTime,
      end_time: isoDateTime,
      said,
      reason: z.string(),
    }),
  ),
  unplaced: z.array(z.object({ title: z.string(), reason: z.string() })),
});

/** What answerProposal answers. */
export const ProposalAnswerResultSchema = z.object({
  change_set_id: z.string(),
  applied: z.int(),
  declined: z.int(),
  failed: z.array(z.object({ title: z.string(), reason: z.string() })),
});
