import { ITEM_SCHEMAS } from '../../shared/item-kinds.schema';
import { isTrashable, type ItemKind } from '../../shared/item-kinds';
import { kindOfEntity, TOOL_CALL_MESSAGES } from '../../shared/tool-calls';
import type { ToolCall } from '../../shared/tool-calls.schema';
import { createItem, deleteOrTrashItem, restoreItems, updateItem } from '../items/service';
import { conflict, HttpError, notFound } from '../platform/errors';
import { parseWith } from '../platform/http';
import { getToolCall, markUndone, toPublicCall, unmarkUndone } from './tool-calls.repository';

/**
 * Reverts the change a finished call made, through the items domain the API uses: a created item
 * goes to the trash (a tag is deleted), an updated one gets its previous values back, a deleted
 * one comes back from the trash (a deleted tag is made again with its name and colour). A call is
 * undone once: it is marked first (conditionally), and the mark is taken back if the revert fails.
 */
export async function undoToolCall(userId: string, id: string, now: Date): Promise<ToolCall> {
  const call = await getToolCall(userId, id);
  if (!call) throw notFound();
  const change = call.status === 'success' && call.result && 'action' in call.result ? call.result : null;
  const kind = change && kindOfEntity(change.entity);
  if (!change || !kind || (change.action === 'update' && !call.before)) throw conflict(TOOL_CALL_MESSAGES.notUndoable);
  if (call.undone_at || !(await markUndone(userId, id, now))) throw conflict(TOOL_CALL_MESSAGES.alreadyUndone);

  try {
    await revert(userId, kind, change.action, change.item, call.before, now);
  } catch (error) {
    await unmarkUndone(userId, id);
    // The item was changed or removed since: say so, rather than "not found" for the call itself.
    if (error instanceof HttpError && (error.status === 404 || error.status === 409)) throw conflict(TOOL_CALL_MESSAGES.undoTargetGone);
    throw error;
  }
  return toPublicCall({ ...call, undone_at: now.toISOString(), updated_at: now.toISOString() });
}

async function revert(
  userId: string,
  kind: ItemKind,
  action: 'create' | 'update' | 'delete',
  item: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
  now: Date,
): Promise<void> {
  const id = String(item.id);
  switch (action) {
    case 'create':
      return deleteOrTrashItem(userId, kind, id, now);
    case 'update':
      await updateItem(userId, kind, id, parseWith(ITEM_SCHEMAS[kind].update, editableFields(kind, before ?? {})), now);
      return;
    case 'delete': {
      if (!isTrashable(kind)) {
        await createItem(userId, 'tags', parseWith(ITEM_SCHEMAS.tags.create, editableFields(kind, item)), now);
        return;
      }
      if ((await restoreItems(userId, [{ kind, id }], now)) === 0) throw notFound();
    }
  }
}

/** The fields a person can edit, from a stored snapshot: what an update (or a new tag) takes. */
function editableFields(kind: ItemKind, snapshot: Record<string, unknown>): Record<string, unknown> {
  const names = Object.keys(ITEM_SCHEMAS[kind].update.shape);
  return Object.fromEntries(names.filter((name) => name in snapshot).map((name) => [name, snapshot[name]]));
}
