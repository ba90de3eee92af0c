import { useEffect } from 'react';
import useSWR, { mutate, useSWRConfig } from 'swr';
import type { Item, ItemInput, ItemPatch } from '../../../shared/item-kinds.schema';
import { ITEM_KINDS, type ItemKind, type OrderableKind } from '../../../shared/item-kinds';
import { inIdOrder, inListOrder } from '../../../shared/list-order';
import type { TrashEntry } from '../../../shared/item-fields.schema';
import type { Settings } from '../../../shared/settings.schema';
import { DEFAULT_TIME_ZONE } from '../../../shared/dates';
import { DATA_CACHE_TTL_MS, MAX_ITEMS_CACHED } from '../../../shared/constants';
import { apiRequest, earlyAnswers } from './api';
import { rememberData, rememberedData } from './remembered-data';
import { CHANGES_PATH, listCacheKey, readListAgain, SETTINGS_KEY, TRASH_KEY } from './read-paths';
import { onSessionEnd } from './session';

/**
 * The signed-in app's data: one SWR cache entry per list, read from the API and refreshed when the
 * change watcher (change-watcher.ts) sees the list's counter move, or else once it is older than
 * its kind's cache TTL. A write puts the server's answer into its list (an update shows at once and
 * is taken back if the server refuses it), so a screen shows what the server holds at once; the
 * list read again when its counter moves for that write holds the same, and SWR keeps what it shows.
 */

async function fetchList<K extends ItemKind>(kind: K): Promise<Array<Item<K>>> {
  readsUnderWay.set(kind, (readsUnderWay.get(kind) ?? 0) + 1);
  try {
    return (await apiRequest<{ items: Array<Item<K>> }>(listCacheKey(kind), { signedIn: true })).items;
  } finally {
    readsUnderWay.set(kind, readsUnderWay.get(kind)! - 1);
  }
}

/** Two lists are the same when their ids and updated_at are (a list's fingerprint). */
function sameFingerprint(a: Array<{ id: string; updated_at: string }> | undefined, b: Array<{ id: string; updated_at: string }> | undefined) {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((item, index) => item.id === b[index]!.id && item.updated_at === b[index]!.updated_at);
}

/** The user's live items of a kind, in list order (goals and tasks by saved order, events by start, tags by name). */
export function useItems<K extends ItemKind>(kind: K) {
  return useSWR(listCacheKey(kind), () => fetchList(kind), {
    compare: sameFingerprint,
    revalidateOnFocus: false,
    refreshInterval: DATA_CACHE_TTL_MS[kind],
    onDiscarded: () => readAgainAfterWrites(kind),
  });
}

/**
 * SWR throws away a list read that raced a write of this page (its answer may predate the write)
 * and leaves reading again to the write, which an update does not (it holds the server's answer).
 * Such a read is made again once the list's writes are answered, so a change made elsewhere
 * meanwhile (heard while the write was under way) is not missed. A read thrown away for a newer
 * read still under way needs nothing: that one answers. The read again joins the list's other
 * reads (readListAgain), so a notice's read and this one are not made side by side.
 */
const readsUnderWay = new Map<ItemKind, number>();
const writesUnderWay = new Map<ItemKind, { writes: number; readDiscarded: boolean }>();

function readAgainAfterWrites(kind: ItemKind): void {
  if (readsUnderWay.get(kind)) return;
  const underWay = writesUnderWay.get(kind);
  if (underWay) underWay.readDiscarded = true;
  else readListAgain(kind);
}

async function whileWriting<T>(kind: ItemKind, write: () => Promise<T>): Promise<T> {
  const underWay = writesUnderWay.get(kind) ?? { writes: 0, readDiscarded: false };
  underWay.writes += 1;
  writesUnderWay.set(kind, underWay);
  try {
    return await write();
  } finally {
    underWay.writes -= 1;
    if (underWay.writes === 0) {
      writesUnderWay.delete(kind);
      if (underWay.readDiscarded) readListAgain(kind);
    }
  }
}

/**
 * The signed-in layout holds the settings for the whole session, and the change watcher reads them
 * again whenever they change, so a component that mounts later (a card of the assistant's turn, a
 * page) takes them as they are instead of reading them again.
 */
export function useSettings() {
  return useSWR(SETTINGS_KEY, () => apiRequest<Settings>(SETTINGS_KEY, { signedIn: true }), { revalidateOnFocus: false, revalidateIfStale: false });
}

/** The user's time zone, and a new account's until the settings are read. */
export function useTimeZone(): string {
  return useSettings().data?.preferred_timezone ?? DEFAULT_TIME_ZONE;
}

/** A list in the server's order: goals and tasks keep their places (a new one goes on top), events and tags are sorted. */
function inServerOrder<K extends ItemKind>(kind: K, items: Array<Item<K>>): Array<Item<K>> {
  return kind === 'events' || kind === 'tags' ? [...items].sort(inListOrder) : items;
}

const withItem =
  <K extends ItemKind>(kind: K, item: Item<K>) =>
  (items: Array<Item<K>> | undefined) =>
    items && inServerOrder(kind, items.some((entry) => entry.id === item.id) ? items.map((entry) => (entry.id === item.id ? item : entry)) : [item, ...items]);

export async function createItem<K extends ItemKind>(kind: K, body: ItemInput<K>): Promise<Item<K>> {
  const item = await apiRequest<Item<K>>(listCacheKey(kind), { method: 'POST', body, signedIn: true });
  await mutate(listCacheKey(kind), withItem(kind, item), { revalidate: false });
  return item;
}

/**
 * An item's changes go out one after another, each once the one before is answered, so the server
 * applies them in the order they were made: two quick clicks on a checkbox end as the second left
 * it, however the requests would have raced. Only items with a change under way are kept.
 */
const changesUnderWay = new Map<string, Promise<unknown>>();

export function afterEarlierChanges<T>(item: string, change: () => Promise<T>): Promise<T> {
  const sent = (changesUnderWay.get(item) ?? Promise.resolve()).catch(() => undefined).then(change);
  changesUnderWay.set(item, sent);
  const forget = () => {
    if (changesUnderWay.get(item) === sent) changesUnderWay.delete(item);
  };
  sent.then(forget, forget);
  return sent;
}

/** Shows the change at once, then the server's answer; a refused change is taken back and its error thrown. */
export async function updateItem<K extends ItemKind>(kind: K, id: string, patch: ItemPatch<K>): Promise<Item<K>> {
  let saved: Item<K> | undefined;
  const path = `${listCacheKey(kind)}/${id}`;
  // An unread list stays unread: there is no screen of it to show the change on.
  await whileWriting(kind, () =>
    mutate<Array<Item<K>> | undefined>(
      listCacheKey(kind),
      async (items) => {
        saved = await afterEarlierChanges(path, () => apiRequest<Item<K>>(path, { method: 'PATCH', body: patch, signedIn: true }));
        return withItem(kind, saved)(items);
      },
      {
        // The guess: the fields as sent, and a new updated_at so the list's fingerprint moves.
        optimisticData: (items) => items?.map((item) => (item.id === id ? ({ ...item, ...patch, updated_at: new Date().toISOString() } as Item<K>) : item)),
        rollbackOnError: true,
        revalidate: false,
      },
    ),
  );
  return saved!;
}

/** Takes an item off its list through the API: goals, tasks and events go to the trash; tags are deleted. */
export async function discardItem(kind: ItemKind, id: string): Promise<void> {
  await apiRequest(`${listCacheKey(kind)}/${id}`, { method: 'DELETE', signedIn: true });
  // Off the list at once, then read again: whatever follows (a confirm dialog closing, which gives
  // the focus back to the card's button or, once the card is gone, to the page) sees it gone.
  const withoutItem = (items?: Array<{ id: string }>) => items?.filter((item) => item.id !== id);
  await Promise.all([mutate(listCacheKey(kind), withoutItem), mutate(TRASH_KEY)]);
}

/** "This and following" of a series: its occurrences from `occurrence` on go to the trash as one series of their own (a Google series' are only cut off). */
export async function discardFollowing(id: string, occurrence: string): Promise<void> {
  await apiRequest(`${listCacheKey('events')}/${id}/occurrences?from=${encodeURIComponent(occurrence)}`, { method: 'DELETE', signedIn: true });
  await Promise.all([mutate(listCacheKey('events')), mutate(TRASH_KEY)]);
}

/**
 * Saves a list's new order: every id, top first. The list shows it at once; reading it again here
 * could show the old order for a moment, as the read the change notice causes makes this one's
 * answer count for nothing, and that read brings the new positions anyway.
 */
export async function saveOrder(kind: OrderableKind, ids: readonly string[]): Promise<void> {
  await apiRequest(`${listCacheKey(kind)}/order`, { method: 'PUT', body: { ids }, signedIn: true });
  await mutate(listCacheKey(kind), (items?: Array<{ id: string }>) => items && inIdOrder(items, ids), { revalidate: false });
}

/**
 * What a signed-in page paints from on its next visit (lib/remembered-data.ts), and for how long:
 * the lists for their data cache TTL, the settings for the shortest of them.
 */
const REMEMBERED_FOR: ReadonlyMap<string, number> = new Map([
  ...ITEM_KINDS.map((kind) => [listCacheKey(kind), DATA_CACHE_TTL_MS[kind]] as const),
  [SETTINGS_KEY, Math.min(...ITEM_KINDS.map((kind) => DATA_CACHE_TTL_MS[kind]))],
]);
const MAX_REMEMBERED_ITEMS: ReadonlyMap<string, number> = new Map(ITEM_KINDS.map((kind) => [listCacheKey(kind), MAX_ITEMS_CACHED[kind]]));

/**
 * Before a signed-in page first shows: the answers of its first reads (lib/api.ts readEarly) that
 * come within `waitMs`, and what was shown last time for the rest. It waits only for a read with
 * nothing remembered, so a page that can paint from what it kept paints at once. Each list is read
 * again as its screen mounts, which takes an early read's answer if it has one.
 */
export async function prepareFirstShow(waitMs: number): Promise<void> {
  const remembered = new Map(rememberedData(REMEMBERED_FOR));
  // The counters read early are the change watcher's (change-watcher.ts), not a screen's.
  const shown = (path: string) => path !== CHANGES_PATH;
  const answered = await earlyAnswers((path) => shown(path) && !remembered.has(path), waitMs);
  for (const key of new Set([...[...answered.keys()].filter(shown), ...remembered.keys()])) {
    // The cache holds a list's items and the settings as they are, as the hooks' reads put them.
    const data = answered.has(key) ? (key === SETTINGS_KEY ? answered.get(key) : (answered.get(key) as { items: unknown }).items) : remembered.get(key);
    // Nothing newer is known yet on a first show; on a later page's, what the app holds is.
    void mutate(key, (known: unknown) => known ?? data, { revalidate: false });
  }
}

/** Keeps what the screens show for the next visit, whenever the page is hidden or left (a phone may never say it closed). */
export function useRememberShownData(): void {
  const { cache } = useSWRConfig();
  useEffect(() => {
    const keep = () =>
      rememberData(
        [...REMEMBERED_FOR.keys()].flatMap((key): Array<[string, unknown]> => {
          const data: unknown = cache.get(key)?.data;
          const tooLong = Array.isArray(data) && data.length > (MAX_REMEMBERED_ITEMS.get(key) ?? Infinity);
          return data === undefined || tooLong ? [] : [[key, data]];
        }),
      );
    const keepWhenHidden = () => document.visibilityState === 'hidden' && keep();
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', keepWhenHidden);
    return () => {
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', keepWhenHidden);
    };
  }, [cache]);
}

// A session's data goes with it: the next user of this tab never sees the last one's lists, not
// even for a moment. "Revalidating" with no screen mounted only drops SWR's record of the last
// reads, which would otherwise answer the next user's first reads for two seconds (its dedupe).
onSessionEnd(() => void mutate(() => true, undefined, { revalidate: true }));

export function useTrash() {
  return useSWR(TRASH_KEY, async () => (await apiRequest<{ items: TrashEntry[] }>(TRASH_KEY, { signedIn: true })).items, {
    revalidateOnFocus: false,
  });
}

/** Restores or deletes for good a selection of the trash; answers how many it changed. */
export async function changeTrash(action: 'restore' | 'delete', items: ReadonlyArray<Pick<TrashEntry, 'kind' | 'id'>>): Promise<number> {
  const answer = await apiRequest<{ restored?: number; deleted?: number }>(`${TRASH_KEY}/${action}`, {
    method: 'POST',
    body: { items: items.map(({ kind, id }) => ({ kind, id })) },
    signedIn: true,
  });
  await Promise.all([mutate(TRASH_KEY), ...new Set(items.map((item) => mutate(listCacheKey(item.kind))))]);
  return answer.restored ?? answer.deleted ?? 0;
}

export async function emptyTrash(): Promise<number> {
  const { deleted } = await apiRequest<{ deleted: number }>(`${TRASH_KEY}/empty`, { method: 'POST', signedIn: true });
  await mutate(TRASH_KEY);
  return deleted;
}

export async function saveSettings(patch: Partial<Settings>): Promise<Settings> {
  const settings = await apiRequest<Settings>(SETTINGS_KEY, { method: 'PUT', body: patch, signedIn: true });
  await mutate(SETTINGS_KEY, settings, { revalidate: false });
  return settings;
}
