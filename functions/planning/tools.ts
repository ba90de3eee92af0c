import type { z } from 'zod';
import type { PlanningToolMeaning } from '../../shared/assistant-tools';
import { VOICE_MESSAGES } from '../../shared/messages';
import { FreeTimeQuerySchema, PlanQuerySchema, ProposalAnswerSchema, RescheduleQuerySchema, ScheduleQuerySchema } from '../../shared/planning.schema';
import type { RunnableCall, runTool } from '../voice/run-tool';
import { answerProposal, openFor, proposeMoves, proposeTaskPlan, type Proposal } from './proposals';
import { freeTimeResult, readSchedule, scheduleResult } from './schedule';

/** How a tool call ends (functions/voice/tool-calls.repository.ts), as the tool runner answers it. */
type Outcome = Awaited<ReturnType<typeof runTool>>;

const failure = (error_message: string): Outcome => ({ status: 'error', error_message, lines: [] });

/** Runs `run` with the call's parameters read by the tool's schema; a bad one fails with the schema's message, for the agent to correct. */
async function withArgs<S extends z.ZodType>(schema: S, call: RunnableCall, run: (args: z.output<S>) => Promise<Outcome>): Promise<Outcome> {
  const parsed = schema.safeParse(call.tool_args);
  return parsed.success ? run(parsed.data) : failure(parsed.error.issues[0]!.message);
}

/**
 * The planning tools for `userId` (from the verified token, via the bus event): getSchedule and
 * findFreeTime read; planTasks and rescheduleEvents propose lines of the turn's change set that
 * wait for the person (functions/planning/proposals.ts); answerProposal is the person's answer by
 * voice. A rule a call breaks is an error outcome with its message, and changes nothing.
 */
export async function runPlanningTool(userId: string, call: RunnableCall, meaning: PlanningToolMeaning, now: Date): Promise<Outcome> {
  switch (meaning.does) {
    case 'read':
      if (meaning.reads === 'schedule') {
        return withArgs(ScheduleQuerySchema, call, async (range) => ({
          status: 'success',
          result: scheduleResult(await readSchedule(userId, range), range, now),
          lines: [],
        }));
      }
      return withArgs(FreeTimeQuerySchema, call, async ({ minutes, ...range }) => ({
        status: 'success',
        result: freeTimeResult(await readSchedule(userId, range), range, minutes, now),
        lines: [],
      }));
    case 'plan':
      if (meaning.plans === 'tasks')
        return withArgs(PlanQuerySchema, call, async (query) => proposed(userId, call, await proposeTaskPlan(userId, call, query, now), 'tasks', now));
      return withArgs(RescheduleQuerySchema, call, async (query) => proposed(userId, call, await proposeMoves(userId, call, query, now), 'moves', now));
    case 'answer':
      return withArgs(ProposalAnswerSchema, call, async (answer) => {
        const answered = await answerProposal(userId, answer, now);
        // The answer changes the plan's own set: this turn's set gets no line of it.
        return typeof answered === 'string' ? failure(answered) : { status: 'success', result: answered, lines: [] };
      });
  }
}

/** The plan's lines, for the processor to save in the turn's change set, once the set has room for them and waits. */
async function proposed(userId: string, call: RunnableCall, made: Proposal | string, plans: 'tasks' | 'moves', now: Date): Promise<Outcome> {
  if (typeof made === 'string') return failure(made);
  if (!(await openFor(userId, call, made, plans, now))) return failure(VOICE_MESSAGES.tooManyChanges);
  return { status: 'success', result: made.result, lines: made.lines };
}
