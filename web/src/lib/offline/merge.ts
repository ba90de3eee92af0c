import type { ConflictField } from './status';

/**
 * The per-field merge of an update made on an older version of an item (the server answered 412
 * with the item as it is now). For each field of the change:
 * - the person left it as it was (a form sends every field, changed or not): theirs, silently;
 * - the server's value is still the one the change was made on (nobody else touched it): mine;
 * - the server already holds my value: nothing to send;
 * - changed elsewhere to something else: a true conflict. The newer of the two wins (the change's
 *   made_at against the item's updated_at), and the other is kept as a conflict field.
 * Pure: the sender and the tests call it alike.
 */
export interface MergeResult {
  /** What to send now (may be empty: nothing of mine is left to apply). */
  patch: Record<string, unknown>;
  /** The fields both sides changed. */
  conflicts: ConflictField[];
}

export function mergeChange(
  change: { body?: Record<string, unknown>; base?: Record<string, unknown>; made_at: string },
  current: Record<string, unknown> & { updated_at?: unknown },
): MergeResult {
  const patch: Record<string, unknown> = {};
  const conflicts: ConflictField[] = [];
  const base = change.base ?? {};
  const mineIsNewer = typeof current.updated_at !== 'string' || Date.parse(change.made_at) >= Date.parse(current.updated_at);
  for (const [field, mine] of Object.entries(change.body ?? {})) {
    const theirs = current[field];
    const known = Object.hasOwn(base, field);
    if (sameValue(theirs, mine) || (known && sameValue(mine, base[field]))) continue;
    if (known && sameValue(theirs, base[field])) {
      patch[field] = mine;
      continue;
    }
    conflicts.push({ field, mine, theirs, applied: mineIsNewer ? 'mine' : 'theirs' });
    if (mineIsNewer) patch[field] = mine;
  }
  return { patch, conflicts };
}

/** Equal as JSON values: a missing field and null are the same, and objects' key order does not count. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(
          Object.entries(entry)
            .filter(([, inner]) => inner !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : entry,
  );
}
