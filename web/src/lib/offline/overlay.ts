import type { ItemKind } from '../../../../shared/item-kinds';
import { isTrashable } from '../../../../shared/item-kinds';
import type { TrashEntry } from '../../../../shared/item-fields.schema';
import { inIdOrder, inListOrder } from '../../../../shared/list-order';
import { TRASH_RETENTION_DAYS } from '../../../../shared/constants';
import type { Change } from './database';

/**
 * What a screen shows: the server's list with the changes still waiting applied on top, in the
 * order they were made. Applying it to a list that already shows them changes nothing (each
 * change sets, never adds to), so a list shown before can be laid over again. Pure.
 */
type Listed = { id: string };

export function overlayItems<T extends Listed>(kind: ItemKind, items: readonly T[], changes: readonly Change[]): T[] {
  let list = [...items];
  // Items moved to the trash by a waiting change, to show again if a later one restores them.
  const trashed = new Map<string, T>();
  for (const change of changes) {
    if (change.kind !== kind) continue;
    const { id } = change;
    switch (change.op) {
      case 'create': {
        const shown = { ...(change.item ?? change.body), id, created_at: change.made_at, updated_at: change.made_at } as unknown as T;
        list = list.some((item) => item.id === id) ? list.map((item) => (item.id === id ? { ...item, ...shown } : item)) : [shown, ...list];
        break;
      }
      case 'update':
        list = list.map((item) => (item.id === id ? { ...item, ...change.body, updated_at: change.made_at } : item));
        break;
      case 'trash': {
        const item = list.find((entry) => entry.id === id) ?? (change.item as T | undefined);
        if (item) trashed.set(item.id, item);
        list = list.filter((entry) => entry.id !== id);
        break;
      }
      case 'restore': {
        const item = trashed.get(id!) ?? (change.item as T | undefined);
        if (item && !list.some((entry) => entry.id === id)) list = [item, ...list];
        break;
      }
      case 'purge':
        trashed.delete(id!);
        break;
      case 'reorder':
        list = inIdOrder(list, (change.body?.ids as string[] | undefined) ?? []);
        break;
    }
  }
  // Events and tags keep the server's sort (by start, by name); goals and tasks their places, a new one on top.
  return kind === 'events' || kind === 'tags' ? list.sort((a, b) => inListOrder(a as never, b as never)) : list;
}

/** The trash with the waiting moves to it, restores and deletions for good applied. */
export function overlayTrash(entries: readonly TrashEntry[], changes: readonly Change[]): TrashEntry[] {
  let list = [...entries];
  for (const { op, kind, id, title, made_at } of changes) {
    if (!isTrashable(kind) || !id) continue;
    if (op === 'trash' && !list.some((entry) => entry.id === id)) {
      list = [{ kind, id, title: title ?? '', deleted_at: made_at, days_remaining: TRASH_RETENTION_DAYS }, ...list];
    } else if (op === 'restore' || op === 'purge') {
      list = list.filter((entry) => entry.id !== id);
    }
  }
  return list;
}
