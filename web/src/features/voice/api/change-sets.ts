import { useEffect } from 'react';
import useSWR, { mutate } from 'swr';
import { POLLING_MS } from '../../../../../shared/constants';
import type { ChangeSet } from '../../../../../shared/change-sets.schema';
import { apiRequest } from '../../../lib/api';
import { onCounterMoved, useChangesPushed } from '../../../lib/change-watcher';
import { TOOL_CALLS_KEY } from './tool-calls';

/** Today's change sets of the assistant (functions/voice/change-sets.ts), newest first. */
const CHANGE_SETS_KEY = '/api/voice/change-sets';

/**
 * Read again each time the tool calls' counter moves (a call logged or finished, a line undone or
 * confirmed, in any tab); polled like the tool calls while a call runs and changes are not pushed.
 */
export function useChangeSets(calling: boolean) {
  const pushed = useChangesPushed();
  useEffect(() => onCounterMoved('toolcalls', () => void mutate(CHANGE_SETS_KEY)), []);
  return useSWR(CHANGE_SETS_KEY, async () => (await apiRequest<{ items: ChangeSet[] }>(CHANGE_SETS_KEY, { signedIn: true })).items, {
    refreshInterval: !pushed && calling ? POLLING_MS.toolCalls : 0,
    revalidateOnFocus: false,
  });
}

/** Puts a set's newest state in the cached list at once, and reads the tool calls again (their toasts say "Undone"). */
function cacheChangeSet(set: ChangeSet): ChangeSet {
  void mutate(CHANGE_SETS_KEY, (sets: ChangeSet[] | undefined) => sets?.map((known) => (known.id === set.id ? set : known)), { revalidate: false });
  void mutate(TOOL_CALLS_KEY);
  return set;
}

/** "Undo all": every change of the set, or none (the ApiError names the lines that could not be undone). */
export async function undoChangeSet(id: string): Promise<ChangeSet> {
  return cacheChangeSet(await apiRequest<ChangeSet>(`${CHANGE_SETS_KEY}/${id}/undo`, { method: 'POST', signedIn: true }));
}

/** The person's answer to the moves to the trash the set holds. */
export async function confirmChangeSet(id: string, apply: boolean): Promise<ChangeSet> {
  return cacheChangeSet(await apiRequest<ChangeSet>(`${CHANGE_SETS_KEY}/${id}/confirm`, { method: 'POST', body: { apply }, signedIn: true }));
}

/** Undoes one line: an item of a call. */
export async function undoLine(toolCallId: string, index: number): Promise<void> {
  await apiRequest(`${TOOL_CALLS_KEY}/${encodeURIComponent(toolCallId)}/undo`, { method: 'POST', body: { index }, signedIn: true });
  await mutate(CHANGE_SETS_KEY);
  void mutate(TOOL_CALLS_KEY);
}
