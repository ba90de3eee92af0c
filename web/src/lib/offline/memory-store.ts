import type { Change, OfflineStore, StoredConflict } from './database';

/**
 * An account's offline data in this tab's memory, for a browser without IndexedDB (some private
 * modes): changes show at once and are sent as with the database, but nothing outlives the tab,
 * and what pages show is not kept (the tab's lists hold it already). Entries are copied in and
 * out, as the database's are.
 */
export function memoryStore(): OfflineStore {
  const changes = new Map<number, Change>();
  const conflicts = new Map<string, StoredConflict>();
  let lastSeq = 0;
  const copy = <T>(value: T): T => structuredClone(value);
  const inSeqOrder = () => [...changes.values()].sort((a, b) => a.seq - b.seq).map(copy);
  return {
    lasting: false,
    async addChanges(added, max) {
      if (changes.size + added.length > max) return null;
      return added.map((change) => {
        const entry = { ...copy(change), seq: ++lastSeq } as Change;
        changes.set(entry.seq, entry);
        return copy(entry);
      });
    },
    snapshot: async () => [inSeqOrder(), [...conflicts.values()].map(copy)],
    changes: async () => inSeqOrder(),
    putChange: async (change) => void changes.set(change.seq, copy(change)),
    async removeChanges(seqs, rewrite) {
      for (const seq of seqs) changes.delete(seq);
      for (const later of inSeqOrder()) {
        const rewritten = rewrite(later);
        if (rewritten) changes.set(rewritten.seq, copy(rewritten));
      }
    },
    putConflict: async (conflict) => void conflicts.set(conflict.id, copy(conflict)),
    deleteConflict: async (id) => void conflicts.delete(id),
    kept: async () => undefined,
    putKept: async () => undefined,
    deleteKept: async () => undefined,
    keptSizes: async () => new Map(),
    close: () => undefined,
  };
}
