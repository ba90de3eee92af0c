import { useEffect, useRef, useSyncExternalStore } from 'react';
import { mutate } from 'swr';
import { POLLING_MS } from '../../../shared/constants';
import type { ChangeStamps, Stamped } from '../../../shared/changes';
import { ITEM_KINDS } from '../../../shared/items';
import { apiRequest, onOwnChanges } from './api';
import { listKey, SETTINGS_KEY, TRASH_KEY } from './items';

/** The spec's real-time states, as the polling that stands in for real-time sees them. */
export type ConnectionStatus = 'DISCONNECTED' | 'CONNECTING' | 'CONNECTED' | 'ERROR';

let connection: ConnectionStatus = 'CONNECTING';
const listeners = new Set<() => void>();
function setConnection(status: ConnectionStatus): void {
  if (status === connection) return;
  connection = status;
  listeners.forEach((listener) => listener());
}

/** How the change watcher's last poll went: DISCONNECTED while the browser is offline, ERROR when the check failed. */
export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connection,
  );
}

/**
 * The counters as seen once this page's own write moved them: a counter one step past the last
 * one seen moved by that write alone, whose answer the page holds already, so the next poll reads
 * nothing for it; a counter further on moved by someone else too, and is left for the poll to see.
 */
export function acknowledgeOwnChanges(seen: ChangeStamps, moved: ReadonlyMap<string, number>): ChangeStamps {
  const next = { ...seen };
  for (const [what, value] of moved) {
    if (Object.hasOwn(next, what) && next[what as Stamped] === value - 1) next[what as Stamped] = value;
  }
  return next;
}

/**
 * Polling in place of real-time, one request per interval: the change counters
 * (`GET /api/changes`, one key read on the server) are compared with the last ones seen, and only the
 * lists whose counter moved are fetched again. Hidden tabs do not poll.
 */
export function useChangeWatcher(intervalMs: number = POLLING_MS.data): void {
  const seen = useRef<ChangeStamps | null>(null);

  useEffect(() => {
    let stopped = false;
    const stopHearing = onOwnChanges((moved) => {
      if (seen.current) seen.current = acknowledgeOwnChanges(seen.current, moved);
    });
    async function check() {
      if (document.visibilityState === 'hidden') return;
      if (!navigator.onLine) return setConnection('DISCONNECTED');
      try {
        const { stamps } = await apiRequest<{ stamps: ChangeStamps }>('/api/changes', { signedIn: true });
        if (stopped) return;
        setConnection('CONNECTED');
        const previous = seen.current;
        seen.current = stamps;
        if (!previous) return;
        const moved = (what: Stamped) => stamps[what] !== previous[what];
        for (const kind of ITEM_KINDS) if (moved(kind)) void mutate(listKey(kind));
        if (ITEM_KINDS.some(moved)) void mutate(TRASH_KEY);
        if (moved('settings')) void mutate(SETTINGS_KEY);
      } catch {
        // A missed poll is retried at the next interval; the screens keep what they have.
        if (!stopped) setConnection(navigator.onLine ? 'ERROR' : 'DISCONNECTED');
      }
    }
    const offline = () => setConnection('DISCONNECTED');
    // Back online, the next answer decides: checked at once rather than at the next interval.
    const online = () => {
      setConnection('CONNECTING');
      void check();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    void check();
    const timer = setInterval(() => void check(), intervalMs);
    return () => {
      stopped = true;
      stopHearing();
      clearInterval(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [intervalMs]);
}
