import { useEffect, useRef } from 'react';
import useSWR, { mutate, useSWRConfig } from 'swr';
import { POLLING_MS } from '../../../../../shared/constants';
import type { ChangeLine, ChangeSet } from '../../../../../shared/change-sets.schema';
import { PLANNER_CONVERSATION } from '../../../../../shared/change-sets';
import { apiRequest } from '../../../lib/api';
import { onCounterMoved, useChangeNoticesOpen } from '../../../lib/change-watcher';
import { CHANGE_SET_READ_DELAY_MS, CHANGE_SETS_KEY, changeSetKey, readChangeSetNow, readListSoon } from './change-set-reads';
import { TOOL_CALLS_KEY } from './tool-calls';
import { useLiveChangeSetId, useVoice } from '../components/voice-provider';

/** Today's change sets of the assistant (functions/voice/change-sets.ts), newest first. */

/**
 * The change set of the turn under way (the newest call's): read again each time the tool calls'
 * counter moves (a call logged or finished, a line undone or confirmed, in any tab), and polled
 * like the tool calls while a call runs and the change notices' socket is closed. One read of one set: a busy
 * day's history is not read again for every call.
 */
export function useChangeSet(id: string | null, calling: boolean) {
  const noticesOpen = useChangeNoticesOpen();
  useEffect(() => {
    if (!id) return;
    // A turn's calls move the counter several times within moments: one read after the burst serves
    // them all, and leaves the connections free for what the agent waits on.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onCounterMoved('toolcalls', () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void mutate(changeSetKey(id));
      }, CHANGE_SET_READ_DELAY_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [id]);
  return useSWR(id && changeSetKey(id), (key: string) => apiRequest<ChangeSet>(key, { signedIn: true }), {
    refreshInterval: !noticesOpen && calling ? POLLING_MS.toolCalls : 0,
    revalidateOnFocus: false,
  });
}

/**
 * Today's change sets: read when shown. When a new turn starts a set, the set before it joins the
 * list as this page last read it, rather than the whole day being read again while the new turn's
 * calls run; a page that never read that set reads the list again.
 */
export function useChangeSets(latestId: string | null) {
  const { cache } = useSWRConfig();
  const shownLatest = useRef(latestId);
  useEffect(() => {
    const before = shownLatest.current;
    shownLatest.current = latestId;
    // The first set seen (the calls just read) is no new turn: the list read as it was shown covers it.
    if (!before || !latestId || before === latestId) return;
    const known = cache.get(changeSetKey(before))?.data as ChangeSet | undefined;
    if (!known) {
      void mutate(CHANGE_SETS_KEY);
      return;
    }
    void mutate(CHANGE_SETS_KEY, (sets: ChangeSet[] | undefined) => sets && newestFirst([known, ...sets.filter((set) => set.id !== known.id)]), {
      revalidate: false,
    });
  }, [latestId, cache]);
  const list = useSWR(CHANGE_SETS_KEY, async () => (await apiRequest<{ items: ChangeSet[] }>(CHANGE_SETS_KEY, { signedIn: true })).items, {
    revalidateOnFocus: false,
  });
  // A plan waiting for an answer may be answered elsewhere (by voice in a later turn, in another
  // tab): while one waits, the list is read again when the tool calls' counter moves.
  const waiting = list.data?.some((set) => set.lines.some((line) => line.status === 'proposed')) ?? false;
  useEffect(() => (waiting ? onCounterMoved('toolcalls', () => readListSoon()) : undefined), [waiting]);
  return list;
}

/**
 * Today's change sets as the assistant's panel reads them (the same cache: one source), the turn
 * under way's as it stands: what the calendar reads a waiting plan's blocks from.
 */
export function useTodaysChangeSets(): readonly ChangeSet[] {
  const liveId = useLiveChangeSetId();
  const { state } = useVoice();
  const { data: listed = [] } = useChangeSets(liveId);
  const { data: live } = useChangeSet(liveId, state.phase === 'active' || state.phase === 'starting');
  return live ? [live, ...listed.filter((set) => set.id !== live.id)] : listed;
}

/** A set the Plan button made: the page shows it, not the assistant's panel (it is not the assistant's doing). */
export const isButtonPlan = (set: ChangeSet): boolean => set.conversation_id === PLANNER_CONVERSATION;

const newestFirst = (sets: ChangeSet[]) => sets.sort((a, b) => b.created_at.localeCompare(a.created_at));

/** Puts a set's newest state in the caches at once, and reads the tool calls again (their toasts say "Undone"). */
function cacheChangeSet(set: ChangeSet): ChangeSet {
  void mutate(changeSetKey(set.id), set, { revalidate: false });
  void mutate(CHANGE_SETS_KEY, (sets: ChangeSet[] | undefined) => sets?.map((known) => (known.id === set.id ? set : known)), { revalidate: false });
  void mutate(TOOL_CALLS_KEY);
  return set;
}

/** "Undo all": every change of the set, or none (the ApiError names the lines that could not be undone). */
export async function undoChangeSet(id: string, lines?: readonly string[]): Promise<ChangeSet> {
  return cacheChangeSet(await apiRequest<ChangeSet>(`${changeSetKey(id)}/undo`, { method: 'POST', body: lines ? { lines } : undefined, signedIn: true }));
}

/**
 * The person's answer to one question of the set (its moves to the trash, or its plan's blocks),
 * named by `lines` (each `<tool_call_id>/<index>`, all of the same status): with `apply`, those
 * done and the rest of their status turned down; without, those turned down. The set's other
 * question keeps waiting. A refused answer reads the set again, so the next one names what still waits.
 */
export async function confirmChangeSet(id: string, apply: boolean, lines: readonly string[]): Promise<ChangeSet> {
  try {
    return cacheChangeSet(await apiRequest<ChangeSet>(`${changeSetKey(id)}/confirm`, { method: 'POST', body: { apply, lines }, signedIn: true }));
  } catch (error) {
    readChangeSetNow(id);
    throw error;
  }
}

/** A set made outside a conversation (the Plan my day button's): first in today's list at once, then the list read once more in case it was being read. */
export function cacheNewChangeSet(set: ChangeSet): ChangeSet {
  void mutate(changeSetKey(set.id), set, { revalidate: false });
  void mutate(CHANGE_SETS_KEY, (sets: ChangeSet[] | undefined) => newestFirst([set, ...(sets ?? []).filter((known) => known.id !== set.id)]));
  return set;
}

/** Undoes lines of a set (each an item of a call) one after the other, then reads the set once. */
export async function undoLines(changeSetId: string, lines: readonly Pick<ChangeLine, 'tool_call_id' | 'index'>[]): Promise<void> {
  for (const { tool_call_id, index } of lines) {
    await apiRequest(`${TOOL_CALLS_KEY}/${encodeURIComponent(tool_call_id)}/undo`, { method: 'POST', body: { index }, signedIn: true });
  }
  cacheChangeSet(await apiRequest<ChangeSet>(changeSetKey(changeSetId), { signedIn: true }));
}
