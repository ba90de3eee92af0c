import { mutate } from 'swr';

/** The change sets' places in the cache, and the reads that refresh them (apart from their hooks, so the voice provider can ask for a read). */
export const CHANGE_SETS_KEY = '/api/voice/change-sets';
export const changeSetKey = (id: string) => `${CHANGE_SETS_KEY}/${id}`;
/** How long a set waits after a move of the counter before it is read again. */
export const CHANGE_SET_READ_DELAY_MS = 250;

let listReadTimer: ReturnType<typeof setTimeout> | undefined;
/** One read of today's list after a burst of moves, however many screens listen. */
export function readListSoon(): void {
  listReadTimer ??= setTimeout(() => {
    listReadTimer = undefined;
    void mutate(CHANGE_SETS_KEY);
  }, CHANGE_SET_READ_DELAY_MS);
}

/**
 * Reads a set at once (and today's list soon): a finished plan, or an answer to one, names its set,
 * whose blocks need not wait for the read after the burst of notices.
 */
export function readChangeSetNow(id: string): void {
  void mutate(changeSetKey(id));
  readListSoon();
}
