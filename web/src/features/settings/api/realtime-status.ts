import { observable, useObservable } from '../../../lib/observable';

const SHOW_KEY = 'tempo.showRealtimeStatus';
const shown = observable(localStorage.getItem(SHOW_KEY) === 'true');

/** Whether this browser shows the real-time connection status (a local preference). */
export function useShowRealtimeStatus(): [boolean, (show: boolean) => void] {
  const set = (value: boolean) => {
    localStorage.setItem(SHOW_KEY, String(value));
    shown.set(value);
  };
  return [useObservable(shown), set];
}
