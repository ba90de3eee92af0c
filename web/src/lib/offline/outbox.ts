import { OFFLINE_LIMITS } from '../../../../shared/constants';
import { openOfflineDatabase, type Change, type IndexedDbFactory, type KeptEntry, type NewChange, type OfflineStore, type StoredConflict } from './database';
import { memoryStore } from './memory-store';

/**
 * One account's outbox: the changes waiting to be sent, in the order they were made, and the
 * conflicts not yet looked at, both in the account's database, with a copy in memory that every
 * tab keeps current (`changes`, `conflicts`), so a screen lays them over its lists at once. Knows nothing of
 * React or of the window: the browser's wiring (lib/offline/account.ts) and the tests open it alike.
 */

/** What tabs of one account tell each other (BroadcastChannel `tempo-outbox-<user id>`). */
export type OutboxMessage =
  /** The outbox or the conflicts changed: read them again. */
  | { type: 'changed' }
  /** A change was answered by the server (`answer`: its body), or, with `refused`, dropped. */
  | { type: 'sent'; change: Change; answer: unknown }
  | { type: 'refused'; change: Change; status: number; answer: unknown }
  /** Sending stopped to wait (offline, the server busy): the changes left wait. */
  | { type: 'waiting' };

/** The part of BroadcastChannel the outbox uses. */
export interface OutboxChannel {
  postMessage(message: OutboxMessage): void;
  addEventListener(type: 'message', listener: (event: { data: OutboxMessage }) => void): void;
  close(): void;
}

export interface OutboxOptions {
  factory?: IndexedDbFactory;
  channel?: OutboxChannel;
  now?: () => Date;
  newKey?: () => string;
}

/** A change refused before it is applied: the outbox holds as many as it may. */
export class OutboxFullError extends Error {
  constructor() {
    super(`${OFFLINE_LIMITS.maxWaitingChanges} changes are waiting to be sent: connect to the internet to save them before making more.`);
    this.name = 'OutboxFullError';
  }
}

export class Outbox {
  /** The waiting changes in seq order and the conflicts, as last read. */
  changes: readonly Change[] = [];
  conflicts: readonly StoredConflict[] = [];
  private readonly listeners = new Set<(message: OutboxMessage) => void>();
  private readonly now: () => Date;
  readonly newKey: () => string;

  private constructor(
    readonly userId: string,
    private readonly store: OfflineStore,
    private readonly options: OutboxOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.newKey = options.newKey ?? (() => crypto.randomUUID());
    options.channel?.addEventListener('message', ({ data }) => void this.heard(data));
  }

  /** The account's outbox in its IndexedDB database (throws where the browser has none or refuses it). */
  static async open(userId: string, options: OutboxOptions = {}): Promise<Outbox> {
    const outbox = new Outbox(userId, await openOfflineDatabase(userId, options.factory), options);
    await outbox.reload();
    return outbox;
  }

  /** An outbox in this tab's memory, for a browser without IndexedDB: sent as the other, kept by none. */
  static inMemory(userId: string, options: OutboxOptions = {}): Outbox {
    return new Outbox(userId, memoryStore(), options);
  }

  /** Whether the waiting changes and what pages show outlive the tab (false: kept in memory only). */
  get lasting(): boolean {
    return this.store.lasting;
  }

  /** Hears what this tab and the others do; answers how to stop. */
  subscribe(listener: (message: OutboxMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get full(): boolean {
    return this.changes.length >= OFFLINE_LIMITS.maxWaitingChanges;
  }

  /**
   * Adds changes (one transaction: all or none) and answers them with their seq and key. Past the
   * bound they are refused before anything shows (OutboxFullError).
   */
  async enqueue(newChanges: readonly NewChange[]): Promise<Change[]> {
    const made_at = this.now().toISOString();
    const added = await this.store.addChanges(
      newChanges.map((change) => ({ ...change, key: this.newKey(), made_at })),
      OFFLINE_LIMITS.maxWaitingChanges,
    );
    if (!added) throw new OutboxFullError();
    await this.changed();
    return added;
  }

  /** The waiting changes as stored now, oldest first: what the sender picks from. */
  async waiting(): Promise<Change[]> {
    return this.store.changes();
  }

  /** Replaces a waiting change (the merge rewrote it), keeping its place. */
  async replace(change: Change): Promise<void> {
    await this.store.putChange(change);
    await this.changed();
  }

  /** Takes changes out of the outbox, and rewrites later ones (`rewrite`) in the same transaction. */
  async remove(seqs: readonly number[], rewrite: (later: Change) => Change | null = () => null): Promise<void> {
    await this.store.removeChanges(seqs, rewrite);
    await this.changed();
  }

  async addConflict(conflict: StoredConflict): Promise<void> {
    await this.store.putConflict(conflict);
    await this.changed();
  }

  async removeConflict(id: string): Promise<void> {
    await this.store.deleteConflict(id);
    await this.changed();
  }

  /** Tells this tab's listeners and the other tabs. */
  announce(message: OutboxMessage): void {
    this.options.channel?.postMessage(message);
    for (const listener of this.listeners) listener(message);
  }

  /** What a page showed, kept for reading offline; undefined when nothing was. */
  async kept(key: string): Promise<KeptEntry | undefined> {
    return this.store.kept(key);
  }

  /**
   * Keeps what a page shows, within the account's bound (OFFLINE_LIMITS.maxKeptBytes): past it the
   * entry is not kept, and the page waits for the network next time, as it would without this.
   */
  async keep(key: string, data: unknown): Promise<void> {
    const size = JSON.stringify(data).length;
    // The sizes are read once (the entries may be megabytes); each tab counts its own writes on top.
    const sizes = await (this.keptSizes ??= this.store.keptSizes());
    const others = [...sizes].reduce((total, [other, otherSize]) => (other === key ? total : total + otherSize), 0);
    if (others + size > OFFLINE_LIMITS.maxKeptBytes) {
      sizes.delete(key);
      await this.store.deleteKept(key);
    } else {
      sizes.set(key, size);
      await this.store.putKept(key, { data, saved_at: this.now().toISOString(), size });
    }
  }

  private keptSizes?: Promise<Map<string, number>>;

  close(): void {
    this.options.channel?.close();
    this.store.close();
  }

  private async heard(message: OutboxMessage): Promise<void> {
    if (message.type === 'changed') await this.reload();
    for (const listener of this.listeners) listener(message);
  }

  private async reload(): Promise<void> {
    [this.changes, this.conflicts] = await this.store.snapshot();
  }

  private async changed(): Promise<void> {
    await this.reload();
    this.announce({ type: 'changed' });
  }
}
