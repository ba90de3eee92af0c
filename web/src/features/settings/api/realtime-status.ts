import { useSyncExternalStore } from 'react';

const SHOW_KEY = 'tempo.showRealtimeStatus';
const listeners = new Set<() => void>();

/** Whether this browser shows the real-time connection status (a local preference). */
export function useShowRealtimeStatus(): [boolean, (show: boolean) => void] {
  const show = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => localStorage.getItem(SHOW_KEY) === 'true',
  );
  const set = (value: boolean) => {
    localStorage.setItem(SHOW_KEY, String(value));
    listeners.forEach((listener) => listener());
  };
  return [show, set];
}
