import { useEffect } from 'react';
import useSWR, { mutate } from 'swr';
import { DATA_CACHE_TTL_MS, POLLING_MS } from '../../../../../shared/constants';
import type { ToolCall, ToolCallRequest } from '../../../../../shared/tool-calls.schema';
import { apiRequest } from '../../../lib/api';
import { oneReadAtATime } from '../../../lib/one-read-at-a-time';
import { changeNoticesOpen, counterMovedOrTimeout, onCounterMoved, useChangeNoticesOpen } from '../../../lib/change-watcher';

/** The assistant's tool calls (agent_tool_calls), newest first, at most 50. */
export const TOOL_CALLS_KEY = '/api/voice/tool-calls';

/**
 * How often a logged call is asked for its outcome besides the tool calls' notices (often while
 * their socket is closed, seldom while a lost notice is all a read would catch), and how long the
 * agent is kept waiting for it.
 */
export const RESULT_POLL = { intervalMs: 150, noticesOpenIntervalMs: 1_000, timeoutMs: 20_000 } as const;

/**
 * Read again each time the change notices say the user's tool calls moved. While the change notices'
 * socket is down, polled every POLLING_MS.toolCalls while `calling` or while a call is
 * pending instead; otherwise read again after the cache TTL. Lists are compared by id, status and
 * updated_at, so an unchanged read renders nothing.
 */
export function useToolCalls(calling: boolean) {
  const noticesOpen = useChangeNoticesOpen();
  useEffect(() => onCounterMoved('toolcalls', () => void mutate(TOOL_CALLS_KEY)), []);
  return useSWR(TOOL_CALLS_KEY, callsReadFromNow, {
    refreshInterval: (calls) =>
      !noticesOpen && (calling || calls?.some((call) => call.status === 'pending')) ? POLLING_MS.toolCalls : DATA_CACHE_TTL_MS.toolCalls,
    revalidateOnFocus: false,
    compare: (a, b) => a === b || (a?.length === b?.length && !!a && a.every((call, index) => sameState(call, b![index]!))),
  });
}

/**
 * The newest tool calls, as read after this moment (oneReadAtATime): the list on screen and each
 * call of a turn waiting for its outcome, woken by the same notice, share one read.
 */
const callsReadFromNow = oneReadAtATime(() => apiRequest<{ items: ToolCall[] }>(TOOL_CALLS_KEY, { signedIn: true }).then(({ items }) => items));

function sameState(a: ToolCall, b: ToolCall) {
  return a.id === b.id && a.status === b.status && a.updated_at === b.updated_at && a.undone_at === b.undone_at;
}

/**
 * Logs the agent's request (pending; the same tool_call_id twice is one call). The caller puts the
 * answer in the list; the list is not read again for it, as the log's own change notice brings the
 * next read, shared by the turn's calls.
 */
export async function logToolCall(request: ToolCallRequest): Promise<ToolCall> {
  return apiRequest<ToolCall>(TOOL_CALLS_KEY, { method: 'POST', body: request, signedIn: true });
}

export async function getToolCall(id: string): Promise<ToolCall> {
  return apiRequest<ToolCall>(`${TOOL_CALLS_KEY}/${encodeURIComponent(id)}`, { signedIn: true });
}

/**
 * Reads a logged call until it has finished (or RESULT_POLL.timeoutMs passed: then it answers it
 * pending): each time the tool calls' counter moves, and every RESULT_POLL interval besides, in
 * case a notice is lost or the socket is down. The calls of a turn share each read of the list; a
 * call no longer among the newest is read alone.
 */
export async function awaitToolCall(call: ToolCall): Promise<ToolCall> {
  const deadline = Date.now() + RESULT_POLL.timeoutMs;
  const wake = () => counterMovedOrTimeout('toolcalls', changeNoticesOpen() ? RESULT_POLL.noticesOpenIntervalMs : RESULT_POLL.intervalMs);
  let current = call;
  let woken = wake();
  while (current.status === 'pending' && Date.now() < deadline) {
    await woken;
    // Listening again before the read, so a move while it is under way wakes the next wait at once.
    woken = wake();
    // A missed read is asked again at the next wake.
    const listed = await callsReadFromNow().catch(() => null);
    current = listed?.find((known) => known.id === call.id) ?? (await getToolCall(call.id).catch(() => current));
  }
  return current;
}

/** Reverts a finished create, update or delete; the lists catch up through the change watcher and here. */
export async function undoToolCall(id: string): Promise<ToolCall> {
  const call = await apiRequest<ToolCall>(`${TOOL_CALLS_KEY}/${encodeURIComponent(id)}/undo`, { method: 'POST', signedIn: true });
  void mutate(TOOL_CALLS_KEY);
  return call;
}
