import { observable } from '../observable';
import type { Change, NewChange } from './database';
import type { Outbox } from './outbox';
import type { OfflineStatus } from './status';

/**
 * What the public pages' code holds of working offline (status.ts is imported there: signing out
 * asks about waiting changes), apart from the outbox's code, which only the signed-in pages load
 * (account.ts sets both below when it loads).
 */
export const offlineStatus = observable<OfflineStatus>({
  online: typeof navigator === 'undefined' || navigator.onLine,
  waiting: 0,
  sending: false,
  nearlyFull: false,
  full: false,
  conflicts: [],
  keptOffline: true,
});

export interface AccountActions {
  accountOutbox: () => Promise<Outbox | null>;
  enqueueChanges: (changes: readonly NewChange[]) => Promise<Change[]>;
  clearOfflineData: () => Promise<void>;
}

/** An account's IndexedDB database (database.ts): what it kept and what waits to be sent. */
export const databaseName = (userId: string) => `tempo-${userId}`;

/** The outbox's actions once account.ts has loaded; null before (nothing was opened in this tab). */
export const loadedAccount: { current: AccountActions | null } = { current: null };
