import { toolMeaning, type ToolMeaning } from '../../shared/assistant-tools';
import type { ToolCall } from '../../shared/tool-calls.schema';
import { publishAfterSave } from '../platform/bus';
import { now } from '../platform/clock';
import { log } from '../platform/log';
import { changeSetIdOf } from './change-sets';
import { putLines, recordMadeBy } from './change-sets.repository';
import { runTool } from './run-tool';
import { claimPending, finishToolCall } from './tool-calls.repository';

/** Whether a tool's calls put lines in their turn's change set: the changes and the plans; the reads and the answers do not. */
export const makesChangeSet = (meaning: ToolMeaning | null) => meaning?.does === 'change' || meaning?.does === 'plan';

/**
 * Runs a logged, pending call for `userId` (who came from the verified token when the call was
 * logged): claims it, runs it, saves its lines in its turn's change set, records success with the
 * result or error with its message, and announces toolcall.completed. The voice tool processor runs
 * it from the bus; the MCP server inline, to answer with the result. Answers the call as finished,
 * or undefined when there was nothing to do (finished already).
 * - The claim makes a repeat harmless: a call finished already is left as it is; a call another
 *   run holds throws, so that a bus delivery is retried once that run has finished; a run cut off
 *   before the call was marked finished is run again, and a create finds the item it made.
 * - `madeBy` (an outside assistant's token name) is written on the turn's change set beside the lines.
 */
export async function processToolCall(userId: string, toolCallId: string, options: { madeBy?: string } = {}): Promise<ToolCall | undefined> {
  const startedAt = now();
  const claim = await claimPending(userId, toolCallId, startedAt);
  if (claim.state === 'finished') return undefined;
  if (claim.state === 'busy') throw new Error(`tool call ${toolCallId} is being processed by another delivery`);

  const { call } = claim;
  const changeSetId = call.change_set_id ?? changeSetIdOf(userId, call.conversation_id, call.turn);
  const outcome = await runTool(userId, { ...call, change_set_id: changeSetId }, startedAt);
  if (outcome.status === 'error') log.warn('tool call failed', { userId, toolCallId, toolName: call.tool_name, reason: outcome.error_message });
  // Side by side, so the caller waits for one write, not two. Lines that fail to save after the call
  // finished are reported (the throw): the change itself stands, without its line to undo it.
  const [, finished] = await Promise.all([
    putLines(userId, changeSetId, outcome.lines, call.created_at),
    finishToolCall(userId, toolCallId, outcome, now()),
    options.madeBy && makesChangeSet(toolMeaning(call.tool_name)) ? recordMadeBy(userId, changeSetId, options.madeBy) : undefined,
  ]);
  if (!finished) return undefined;
  await publishAfterSave('toolcall.completed', {
    userId,
    toolCallId,
    toolName: finished.tool_name,
    status: outcome.status,
    occurredAt: finished.updated_at,
  });
  return finished;
}
