import { useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { POLLING_MS } from '../../../../../shared/constants';
import { apiRequest } from '../../../lib/api';

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

export type RealtimeStatus = 'CONNECTING' | 'CONNECTED' | 'ERROR';

/** CONNECTED while the change check answers, ERROR when it fails; checked at the polling interval while shown. */
export function useRealtimeStatus(): RealtimeStatus {
  const check = useSWR('realtime-status', () => apiRequest('/api/changes', { signedIn: true }), {
    refreshInterval: POLLING_MS.data,
    shouldRetryOnError: false,
  });
  if (check.error) return 'ERROR';
  return check.data ? 'CONNECTED' : 'CONNECTING';
}
