import { TOOL_CALL_MESSAGES } from '../../shared/tool-calls';
import type { ToolCall, ToolCallRequest } from '../../shared/tool-calls.schema';
import { publish } from '../platform/bus';
import { now } from '../platform/clock';
import { currentTraceHeaders, reportError } from '../platform/error-reporting';
import { log } from '../platform/log';
import { changeSetIdOf } from './change-sets';
import { processToolCall } from './process-tool-call';
import { finishToolCall, getToolCall, insertToolCall } from './tool-calls.repository';

/**
 * Logs a client tool call as pending, in its turn's change set, and puts it on the bus for the
 * processor. The same tool_call_id again answers the call already logged (in the change set it was
 * first logged in, also when the agent repeats it after a reconnection), and nothing is queued twice.
 */
export async function logToolCall(userId: string, request: ToolCallRequest, receivedAt: Date): Promise<ToolCall> {
  const call = pendingToolCall(userId, request, receivedAt);
  if (!(await insertToolCall(call))) {
    const logged = await getToolCall(userId, call.id);
    if (!logged) throw new Error(`tool call ${call.id} was logged and is gone`);
    return logged;
  }
  try {
    await publish('toolcall.requested', { userId, toolCallId: call.id, toolName: call.tool_name, occurredAt: call.created_at, trace: currentTraceHeaders() });
    return call;
  } catch (error) {
    // Without the bus nobody would ever run it: say so now, instead of leaving it pending.
    log.error('tool call not queued', { userId, toolCallId: call.id, error });
    await reportError(error);
    return (await finishToolCall(userId, call.id, { status: 'error', error_message: TOOL_CALL_MESSAGES.notQueued, lines: [] }, now())) ?? call;
  }
}

/**
 * Logs a call and runs it at once, for a caller that waits for its result (the MCP server): logged,
 * run and put in its turn's change set as a call the processor takes from the bus, with no bus
 * delivery. Answers the finished call.
 */
export async function runToolCallNow(userId: string, request: ToolCallRequest, receivedAt: Date, options: { madeBy?: string }): Promise<ToolCall> {
  const call = pendingToolCall(userId, request, receivedAt);
  if (!(await insertToolCall(call))) throw new Error(`tool call ${call.id} was logged already`);
  const finished = await processToolCall(userId, call.id, options);
  if (!finished) throw new Error(`tool call ${call.id} was finished by another run`);
  return finished;
}

/** A call as logged, before anything ran: pending, in its turn's change set. */
function pendingToolCall(userId: string, request: ToolCallRequest, receivedAt: Date): ToolCall {
  const at = receivedAt.toISOString();
  return {
    id: request.tool_call_id,
    user_id: userId,
    conversation_id: request.conversation_id,
    tool_name: request.tool_name,
    tool_args: request.parameters,
    turn: request.turn,
    change_set_id: changeSetIdOf(userId, request.conversation_id, request.turn),
    sequence: request.sequence ?? null,
    status: 'pending',
    result: null,
    error_message: null,
    undone_at: null,
    created_at: at,
    updated_at: at,
  };
}
