import { useEffect, useRef } from 'react';
import { mutate } from 'swr';
import { CHANGE_SOCKET, CHANGE_SOCKET_PATH, POLLING_MS } from '../../../shared/constants';
import type { Stamped } from '../../../shared/changes';
import type { ChangeNotice, ChangeStamps } from '../../../shared/changes.schema';
import { ITEM_KINDS } from '../../../shared/item-kinds';
import { ApiError, apiRequest, forgetEarlyReads } from './api';
import { CHANGES_PATH, readListAgain, SETTINGS_KEY, TRASH_KEY } from './read-paths';
import { observable, useObservable } from './observable';

/** The real-time states, as the socket and the polling behind it see them. */
export type ConnectionStatus = 'DISCONNECTED' | 'CONNECTING' | 'CONNECTED' | 'ERROR';

const connection = observable<ConnectionStatus>('CONNECTING');
const socketOpen = observable(false);

/** How the change feed is doing: DISCONNECTED while the browser is offline, ERROR when the last check failed. */
export function useConnectionStatus(): ConnectionStatus {
  return useObservable(connection);
}

/** Whether the change notices reach this tab right now (their WebSocket is open); while not, changes are polled. */
export function useChangeNoticesOpen(): boolean {
  return useObservable(socketOpen);
}

/** The same, at this moment, for code outside a component. */
export const changeNoticesOpen = (): boolean => socketOpen.get();

const counterListeners = new Map<Stamped, Set<() => void>>();

/** Runs `listener` whenever the user's counter of `what` moves (a feature's own lists, such as the tool calls); answers how to stop. */
export function onCounterMoved(what: Stamped, listener: () => void): () => void {
  const listeners = counterListeners.get(what) ?? new Set();
  counterListeners.set(what, listeners.add(listener));
  return () => listeners.delete(listener);
}

/** The next move of the counter of `what`, or `ms` passed, whichever comes first. */
export function counterMovedOrTimeout(what: Stamped, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = onCounterMoved(what, done);
    const timer = setTimeout(done, ms);
    function done() {
      stop();
      clearTimeout(timer);
      resolve();
    }
  });
}

/** The counters that moved between the ones seen last and now. */
export function movedCounters(previous: ChangeStamps, next: ChangeStamps): Set<Stamped> {
  return new Set((Object.keys(next) as Stamped[]).filter((what) => next[what] !== previous[what]));
}

/**
 * The socket's address, with a single-use ticket asked for just before: the token itself would sit
 * in the edge's access logs (functions/change-notices/tickets.repository.ts).
 */
async function socketUrl(): Promise<string> {
  const { ticket } = await apiRequest<{ ticket: string }>('/api/changes/socket-ticket', { method: 'POST', signedIn: true });
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CHANGE_SOCKET_PATH}?ticket=${encodeURIComponent(ticket)}`;
}

/**
 * Keeps the screens current. One WebSocket per tab hears a notice each time the user's change
 * counters move (shared/changes.ts), and only the lists whose counter moved are read again. While
 * the socket is down (not yet open, refused, dropped) the counters are polled instead
 * (`GET /api/changes` every `intervalMs`, one key read on the server), and the socket is tried
 * again with a doubling wait. Each time it opens, the counters are read once, for what changed
 * while it was down. A hidden tab keeps what it hears for when it is shown again.
 * A move is read whoever made it, this tab included: SWR keeps the list it holds when the read
 * answers the same, and drops a read that began before a change this tab made through its mutate
 * (an optimistic one included), so the tab's own change read back never shows.
 * `onSessionRefused` runs when the API refuses the session's token (401): its sessions were ended
 * elsewhere ("Sign out everywhere", a password reset), which also closes this tab's socket, so the
 * tab hears of it at once.
 */
export function useChangeWatcher(intervalMs: number = POLLING_MS.data, onSessionRefused?: () => void): void {
  const seen = useRef<ChangeStamps | null>(null);
  const sessionRefused = useRef(onSessionRefused);
  sessionRefused.current = onSessionRefused;

  useEffect(() => {
    let stopped = false;
    let socket: WebSocket | null = null;
    let failedTries = 0;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    let heardWhileHidden: ChangeStamps | null = null;

    function apply(stamps: ChangeStamps) {
      if (document.visibilityState === 'hidden') {
        heardWhileHidden = stamps;
        return;
      }
      const previous = seen.current;
      seen.current = stamps;
      if (!previous) return;
      const moved = movedCounters(previous, stamps);
      // An early read's answer may predate what moved (a tab in the background may not have taken it yet).
      if (moved.size > 0) forgetEarlyReads();
      for (const kind of ITEM_KINDS) if (moved.has(kind)) readListAgain(kind);
      if (ITEM_KINDS.some((kind) => moved.has(kind))) void mutate(TRASH_KEY);
      if (moved.has('settings')) void mutate(SETTINGS_KEY);
      for (const [what, listeners] of counterListeners) if (moved.has(what)) listeners.forEach((listener) => listener());
    }

    // An answer that arrives after the browser went offline (sent before) does not undo DISCONNECTED.
    const heardFromServer = () => connection.set(navigator.onLine ? 'CONNECTED' : 'DISCONNECTED');

    // Checks may overlap (the socket opening while the interval checks): an answer counts only if no
    // check sent after it has answered already, so a slow success does not undo the failure of a
    // newer check, and a server slower than the interval still has each newest answer heard.
    let checksSent = 0;
    let newestAnswered = 0;
    /** Whether check `sent` is the newest to answer yet; if so, the ones before it no longer count. */
    function answersNewest(sent: number): boolean {
      if (sent <= newestAnswered) return false;
      newestAnswered = sent;
      return true;
    }
    async function check() {
      if (document.visibilityState === 'hidden') return;
      if (!navigator.onLine) return connection.set('DISCONNECTED');
      const sent = ++checksSent;
      try {
        const { stamps } = await apiRequest<{ stamps: ChangeStamps }>(CHANGES_PATH, { signedIn: true });
        if (stopped || !answersNewest(sent)) return;
        heardFromServer();
        apply(stamps);
      } catch (error) {
        // A missed check is tried again at the next interval; the screens keep what they have.
        if (!stopped && answersNewest(sent)) connection.set(navigator.onLine ? 'ERROR' : 'DISCONNECTED');
        refusedSession(error);
      }
    }

    async function connect() {
      let url: string;
      try {
        url = await socketUrl();
      } catch (error) {
        refusedSession(error);
        return stopped ? undefined : retryLater();
      }
      if (stopped) return;
      const opening = new WebSocket(url);
      socket = opening;
      // A socket that has not opened within CHANGE_SOCKET.openTimeoutMs is given up and tried again.
      const openTimeout = setTimeout(() => opening.close(), CHANGE_SOCKET.openTimeoutMs);
      let openedAt: number | null = null;
      opening.addEventListener('open', () => {
        clearTimeout(openTimeout);
        openedAt = Date.now();
        socketOpen.set(true);
        void check();
        pingTimer = setInterval(() => opening.send('{"action":"ping"}'), CHANGE_SOCKET.pingMs);
      });
      opening.addEventListener('message', (message: MessageEvent<unknown>) => {
        const notice = typeof message.data === 'string' ? safeJson(message.data) : null;
        if (!isChangeNotice(notice)) return;
        heardFromServer();
        apply(notice.stamps);
      });
      opening.addEventListener('close', () => {
        clearTimeout(openTimeout);
        clearInterval(pingTimer);
        // A socket closed soon after it opened counts as a failed try, so a stage that lets sockets in
        // and drops them at once is not asked again every second.
        if (openedAt !== null && Date.now() - openedAt >= CHANGE_SOCKET.reconnectMaxMs) failedTries = 0;
        if (socket === opening) socket = null;
        socketOpen.set(false);
        if (!stopped) retryLater();
      });
    }

    function refusedSession(error: unknown) {
      if (!stopped && error instanceof ApiError && error.status === 401) sessionRefused.current?.();
    }

    function retryLater() {
      const ceiling = Math.min(CHANGE_SOCKET.reconnectMaxMs, CHANGE_SOCKET.reconnectFirstMs * 2 ** failedTries);
      failedTries += 1;
      reconnectTimer = setTimeout(() => void connect(), ceiling * (0.5 + Math.random() / 2));
    }

    const offline = () => connection.set('DISCONNECTED');
    // Back online, the next answer decides: checked at once rather than at the next interval.
    const online = () => {
      connection.set('CONNECTING');
      void check();
    };
    const shown = () => {
      if (document.visibilityState !== 'visible' || !heardWhileHidden) return;
      const stamps = heardWhileHidden;
      heardWhileHidden = null;
      apply(stamps);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', shown);
    void check();
    void connect();
    const timer = setInterval(() => {
      if (!socket || socket.readyState !== WebSocket.OPEN) void check();
    }, intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(reconnectTimer);
      clearInterval(pingTimer);
      socket?.close();
      socketOpen.set(false);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [intervalMs]);
}

/** Whether a socket message is a change notice (checked by hand: zod is not loaded for it). */
function isChangeNotice(value: unknown): value is ChangeNotice {
  if (typeof value !== 'object' || value === null || !('stamps' in value)) return false;
  const { stamps } = value;
  return typeof stamps === 'object' && stamps !== null && Object.values(stamps).every(Number.isInteger);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
