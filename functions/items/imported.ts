import { isOrderable, type ItemKind } from '../../shared/item-kinds';
import { conditionally } from '../platform/dynamo';
import { HttpError } from '../platform/errors';
import { positionOnTop } from './ordering';
import { firstPosition, insertItem, insertTrashed } from './repository';
import type { StoredItem } from './stored-item';
import { claimTagName } from './tag-names.repository';

/** An item an import brings in (functions/imports/): its content as a create takes it, checked already, and the id its source gives it. */
export interface ImportedItem {
  kind: ItemKind;
  id: string;
  content: Record<string, unknown>;
  /** Set for an item that goes straight into the trash (one in a Tempo export's trash). */
  deleted_at?: string;
}

/** What a new item holds that no source sends: live (or trashed when it was), and for an event, not from Google. */
const SERVER_DEFAULTS: Record<ItemKind, object> = {
  goals: { deleted_at: null },
  tasks: { deleted_at: null },
  events: { deleted_at: null, gcal_id: null },
  tags: {},
};

/**
 * Writes imported items in order, each once: a conditional put, so an item whose id the person has
 * already (the same file imported before) is left as it is, and a tag whose name the person has
 * already is not made again. Unlike a create, no rule of the moment applies (a due date in the
 * past, a task of a completed goal): the items are what the source had. Goals and tasks go on top
 * of their lists one after another, so the last written is first: the caller gives them bottom
 * first. Answers how many were made and how many were there already.
 */
export async function insertImported(userId: string, items: readonly ImportedItem[], now: Date): Promise<{ made: number; existing: number }> {
  const at = now.toISOString();
  const tops = new Map<ItemKind, string | null>();
  let made = 0;
  for (const { kind, id, content, deleted_at } of items) {
    const item = { ...content, ...SERVER_DEFAULTS[kind], id, user_id: userId, created_at: at, updated_at: at, version: 1 } as StoredItem;
    if (kind === 'tags' && !(await claimedTagName(userId, String(content.name), id))) continue;
    if (deleted_at) {
      if (await conditionally(insertTrashed(userId, kind, { ...item, deleted_at }))) made += 1;
      continue;
    }
    if (isOrderable(kind)) {
      const top = tops.has(kind) ? tops.get(kind)! : await firstPosition(userId, kind);
      item.position = positionOnTop(top);
    }
    if (await conditionally(insertItem(userId, kind, item))) {
      made += 1;
      if (item.position) tops.set(kind, item.position);
    }
  }
  return { made, existing: items.length - made };
}

/** Whether the tag may be written under this name: false when another tag of the person's holds it. */
async function claimedTagName(userId: string, name: string, tagId: string): Promise<boolean> {
  try {
    await claimTagName(userId, name, tagId);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return false;
    throw error;
  }
}
