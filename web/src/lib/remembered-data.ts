import { sessionStorageArea, storedSessionClaims } from './session';

/**
 * What the signed-in pages showed last (their lists and the settings), kept in the browser beside
 * the session (localStorage with "remember me", else this tab's sessionStorage) under the user's id,
 * so the next visit paints it at once instead of an empty frame while the network answers; each
 * list is read again as its screen mounts, as always. Another user's data is never read (the key
 * is the session's user), nor what another build of the app kept (its shapes may differ),
 * and ending the session forgets it. lib/items.ts decides what is kept, and for how long it may be
 * shown: as long as its kind's cache TTL (DATA_CACHE_TTL_MS) holds it fresh.
 */
const KEY_PREFIX = 'tempo.remembered.';
/** A head start is not worth filling the origin's storage: more than this is not kept. */
const MAX_CHARACTERS = 2_000_000;

export type RememberedEntries = Array<[key: string, data: unknown]>;

function place(): { storage: Storage; key: string } | null {
  const storage = sessionStorageArea();
  const user = storedSessionClaims()?.sub;
  return storage && typeof user === 'string' ? { storage, key: `${KEY_PREFIX}${user}` } : null;
}

/**
 * The build this page runs. The module scripts' file names carry content hashes, and the entry
 * names every other chunk, so they change whenever any code does.
 */
const thisBuild = () => [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((script) => script.src).join(' ');

/** What was kept of the keys in `maxAges`, where it is younger than its key's age limit. */
export function rememberedData(maxAges: ReadonlyMap<string, number>, now = Date.now()): RememberedEntries {
  const where = place();
  if (!where) return [];
  try {
    const kept = JSON.parse(where.storage.getItem(where.key) ?? 'null') as { build?: unknown; savedAt?: unknown; entries?: unknown } | null;
    if (kept?.build !== thisBuild() || typeof kept.savedAt !== 'number' || !Array.isArray(kept.entries)) return [];
    const age = now - kept.savedAt;
    return (kept.entries as RememberedEntries).filter(([key]) => age >= 0 && age < (maxAges.get(key) ?? 0));
  } catch {
    return [];
  }
}

export function rememberData(entries: RememberedEntries): void {
  const where = place();
  if (!where) return;
  try {
    const text = JSON.stringify({ build: thisBuild(), savedAt: Date.now(), entries });
    if (text.length > MAX_CHARACTERS) where.storage.removeItem(where.key);
    else where.storage.setItem(where.key, text);
  } catch {
    // Storage full or switched off: the next visit waits for the network, as it would without this.
  }
}

/** Every user's remembered data, from both storages: the session ended. */
export function forgetRememberedData(): void {
  for (const storage of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      const area = storage();
      const keys = Array.from({ length: area.length }, (_, index) => area.key(index) ?? '');
      for (const key of keys) if (key.startsWith(KEY_PREFIX)) area.removeItem(key);
    } catch {
      // Storage switched off: nothing was kept there.
    }
  }
}
