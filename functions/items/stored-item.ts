import type { Item } from '../../shared/item-kinds.schema';
import type { ItemKind } from '../../shared/item-kinds';

/**
 * An item as the table holds it, as the API shows it, and the stamp that guards its writes. Pure,
 * so the stream's consumers read records with it without importing the request path (the
 * service) or the repository.
 */

/** An item as stored: the API's item, plus the saved position of goals and tasks, which only orders the list. */
export type StoredItem<K extends ItemKind = ItemKind> = Item<K> & { position?: string };

const KEY_ATTRIBUTES = ['PK', 'SK', 'LPK', 'LSK', 'TPK', 'TSK', 'XPK', 'XSK'] as const;

/**
 * An item as read from the table, without the table's key attributes; the key it was read by tells
 * its kind. An item saved before items had versions is at version 1.
 */
export function withoutKeys<K extends ItemKind = ItemKind>(record: Record<string, unknown>): StoredItem<K> {
  const item: Record<string, unknown> = { version: 1, ...record };
  for (const name of KEY_ATTRIBUTES) delete item[name];
  return item as StoredItem<K>;
}

/** The item as the API shows it: without its saved position. */
export function toPublic<K extends ItemKind>(item: StoredItem<K>): Item<K> {
  const { position: _position, ...rest } = item;
  return rest as Item<K>;
}

/** updated_at must change on every write, since it guards the next one (even within one millisecond). */
export function laterThan(previous: string, now: Date): string {
  const at = now.toISOString();
  return at > previous ? at : new Date(Date.parse(previous) + 1).toISOString();
}
