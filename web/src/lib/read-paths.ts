import { mutate } from 'swr';
import type { ItemKind } from '../../../shared/item-kinds';

/** The API paths of the signed-in app's reads; each is also its answer's SWR cache key (lib/items.ts). */
export const listCacheKey = (kind: ItemKind) => `/api/${kind}`;
export const SETTINGS_KEY = '/api/settings';
export const TRASH_KEY = '/api/trash';
/** The user's change counters (change-watcher.ts). */
export const CHANGES_PATH = '/api/changes';

/** The list reads under way, and whether another was asked for meanwhile. */
const listReads = new Map<ItemKind, { again: boolean }>();

/**
 * Reads a list again, one read at a time: asked while one is under way (a burst of notices, the
 * assistant's calls finishing one after another), it makes one more after that one, however many
 * asked, so the last answer is still from after the last ask.
 */
export function readListAgain(kind: ItemKind): void {
  const underWay = listReads.get(kind);
  if (underWay) {
    underWay.again = true;
    return;
  }
  const read = { again: false };
  listReads.set(kind, read);
  const done = () => {
    listReads.delete(kind);
    if (read.again) readListAgain(kind);
  };
  mutate(listCacheKey(kind)).then(done, done);
}
