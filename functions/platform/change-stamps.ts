import { AsyncLocalStorage } from 'node:async_hooks';
import { CHANGE_STAMPS_HEADER } from '../../shared/constants';

/**
 * The change counters a request's writes moved, and to what, so the answer can tell the page
 * (header CHANGE_STAMPS_HEADER, `tasks=12,trash=3`): a page that saw the counter one below knows
 * the move is its own write, which it holds already, and reads the list no more for it.
 */
const movedByRequest = new AsyncLocalStorage<Map<string, number>>();

export function recordingChangeStamps<T>(run: () => Promise<T>): Promise<T> {
  return movedByRequest.run(new Map(), run);
}

/** Notes a counter's new value (outside a request, as on the bus, there is no one to tell). */
export function noteChangeStamp(what: string, value: number): void {
  movedByRequest.getStore()?.set(what, value);
}

/** The header for the counters moved so far, if any moved. */
export function changeStampsHeader(): Record<string, string> {
  const moved = movedByRequest.getStore();
  if (!moved?.size) return {};
  return { [CHANGE_STAMPS_HEADER]: [...moved].map(([what, value]) => `${what}=${value}`).join(',') };
}
