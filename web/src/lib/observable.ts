import { useSyncExternalStore } from 'react';

/** A value held outside React (so a component that mounts later still sees it), with the listeners to tell when it changes. */
export interface Observable<T> {
  get: () => T;
  /** Tells the listeners, unless `next` is the value held already. */
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function observable<T>(initial: T): Observable<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (next === value) return;
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The value of `store`, as React state: the component draws again when it changes. */
export function useObservable<T>(store: Observable<T>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}
