import { useSyncExternalStore } from 'react';

/**
 * The modal dialogs open now, the innermost last. A modal dialog makes everything outside it inert
 * and hides it under its backdrop, so what must stay seen and heard while one is open (the toasts)
 * goes inside the innermost.
 */
let openDialogs: readonly HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

/** Records a dialog as open; the returned function records it closed. */
export function trackOpenDialog(dialog: HTMLDialogElement): () => void {
  openDialogs = [...openDialogs, dialog];
  listeners.forEach((listener) => listener());
  return () => {
    openDialogs = openDialogs.filter((open) => open !== dialog);
    listeners.forEach((listener) => listener());
  };
}

/** The innermost open modal dialog, or null when none is open, as React state. */
export function useInnermostDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, innermost);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The innermost open modal dialog now, or null. */
export function innermost(): HTMLDialogElement | null {
  return openDialogs.at(-1) ?? null;
}
