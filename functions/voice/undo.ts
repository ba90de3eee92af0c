import { TOOL_CALL_MESSAGES } from '../../shared/tool-calls';
import type { ToolCall } from '../../shared/tool-calls.schema';
import { conflict, HttpError, notFound } from '../platform/errors';
import { undoCallLines } from './change-sets';
import { getToolCall } from './tool-calls.repository';

/**
 * Reverts what a finished call changed (or one item of a batch call, `index`), through its lines in
 * the turn's change set (change-sets.ts): a created item goes to the trash (a tag is deleted), an
 * updated one gets its previous values back, a deleted one comes back from the trash (a deleted tag
 * is made again). The call is marked undone once nothing of it is left applied.
 */
export async function undoToolCall(userId: string, id: string, index: number | undefined, now: Date): Promise<ToolCall> {
  const call = await getToolCall(userId, id);
  if (!call) throw notFound();
  const changed = call.status === 'success' && call.result && 'action' in call.result;
  if (!changed || !call.change_set_id) throw conflict(TOOL_CALL_MESSAGES.notUndoable);
  if (call.undone_at) throw conflict(TOOL_CALL_MESSAGES.alreadyUndone);
  try {
    await undoCallLines(userId, call.change_set_id, id, index, now);
  } catch (error) {
    // The item was changed or removed since: say so, rather than "not found" for the call itself.
    if (error instanceof HttpError && error.status === 409 && error.fields) throw conflict(TOOL_CALL_MESSAGES.undoTargetGone);
    throw error;
  }
  return (await getToolCall(userId, id))!;
}
