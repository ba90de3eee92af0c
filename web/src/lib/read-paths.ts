import { mutate } from 'swr';
import type { ItemKind } from '../../../shared/item-kinds';
import { oneReadAtATime } from './one-read-at-a-time';

/** The API paths of the signed-in app's reads; each is also its answer's SWR cache key (lib/items.ts). */
export const listCacheKey = (kind: ItemKind) => `/api/${kind}`;
export const SETTINGS_KEY = '/api/settings';
export const TRASH_KEY = '/api/trash';
/** The user's change counters (change-watcher.ts). */
export const CHANGES_PATH = '/api/changes';

const listReaders = new Map<ItemKind, () => Promise<unknown>>();

/** Reads a list again, one read at a time (oneReadAtATime): a burst of notices makes two reads, not one each. */
export function readListAgain(kind: ItemKind): void {
  let reader = listReaders.get(kind);
  if (!reader) listReaders.set(kind, (reader = oneReadAtATime(() => mutate(listCacheKey(kind)))));
  // A failed read shows as the list's error (SWR).
  reader().catch(() => undefined);
}
