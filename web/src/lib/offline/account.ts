import { API_ERRORS } from '../../../../shared/messages';
import { OFFLINE_LIMITS } from '../../../../shared/constants';
import { ApiError, apiRequest, toApiError } from '../api';
import { onSessionEnd, sessionUserId } from '../session';
import { deleteOfflineDatabase, type Change, type NewChange } from './database';
import { Outbox, type OutboxChannel, type OutboxMessage } from './outbox';
import { OutboxSender, type Transport } from './sender';
import { loadedAccount, offlineStatus } from './state';

/**
 * The signed-in account's outbox in this tab: opened on first use for the session's user, sent by
 * this tab when it holds the account's lock (Web Locks), at once when the browser comes back
 * online, and heard from the account's other tabs (BroadcastChannel).
 */

interface Account {
  userId: string;
  outbox: Outbox;
  sender: OutboxSender | null;
  close: () => void;
}

let opening: { userId: string; account: Promise<Account> } | null = null;
let opened: Account | null = null;

const messageListeners = new Set<(message: OutboxMessage, outbox: Outbox) => void>();

/** Hears every outbox message of the signed-in account, this tab's and the others'. */
export function onOutboxMessage(listener: (message: OutboxMessage, outbox: Outbox) => void): void {
  messageListeners.add(listener);
}

/** The signed-in account's outbox, opened on first use; null without a session. */
export async function accountOutbox(): Promise<Outbox | null> {
  const userId = sessionUserId();
  if (!userId) return null;
  if (opening?.userId !== userId) {
    closeAccount();
    const attempt = { userId, account: openAccount(userId) };
    opening = attempt;
    // An account that could not open (another signed in meanwhile) is tried again on the next use.
    attempt.account.catch(() => void (opening === attempt && (opening = null)));
  }
  return (await opening.account).outbox;
}

/** The outbox if this tab has opened it: what a render reads at once. */
export const openedOutbox = (): Outbox | null => (opened?.userId === sessionUserId() ? opened.outbox : null);

async function openAccount(userId: string): Promise<Account> {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : (new BroadcastChannel(`tempo-outbox-${userId}`) as OutboxChannel);
  // Without IndexedDB (some private modes), changes still show and are sent, from this tab's memory.
  const outbox =
    typeof indexedDB === 'undefined'
      ? Outbox.inMemory(userId, { channel })
      : await Outbox.open(userId, { channel }).catch(() => Outbox.inMemory(userId, { channel }));
  const stopHearing = outbox.subscribe((message) => {
    settleWaiters(message);
    showStatus(outbox);
    for (const listener of messageListeners) listener(message, outbox);
    // Another tab's changes: this one sends them if that one closes first. A sender here with
    // nothing under way or planned is woken; one waiting out its backoff is left to it.
    if (outbox.changes.length > 0) {
      if (!account.sender) startSending(account);
      else account.sender.wake();
    }
  });
  const backOnline = () => {
    showStatus(outbox);
    if (account.sender) account.sender.retryNow();
    else if (outbox.changes.length > 0) startSending(account);
  };
  const wentOffline = () => showStatus(outbox);
  window.addEventListener('online', backOnline);
  window.addEventListener('offline', wentOffline);
  // Kept data may be evicted under storage pressure unless the browser grants persistence.
  void navigator.storage?.persist?.().catch(() => undefined);
  const account: Account = {
    userId,
    outbox,
    sender: null,
    close: () => {
      stopHearing();
      account.sender?.stop();
      outbox.close();
      window.removeEventListener('online', backOnline);
      window.removeEventListener('offline', wentOffline);
    },
  };
  if (opening?.userId !== userId) {
    // Another user signed in while this one's database opened.
    account.close();
    throw new Error('The session changed');
  }
  opened = account;
  showStatus(outbox);
  // What an earlier visit left waiting goes now.
  if (outbox.changes.length > 0) startSending(account);
  return account;
}

/**
 * Starts this tab's sender. Its code comes with the page, not on the first change: a module the
 * browser failed to fetch (offline, before the service worker kept it) stays failed for the page's
 * life, and its changes would wait until a reload.
 */
function startSending(account: Account): void {
  if (account.sender) return account.sender.kick();
  if (opened !== account) return;
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  account.sender = new OutboxSender(account.outbox, {
    transport: overTheApi,
    exclusive: locks
      ? async (pass) => {
          await locks.request(`tempo-outbox-${account.userId}`, pass);
        }
      : undefined,
    handled: (change) => waiters.has(change.seq),
  });
  account.sender.kick();
}

function closeAccount(): void {
  opened?.close();
  opened = null;
  opening = null;
  offlineStatus.set({ ...offlineStatus.get(), waiting: 0, sending: false, nearlyFull: false, full: false, conflicts: [], keptOffline: true });
}

function showStatus(outbox: Outbox): void {
  const waiting = outbox.changes.length;
  offlineStatus.set({
    online: navigator.onLine,
    waiting,
    // Whichever tab holds the lock sends what waits while the browser is online.
    sending: waiting > 0 && navigator.onLine,
    nearlyFull: waiting >= OFFLINE_LIMITS.warnAtWaitingChanges,
    full: waiting >= OFFLINE_LIMITS.maxWaitingChanges,
    conflicts: outbox.conflicts.map(({ change: _change, ...conflict }) => conflict),
    keptOffline: outbox.lasting,
  });
}

/** One change's request through the API client (the session's token; none at hand: 401, which waits). */
const overTheApi: Transport = async ({ method, path, body, idempotencyKey, ifMatch }) => {
  try {
    return { status: 200, body: await apiRequest(path, { method, body, signedIn: true, idempotencyKey, ifMatch }) };
  } catch (failure) {
    if (failure instanceof ApiError) return { status: failure.status, body: failure.payload };
    throw failure;
  }
};

/** Adds changes to the signed-in account's outbox and starts sending them. */
export async function enqueueChanges(changes: readonly NewChange[]): Promise<Change[]> {
  const outbox = await accountOutbox();
  if (!outbox) throw new ApiError(401, API_ERRORS.unauthorized, 'unauthorized');
  const added = await outbox.enqueue(changes);
  if (opened) startSending(opened);
  return added;
}

/**
 * Those in this tab waiting for a change's answer (a form shows the server's field errors). Each
 * is told once: the server's answer, the refusal as an ApiError, or, when the change has to wait
 * (offline), `shown`, what the screen shows meanwhile.
 */
const waiters = new Map<number, { resolve: (answer: unknown) => void; reject: (failure: unknown) => void; shown: unknown }>();

export function whenSent<T>(change: Change, shown: T): Promise<T> {
  if (!navigator.onLine) return Promise.resolve(shown);
  return new Promise<T>((resolve, reject) => {
    waiters.set(change.seq, { resolve: resolve as (answer: unknown) => void, reject, shown });
  });
}

function settleWaiters(message: OutboxMessage): void {
  if (message.type === 'waiting') {
    for (const waiter of waiters.values()) waiter.resolve(waiter.shown);
    waiters.clear();
    return;
  }
  if (message.type !== 'sent' && message.type !== 'refused') return;
  const waiter = waiters.get(message.change.seq);
  if (!waiter) return;
  waiters.delete(message.change.seq);
  if (message.type === 'sent') waiter.resolve(message.answer ?? waiter.shown);
  else waiter.reject(toApiError(message.status, message.answer));
}

/** Deletes the signed-in account's offline data (its waiting changes too): signing out. */
export async function clearOfflineData(): Promise<void> {
  const userId = opened?.userId ?? opening?.userId ?? sessionUserId();
  closeAccount();
  if (userId && typeof indexedDB !== 'undefined') await deleteOfflineDatabase(userId).catch(() => undefined);
}

loadedAccount.current = { accountOutbox, enqueueChanges, clearOfflineData };

// A session that ends by itself (its refresh token expired, offline or on coming back) keeps the
// account's waiting changes for its next sign-in: nothing the person made is lost, and only that
// account opens them. With nothing waiting, what was kept goes with the session. A sign-out on
// purpose asks first, then calls clearOfflineData itself.
onSessionEnd(() => void ((opened?.outbox.changes.length ?? 0) > 0 ? closeAccount() : clearOfflineData()));
