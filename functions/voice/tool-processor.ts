import { publishAfterSave } from '../platform/bus';
import { now } from '../platform/clock';
import { log } from '../platform/log';
import { changeSetIdOf } from './change-sets';
import { putLines } from './change-sets.repository';
import { runTool } from './run-tool';
import { claimPending, finishToolCall } from './tool-calls.repository';
import type { DetailOf } from '../../events/catalogue';
import { busConsumer } from '../platform/consumer';

/**
 * Bus consumer of toolcall.requested: runs the logged call for the user named in the event (who
 * came from the verified token when the call was logged), saves its lines in its turn's change set,
 * then records success with the result or error with its message, counts the change for pollers
 * and announces toolcall.completed.
 * - The claim makes a repeat harmless, so no idempotency record is kept: a redelivered event finds
 *   the call finished and does nothing; a copy delivered while the first still runs finds it claimed
 *   and fails, so the bus retries it once that one has finished; a run cut off before the call was
 *   marked finished is run again, and a create finds the item it made.
 * - An unexpected failure throws: it is logged and reported (platform/consumer.ts), in the trace of
 *   the request that logged the call; the bus retries, then dead-letters; the call stays pending.
 */
export const handler = busConsumer<'toolcall.requested'>('voice/tool-processor', processToolCall, { repeatsAreHarmless: true });

async function processToolCall({ userId, toolCallId }: DetailOf<'toolcall.requested'>): Promise<void> {
  const startedAt = now();
  const claim = await claimPending(userId, toolCallId, startedAt);
  if (claim.state === 'finished') return;
  if (claim.state === 'busy') throw new Error(`tool call ${toolCallId} is being processed by another delivery`);

  const { call } = claim;
  const changeSetId = call.change_set_id ?? changeSetIdOf(userId, call.conversation_id, call.turn);
  const outcome = await runTool(userId, { ...call, change_set_id: changeSetId }, startedAt);
  if (outcome.status === 'error') log.warn('tool call failed', { userId, toolCallId, toolName: call.tool_name, reason: outcome.error_message });
  // Side by side, so the agent waits for one write, not two. Lines that fail to save after the call
  // finished are reported (the throw below): the change itself stands, without its line to undo it.
  const [, finished] = await Promise.all([putLines(userId, changeSetId, outcome.lines, call.created_at), finishToolCall(userId, toolCallId, outcome, now())]);
  if (!finished) return;
  await publishAfterSave('toolcall.completed', {
    userId,
    toolCallId,
    toolName: finished.tool_name,
    status: outcome.status,
    occurredAt: finished.updated_at,
  });
}
