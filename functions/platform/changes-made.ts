import { AsyncLocalStorage } from 'node:async_hooks';
import { CHANGES_MADE_HEADER } from '../../shared/constants';
import type { Stamped } from '../../shared/changes';

/**
 * How many changes a request's writes made, by change counter, so the answer can tell the page
 * (header CHANGES_MADE_HEADER, `tasks=1,events=2`). The counters themselves move a moment later,
 * on the table's stream (functions/changes/count-changes.ts), one step per changed record: a page
 * that sees a counter move by no more than its own writes made knows the move is theirs, whose
 * answers it holds already, and reads the list no more for it.
 */
const madeByRequest = new AsyncLocalStorage<Map<Stamped, number>>();

export function recordingChangesMade<T>(run: () => Promise<T>): Promise<T> {
  return madeByRequest.run(new Map(), run);
}

/** Notes `count` changed records of `what` (outside a request, as on the bus, there is no one to tell). */
export function noteChangesMade(what: Stamped, count = 1): void {
  const made = madeByRequest.getStore();
  if (made && count > 0) made.set(what, (made.get(what) ?? 0) + count);
}

/** The header for the changes made so far, if any. */
export function changesMadeHeader(): Record<string, string> {
  const made = madeByRequest.getStore();
  if (!made?.size) return {};
  return { [CHANGES_MADE_HEADER]: [...made].map(([what, count]) => `${what}=${count}`).join(',') };
}
