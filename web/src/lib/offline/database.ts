import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import { databaseName } from './state';
import type { ItemKind } from '../../../../shared/item-kinds';
import type { Conflict } from './status';

/**
 * One IndexedDB database per account, `tempo-<user id>`: what the pages showed (`kept`, for
 * reading offline), the changes waiting to be sent (`outbox`, in the order they were made) and the
 * conflicts the person has not looked at yet. Another account's database is never opened, and
 * signing out deletes the account's whole database.
 */

export type ChangeOp = 'create' | 'update' | 'trash' | 'restore' | 'purge' | 'reorder';

/** One change waiting to be sent; `seq` orders them, `key` is its Idempotency-Key. */
export interface Change {
  seq: number;
  key: string;
  kind: ItemKind;
  op: ChangeOp;
  /** The item's id (a create's is the client's UUID); none for a reorder. */
  id?: string;
  /** What is sent: a create's or an update's fields, a reorder's `{ ids }`. */
  body?: Record<string, unknown>;
  /** The item shown until the server answers: a create's with its defaults filled in; a move to the trash's as it was, to show again if it is restored. */
  item?: Record<string, unknown>;
  /** An update's fields as they were when the change was made: what the merge compares the server's with. */
  base?: Record<string, unknown>;
  /** The item's version the change was made on: sent as If-Match (none: the item is not on the server yet, or the server gave none). */
  base_version?: number;
  made_at: string;
  /** The item's title, for the trash and for a conflict's notice. */
  title?: string;
}

export type NewChange = Omit<Change, 'seq' | 'key' | 'made_at'>;

/** A conflict as stored: with the change it came from, for "re-apply" of a refused one. */
export interface StoredConflict extends Conflict {
  change?: Change;
}

export interface KeptEntry {
  data: unknown;
  saved_at: string;
  /** The entry's size (characters of its JSON), for the bound on what is kept. */
  size: number;
}

export interface OfflineSchema extends DBSchema {
  kept: { key: string; value: KeptEntry };
  outbox: { key: number; value: Change };
  conflicts: { key: string; value: StoredConflict };
}

type OfflineDatabase = IDBPDatabase<OfflineSchema>;

/**
 * Where an account's offline data lives: its IndexedDB database, or, in a browser without one
 * (some private modes), this tab's memory (memory-store.ts), which keeps nothing past the tab.
 */
export interface OfflineStore {
  /** Whether what it holds outlives the tab. */
  readonly lasting: boolean;
  /** Adds changes, all or none, unless the outbox would then hold more than `max` (null); answers them with their seq. */
  addChanges(changes: ReadonlyArray<Omit<Change, 'seq'>>, max: number): Promise<Change[] | null>;
  /** The waiting changes in seq order and the conflicts, read together. */
  snapshot(): Promise<[Change[], StoredConflict[]]>;
  changes(): Promise<Change[]>;
  putChange(change: Change): Promise<void>;
  /** Takes changes out and rewrites the others (`rewrite`, null: as they are), at once. */
  removeChanges(seqs: readonly number[], rewrite: (later: Change) => Change | null): Promise<void>;
  putConflict(conflict: StoredConflict): Promise<void>;
  deleteConflict(id: string): Promise<void>;
  kept(key: string): Promise<KeptEntry | undefined>;
  putKept(key: string, entry: KeptEntry): Promise<void>;
  deleteKept(key: string): Promise<void>;
  /** The kept entries' sizes, without reading the entries themselves. */
  keptSizes(): Promise<Map<string, number>>;
  close(): void;
}

const SCHEMA_VERSION = 1;

/** The browser's IndexedDB, or fake-indexeddb's in a test. */
export type IndexedDbFactory = Pick<IDBFactory, 'open' | 'deleteDatabase'>;

export async function openOfflineDatabase(userId: string, factory: IndexedDbFactory = indexedDB): Promise<OfflineStore> {
  const request = factory.open(databaseName(userId), SCHEMA_VERSION);
  request.addEventListener('upgradeneeded', () => {
    const database = request.result;
    database.createObjectStore('kept');
    database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
    database.createObjectStore('conflicts', { keyPath: 'id' });
  });
  const database = (await wrap(request)) as unknown as OfflineDatabase;
  // Sign-out in another tab deletes the database: this tab lets go of it, so the deletion is not blocked.
  database.addEventListener('versionchange', () => database.close());
  return databaseStore(database);
}

function databaseStore(database: OfflineDatabase): OfflineStore {
  return {
    lasting: true,
    async addChanges(changes, max) {
      const transaction = database.transaction('outbox', 'readwrite');
      if ((await transaction.store.count()) + changes.length > max) {
        transaction.abort();
        await transaction.done.catch(() => undefined);
        return null;
      }
      const added: Change[] = [];
      // The store gives the seq (autoIncrement): an entry goes in without one.
      for (const change of changes) added.push({ ...change, seq: await transaction.store.add(change as Change) });
      await transaction.done;
      return added;
    },
    async snapshot() {
      const transaction = database.transaction(['outbox', 'conflicts']);
      return Promise.all([transaction.objectStore('outbox').getAll(), transaction.objectStore('conflicts').getAll()]);
    },
    changes: () => database.getAll('outbox'),
    putChange: async (change) => void (await database.put('outbox', change)),
    async removeChanges(seqs, rewrite) {
      const transaction = database.transaction('outbox', 'readwrite');
      for (const seq of seqs) await transaction.store.delete(seq);
      for (const later of await transaction.store.getAll()) {
        const rewritten = rewrite(later);
        if (rewritten) await transaction.store.put(rewritten);
      }
      await transaction.done;
    },
    putConflict: async (conflict) => void (await database.put('conflicts', conflict)),
    deleteConflict: (id) => database.delete('conflicts', id),
    kept: (key) => database.get('kept', key),
    putKept: async (key, entry) => void (await database.put('kept', entry, key)),
    deleteKept: (key) => database.delete('kept', key),
    async keptSizes() {
      const sizes = new Map<string, number>();
      for (let cursor = await database.transaction('kept').store.openCursor(); cursor; cursor = await cursor.continue()) {
        sizes.set(String(cursor.key), cursor.value.size);
      }
      return sizes;
    },
    close: () => database.close(),
  };
}

/** Deletes an account's database (its connections close as they hear of it). */
export async function deleteOfflineDatabase(userId: string, factory: IndexedDbFactory = indexedDB): Promise<void> {
  await wrap(factory.deleteDatabase(databaseName(userId)));
}
