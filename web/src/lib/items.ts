import { useEffect } from 'react';
import useSWR, { mutate } from 'swr';
import type { Item, ItemInput, ItemPatch, ITEM_SCHEMAS } from '../../../shared/item-kinds.schema';
import { ITEM_KINDS, type ItemKind, type OrderableKind } from '../../../shared/item-kinds';
import { inListOrder } from '../../../shared/list-order';
import type { TrashEntry } from '../../../shared/item-fields.schema';
import type { Settings } from '../../../shared/settings.schema';
import { DEFAULT_TIME_ZONE } from '../../../shared/dates';
import { DATA_CACHE_TTL_MS } from '../../../shared/constants';
import { API_ERRORS } from '../../../shared/messages';
import { ApiError, apiRequest, earlyAnswers, forgetEarlyReads } from './api';
import { accountOutbox, enqueueChanges, onOutboxMessage, openedOutbox, whenSent } from './offline/account';
import type { Change } from './offline/database';
import { overlayItems, overlayTrash } from './offline/overlay';
import { rememberData, rememberedData } from './remembered-data';
import { CHANGES_PATH, listCacheKey, readListAgain, SETTINGS_KEY, TRASH_KEY } from './read-paths';
import { onSessionEnd, sessionUserId } from './session';

/**
 * The signed-in app's data: one SWR cache entry per list, read from the API and refreshed when the
 * change watcher (change-watcher.ts) sees the list's counter move, or else once it is older than
 * its kind's cache TTL. Every write of an item goes into the account's outbox (lib/offline/): the
 * screen shows it at once, online or not, and it is sent once, in the order it was made. What a
 * screen shows is the server's list (as last read, with this account's answered writes applied)
 * with the changes still waiting laid over it (lib/offline/overlay.ts), after every read and every
 * change, so a read never takes back a change on screen. Offline, a read answers what was kept of
 * the list (lib/remembered-data.ts).
 */

/** The server's lists, trash and settings as last read or answered, by cache key: what the waiting changes are laid over. */
const serverData = new Map<string, unknown>();
/** Counts the answered writes per key: a read begun before one does not replace what it answered. */
const answeredWrites = new Map<string, number>();

const outboxOrNone = () => accountOutbox().catch(() => null);
const waitingChanges = async (): Promise<readonly Change[]> => (await outboxOrNone())?.changes ?? [];

/**
 * A read from the API, kept for the next visit and for reading offline; when the network fails,
 * what was kept (or the read's own failure if nothing was). An API's refusal is thrown as it is,
 * but offline, where a session whose token expired cannot be refreshed, the kept data shows.
 */
async function readOrKept<T>(key: string, read: () => Promise<T>): Promise<T> {
  const writes = answeredWrites.get(key) ?? 0;
  const reader = sessionUserId();
  let data: T;
  try {
    data = await read();
  } catch (failure) {
    if (failure instanceof ApiError && navigator.onLine) throw failure;
    if (serverData.has(key)) return serverData.get(key) as T;
    const kept = (await rememberedData(await outboxOrNone(), [key])).get(key);
    if (!kept) throw failure;
    serverData.set(key, kept.data);
    return kept.data as T;
  }
  // A read that answers for a session ended since is nobody's to show or keep now.
  if (sessionUserId() !== reader) throw new ApiError(401, API_ERRORS.unauthorized, 'unauthorized');
  // A read begun before a write was answered holds less than that answer: shown, not kept.
  if ((answeredWrites.get(key) ?? 0) === writes) {
    serverData.set(key, data);
    keepServerData(key);
  }
  return data;
}

async function fetchList<K extends ItemKind>(kind: K): Promise<Array<Item<K>>> {
  readsUnderWay.set(kind, (readsUnderWay.get(kind) ?? 0) + 1);
  try {
    const items = await readOrKept(listCacheKey(kind), async () => (await apiRequest<{ items: Array<Item<K>> }>(listCacheKey(kind), { signedIn: true })).items);
    // The waiting changes as they are once the answer came: one sent since is in the answer, or its answer in serverData.
    return overlayItems(kind, items, await waitingChanges());
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
 * SWR throws away a list read that raced a change of this page (its answer may predate the
 * change) and leaves reading again to the change, which a change shown from the outbox does not
 * do. Such a read is made again, so a change made elsewhere meanwhile (heard while the read was
 * under way) is not missed; a read thrown away for a newer read still under way needs nothing:
 * that one answers. It joins the list's other reads (readListAgain), so a notice's read and this
 * one are not made side by side.
 */
const readsUnderWay = new Map<ItemKind, number>();

function readAgainAfterWrites(kind: ItemKind): void {
  if (!readsUnderWay.get(kind)) readListAgain(kind);
}

/**
 * The signed-in layout holds the settings for the whole session, and the change watcher reads them
 * again whenever they change, so a component that mounts later (a card of the assistant's turn, a
 * page) takes them as they are instead of reading them again.
 */
export function useSettings() {
  return useSWR(SETTINGS_KEY, () => readOrKept(SETTINGS_KEY, () => apiRequest<Settings>(SETTINGS_KEY, { signedIn: true })), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
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

/** The item schemas, loaded on the first write (zod stays out of the first pages' code). */
let itemSchemas: Promise<typeof ITEM_SCHEMAS> | undefined;
const loadItemSchemas = () => (itemSchemas ??= import('../../../shared/item-kinds.schema').then((module) => module.ITEM_SCHEMAS));

/**
 * A create's fields as the API parses them, its defaults filled in (what the screen shows until
 * the server answers), so bad input is refused at once, before it is kept, with the API's own
 * messages; undefined when the schemas cannot load (offline before they ever did): the server
 * checks them then.
 */
async function checkedFields(kind: ItemKind, body: unknown): Promise<Record<string, unknown> | undefined> {
  const schemas = await loadItemSchemas().catch(() => undefined);
  if (!schemas) return undefined;
  const parsed = schemas[kind].create.safeParse(body);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  throw new ApiError(400, Object.values(fields)[0] ?? API_ERRORS.validation, 'validation_failed', fields);
}

/** The item as the screen shows it now (the server's with the waiting changes), if its list was read. */
async function shownItem(kind: ItemKind, id: string): Promise<Record<string, unknown> | undefined> {
  const list = serverData.get(listCacheKey(kind)) as Array<Item> | undefined;
  return list && (overlayItems(kind, list, await waitingChanges()).find((item) => item.id === id) as Record<string, unknown> | undefined);
}

const titleOf = (item: Record<string, unknown> | undefined) => (item ? String(item.title ?? item.name ?? '') : undefined);

/**
 * A new item, shown at once with the id this browser gives it. Online, it answers once the server
 * saved it (its refusal thrown, with the API's field errors, for the form to show); offline at
 * once, with the item as shown.
 */
export async function createItem<K extends ItemKind>(kind: K, body: ItemInput<K>): Promise<Item<K>> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const shown = { ...((await checkedFields(kind, body)) ?? body), id, created_at: now, updated_at: now, version: 1 };
  const [change] = await enqueueChanges([{ kind, op: 'create', id, body: { ...body }, item: shown, title: titleOf(shown) }]);
  return whenSent(change!, shown as unknown as Item<K>);
}

/**
 * Shows the change at once, and answers as createItem does. It carries the fields as they were and
 * the item's version, so a change made on an item changed elsewhere meanwhile is merged per field.
 */
export async function updateItem<K extends ItemKind>(kind: K, id: string, patch: ItemPatch<K>): Promise<Item<K>> {
  // Not checked here as a create is: a click shows at once, without waiting for the schemas'
  // code. The server checks it; a refused change is taken back and its error thrown (or told).
  const item = await shownItem(kind, id);
  const base = item && Object.fromEntries(Object.keys(patch).map((field) => [field, item[field] ?? null]));
  const base_version = typeof item?.version === 'number' ? item.version : undefined;
  const [change] = await enqueueChanges([{ kind, op: 'update', id, body: { ...patch }, base, base_version, title: titleOf(item) }]);
  return whenSent(change!, { ...item, ...patch, id } as unknown as Item<K>);
}

/** Takes an item off its list: goals, tasks and events go to the trash; tags are deleted. */
export async function discardItem(kind: ItemKind, id: string): Promise<void> {
  const item = await shownItem(kind, id);
  const [change] = await enqueueChanges([{ kind, op: 'trash', id, item, title: titleOf(item) }]);
  await whenSent(change!, undefined);
}

/** "This and following" of a series: its occurrences from `occurrence` on go to the trash as one series of their own (a Google series' are only cut off). Needs the network. */
export async function discardFollowing(id: string, occurrence: string): Promise<void> {
  await apiRequest(`${listCacheKey('events')}/${id}/occurrences?from=${encodeURIComponent(occurrence)}`, { method: 'DELETE', signedIn: true });
  await Promise.all([mutate(listCacheKey('events')), mutate(TRASH_KEY)]);
}

/** Saves a list's new order: every id, top first. The list shows it at once. */
export async function saveOrder(kind: OrderableKind, ids: readonly string[]): Promise<void> {
  const [change] = await enqueueChanges([{ kind, op: 'reorder', body: { ids: [...ids] } }]);
  await whenSent(change!, undefined);
}

/**
 * What a signed-in page paints from on its next visit (lib/remembered-data.ts), and for how long
 * while online: the lists for their data cache TTL, the settings and the trash for the shortest of
 * them. Offline, what was kept is shown whatever its age.
 */
const SHORTEST_TTL_MS = Math.min(...ITEM_KINDS.map((kind) => DATA_CACHE_TTL_MS[kind]));
const REMEMBERED_FOR: ReadonlyMap<string, number> = new Map([
  ...ITEM_KINDS.map((kind) => [listCacheKey(kind), DATA_CACHE_TTL_MS[kind]] as const),
  [SETTINGS_KEY, SHORTEST_TTL_MS],
  [TRASH_KEY, SHORTEST_TTL_MS],
]);

/** A key's data as the server gave it, with the waiting changes laid over (lists and the trash). */
function laidOver(key: string, data: unknown, waiting: readonly Change[]): unknown {
  if (key === TRASH_KEY) return overlayTrash(data as TrashEntry[], waiting);
  const kind = ITEM_KINDS.find((each) => listCacheKey(each) === key);
  return kind ? overlayItems(kind, data as Item[], waiting) : data;
}

/**
 * Before a signed-in page first shows: the answers of its first reads (lib/api.ts readEarly) that
 * come within `waitMs`, and what was shown last time for the rest. It waits only for a read with
 * nothing remembered, so a page that can paint from what it kept paints at once. Each list is read
 * again as its screen mounts, which takes an early read's answer if it has one.
 */
export async function prepareFirstShow(waitMs: number): Promise<void> {
  const kept = await rememberedData(await outboxOrNone(), [...REMEMBERED_FOR.keys()]);
  const now = Date.now();
  const fresh = (key: string, savedAt: number) => !navigator.onLine || (now >= savedAt && now - savedAt < REMEMBERED_FOR.get(key)!);
  const remembered = new Map([...kept].filter(([key, { savedAt }]) => fresh(key, savedAt)).map(([key, { data }]) => [key, data]));
  // The counters read early are the change watcher's (change-watcher.ts), not a screen's.
  const shown = (path: string) => path !== CHANGES_PATH;
  const answered = await earlyAnswers((path) => shown(path) && !remembered.has(path), waitMs);
  const waiting = await waitingChanges();
  for (const key of new Set([...[...answered.keys()].filter(shown), ...remembered.keys()])) {
    // The cache holds a list's items and the settings as they are, as the hooks' reads put them.
    const data = answered.has(key) ? (key === SETTINGS_KEY ? answered.get(key) : (answered.get(key) as { items: unknown }).items) : remembered.get(key);
    if (!serverData.has(key)) serverData.set(key, data);
    // Nothing newer is known yet on a first show; on a later page's, what the app holds is.
    void mutate(key, (known: unknown) => known ?? laidOver(key, data, waiting), { revalidate: false });
  }
}

/**
 * Keeps the server's data as this tab last knew it (its reads are kept as they answer; this adds
 * the answers of its writes since) whenever the page is hidden or left (a phone may never say it closed).
 */
export function useRememberShownData(): void {
  useEffect(() => {
    const keep = () => {
      const outbox = openedOutbox();
      for (const key of REMEMBERED_FOR.keys()) if (serverData.has(key)) void rememberData(outbox, key, serverData.get(key));
    };
    const keepWhenHidden = () => document.visibilityState === 'hidden' && keep();
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', keepWhenHidden);
    return () => {
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', keepWhenHidden);
    };
  }, []);
}

const TRASH_OPS: ReadonlySet<Change['op']> = new Set(['trash', 'restore', 'purge']);

/** The server's answer to a change of this account (this tab's or another's), put into what the waiting changes are laid over. */
function applyAnswer(change: Change, answer: unknown): void {
  const key = listCacheKey(change.kind);
  const list = serverData.get(key) as Item[] | undefined;
  // A read begun before this answer (an early read, or one under way) holds less than it.
  forgetEarlyReads();
  answeredWrites.set(key, (answeredWrites.get(key) ?? 0) + 1);
  const answeredItem = (change.op === 'create' || change.op === 'update') && isItemOf(change, answer) ? answer : undefined;
  if (list) {
    const applied = overlayItems(change.kind, list, [change]);
    serverData.set(key, answeredItem ? withItem(change.kind, answeredItem)(applied) : applied);
    // The server holds an item this browser does not: restored, or made already (its answer lost).
    const unknown = (change.op === 'restore' || change.op === 'create') && !(serverData.get(key) as Item[]).some((item) => item.id === change.id);
    if (unknown) readListAgain(change.kind);
  }
  const trash = serverData.get(TRASH_KEY) as TrashEntry[] | undefined;
  if (trash && TRASH_OPS.has(change.op)) {
    serverData.set(TRASH_KEY, overlayTrash(trash, [change]));
    answeredWrites.set(TRASH_KEY, (answeredWrites.get(TRASH_KEY) ?? 0) + 1);
    keepServerData(TRASH_KEY);
  }
  if (list) keepServerData(key);
}

/**
 * Keeps what the server answered at once, so a reload right after a save (or offline after it)
 * paints it, not the list from before: a page being left may not finish a write begun then. One
 * write per key at a time; answers that come meanwhile are kept by one more write after it.
 */
const keepingAgain = new Map<string, boolean>();

function keepServerData(key: string): void {
  if (keepingAgain.has(key)) return void keepingAgain.set(key, true);
  keepingAgain.set(key, false);
  void (async () => {
    do {
      keepingAgain.set(key, false);
      await rememberData(openedOutbox(), key, serverData.get(key));
    } while (keepingAgain.get(key));
    keepingAgain.delete(key);
  })();
}

const isItemOf = (change: Change, answer: unknown): answer is Item =>
  typeof answer === 'object' && answer !== null && (answer as { id?: unknown }).id === change.id;

/** The changes one of two snapshots of the outbox holds and the other not: gone (sent, dropped, rewritten) and added (made, rewritten). */
function changedBetween(before: readonly Change[], after: readonly Change[]): { gone: Change[]; added: Change[] } {
  const name = (change: Change) => `${change.seq}:${change.key}`;
  const [was, is] = [new Set(before.map(name)), new Set(after.map(name))];
  return { gone: before.filter((change) => !is.has(name(change))), added: after.filter((change) => !was.has(name(change))) };
}

/** Lays the waiting changes over the lists (and the trash) the `touched` changes concern, where this tab holds them. */
function showWaiting(touched: readonly Change[], waiting: readonly Change[]): void {
  const keys = new Set(touched.map((change) => listCacheKey(change.kind)));
  if (touched.some((change) => TRASH_OPS.has(change.op))) keys.add(TRASH_KEY);
  for (const key of keys) if (serverData.has(key)) void mutate(key, laidOver(key, serverData.get(key), waiting), { revalidate: false });
}

/**
 * A change made shows at once (a click answers without delay), and so does the last answer of a
 * burst (nothing left waiting) or a refusal; other answers show at most once per SHOW_EVERY_MS, so
 * a hundred answers after a return online make a few renders, not a hundred.
 */
const SHOW_EVERY_MS = 50;
let laidChanges: readonly Change[] = [];
let toShow: Change[] = [];
let shownAt = 0;
let showTimer: ReturnType<typeof setTimeout> | undefined;

function showTouched(): void {
  clearTimeout(showTimer);
  showTimer = undefined;
  shownAt = Date.now();
  const touched = toShow;
  toShow = [];
  if (touched.length > 0) showWaiting(touched, laidChanges);
}

onOutboxMessage((message, outbox) => {
  if (message.type === 'waiting') return showTouched();
  if (message.type === 'sent') applyAnswer(message.change, message.answer);
  const { gone, added } = changedBetween(laidChanges, outbox.changes);
  toShow.push(...gone, ...added);
  if (message.type !== 'changed') toShow.push(message.change);
  laidChanges = outbox.changes;
  const wait = shownAt + SHOW_EVERY_MS - Date.now();
  if (added.length > 0 || message.type === 'refused' || outbox.changes.length === 0 || wait <= 0) showTouched();
  else showTimer ??= setTimeout(showTouched, wait);
});

// A session's data goes with it: the next user of this tab never sees the last one's lists, not
// even for a moment. "Revalidating" with no screen mounted only drops SWR's record of the last
// reads, which would otherwise answer the next user's first reads for two seconds (its dedupe).
onSessionEnd(() => {
  serverData.clear();
  answeredWrites.clear();
  laidChanges = [];
  toShow = [];
  clearTimeout(showTimer);
  showTimer = undefined;
  shownAt = 0;
  void mutate(() => true, undefined, { revalidate: true });
});

export function useTrash() {
  return useSWR(
    TRASH_KEY,
    async () =>
      overlayTrash(
        await readOrKept(TRASH_KEY, async () => (await apiRequest<{ items: TrashEntry[] }>(TRASH_KEY, { signedIn: true })).items),
        await waitingChanges(),
      ),
    { revalidateOnFocus: false },
  );
}

/**
 * Restores or deletes for good a selection of the trash, one change per item; answers how many it
 * changed (offline: how many were asked for, as the server has yet to say).
 */
export async function changeTrash(action: 'restore' | 'delete', items: ReadonlyArray<Pick<TrashEntry, 'kind' | 'id'>>): Promise<number> {
  const waiting = await waitingChanges();
  // A restore shows the item again on its list if this browser still holds it (moved to the trash here, not yet sent).
  const trashedHere = (id: string) => waiting.find((change) => change.op === 'trash' && change.id === id)?.item;
  const changes = await enqueueChanges(
    items.map(({ kind, id }) => ({ kind, id, op: action === 'restore' ? 'restore' : 'purge', item: action === 'restore' ? trashedHere(id) : undefined })),
  );
  const answers = await Promise.all(changes.map((change) => whenSent<unknown>(change, undefined)));
  return answers.reduce<number>((count, answer) => {
    const counted = answer as { restored?: number; deleted?: number } | undefined;
    return count + (counted ? (counted.restored ?? counted.deleted ?? 0) : 1);
  }, 0);
}

/** Needs the network: what the trash holds is the server's to say. */
export async function emptyTrash(): Promise<number> {
  const { deleted } = await apiRequest<{ deleted: number }>(`${TRASH_KEY}/empty`, { method: 'POST', signedIn: true });
  await mutate(TRASH_KEY);
  return deleted;
}

/** Needs the network (the settings change what the server does: reminders, Google sync). */
export async function saveSettings(patch: Partial<Settings>): Promise<Settings> {
  const settings = await apiRequest<Settings>(SETTINGS_KEY, { method: 'PUT', body: patch, signedIn: true });
  serverData.set(SETTINGS_KEY, settings);
  keepServerData(SETTINGS_KEY);
  await mutate(SETTINGS_KEY, settings, { revalidate: false });
  return settings;
}
