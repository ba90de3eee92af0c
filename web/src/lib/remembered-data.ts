import type { Outbox } from './offline/outbox';

/**
 * What the signed-in pages showed (their lists, the trash and the settings as the server answered
 * them), kept in the account's IndexedDB database (lib/offline/database.ts, store `kept`): the
 * next visit paints it at once instead of an empty frame while the network answers, and offline
 * it is what the pages show, after a reload or a browser restart, however old. Another account's
 * data is never read (each account has its own database), and a sign-out deletes the database.
 * lib/items.ts decides what is kept and when it is shown, and hands over the account's outbox
 * (lib/offline/account.ts), which the public pages' code (signing out calls forgetRememberedData) does without.
 */
export interface Remembered {
  data: unknown;
  /** When it was kept, in milliseconds. */
  savedAt: number;
}

/** What was kept of `keys`, by key. */
export async function rememberedData(outbox: Outbox | null, keys: readonly string[]): Promise<Map<string, Remembered>> {
  const found = new Map<string, Remembered>();
  if (!outbox) return found;
  await Promise.all(
    keys.map(async (key) => {
      const kept = await outbox.kept(key).catch(() => undefined);
      if (kept) found.set(key, { data: kept.data, savedAt: Date.parse(kept.saved_at) });
    }),
  );
  return found;
}

export async function rememberData(outbox: Outbox | null, key: string, data: unknown): Promise<void> {
  try {
    await outbox?.keep(key, data);
  } catch {
    // Storage full or switched off: the next visit waits for the network, as it would without this.
  }
}

/** What earlier builds kept in Web Storage (localStorage or this tab's sessionStorage), dropped when a session ends. */
const LEGACY_KEY_PREFIX = 'tempo.remembered.';

export function forgetRememberedData(): void {
  for (const storage of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      const area = storage();
      const keys = Array.from({ length: area.length }, (_, index) => area.key(index) ?? '');
      for (const key of keys) if (key.startsWith(LEGACY_KEY_PREFIX)) area.removeItem(key);
    } catch {
      // Storage switched off: nothing was kept there.
    }
  }
}
