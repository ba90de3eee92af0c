import type { ItemKind } from '../../../../shared/item-kinds';
import { useObservable } from '../observable';
import type { NewChange, StoredConflict } from './database';
import type { Outbox } from './outbox';
import { databaseName, loadedAccount, offlineStatus, type AccountActions } from './state';
import { sessionUserId } from '../session';

/**
 * What the frame and the notices show of working offline (the UI is built on these), and what the
 * person can do about a conflict. The outbox itself (account.ts, outbox.ts, sender.ts) is the
 * signed-in pages' code (lib/items.ts opens it); the public pages import this file without it.
 */
const account = (): AccountActions | null => loadedAccount.current;

export interface ConflictField {
  field: string;
  mine: unknown;
  theirs: unknown;
  applied: 'mine' | 'theirs';
}

export interface Conflict {
  id: string;
  kind: ItemKind;
  item_id: string;
  title: string;
  reason: 'changed_elsewhere' | 'deleted_meanwhile' | 'refused';
  fields: ConflictField[];
  /** The API's message for a refused change. */
  message?: string;
}

export interface OfflineStatus {
  online: boolean;
  waiting: number;
  sending: boolean;
  nearlyFull: boolean;
  full: boolean;
  conflicts: readonly Conflict[];
  /** False where the browser has no IndexedDB (some private modes): changes are sent from this tab's memory, and nothing is kept for offline use or past the tab. */
  keptOffline: boolean;
}

/** The account's offline state, current in every tab. */
export function useOfflineStatus(): OfflineStatus {
  return useObservable(offlineStatus);
}

async function conflictOf(id: string): Promise<{ outbox: Outbox; conflict: StoredConflict } | null> {
  const outbox = await account()?.accountOutbox();
  const conflict = outbox?.conflicts.find((entry) => entry.id === id);
  return outbox && conflict ? { outbox, conflict } : null;
}

/** The person's side of a conflict as an update: only the fields where theirs was applied, all of them for an item deleted meanwhile. */
function mineAgain({ kind, item_id, title, reason, fields }: Conflict): NewChange {
  const chosen = fields.filter((field) => reason !== 'changed_elsewhere' || field.applied === 'theirs');
  return {
    kind,
    op: 'update',
    id: item_id,
    title,
    body: Object.fromEntries(chosen.map(({ field, mine }) => [field, mine])),
  };
}

/** Makes "mine" of a conflict again, as a new change (a refused one: the change as it was). */
export async function reapplyConflict(id: string): Promise<void> {
  const found = await conflictOf(id);
  if (!found) return;
  const { change } = found.conflict;
  await account()?.enqueueChanges([
    change ? { kind: change.kind, op: change.op, id: change.id, body: change.body, item: change.item, title: change.title } : mineAgain(found.conflict),
  ]);
  await found.outbox.removeConflict(id);
}

/** An item deleted meanwhile: restored, then the person's change applied to it. */
export async function restoreWithChange(id: string): Promise<void> {
  const found = await conflictOf(id);
  if (!found) return;
  const { kind, item_id, title } = found.conflict;
  await account()?.enqueueChanges([{ kind, op: 'restore', id: item_id, title }, mineAgain(found.conflict)]);
  await found.outbox.removeConflict(id);
}

export async function dismissConflict(id: string): Promise<void> {
  await (await conflictOf(id))?.outbox.removeConflict(id);
}

/** Whether changes wait to be sent (signing out would lose them). */
export function hasWaitingChanges(): boolean {
  return offlineStatus.get().waiting > 0;
}

/**
 * Deletes the account's offline data, its waiting changes too (signing out). A tab that never
 * opened the outbox (signing out from /signout at once) deletes the session user's database by name.
 */
export async function clearOfflineData(): Promise<void> {
  const loaded = account();
  if (loaded) return loaded.clearOfflineData();
  const userId = sessionUserId();
  if (userId && typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(databaseName(userId));
}
