import { useSyncExternalStore } from 'react';
import { observable } from '../../lib/observable';

/**
 * The modal dialogs open now, the innermost last. A modal dialog makes everything outside it inert
 * and hides it under its backdrop, so what must stay seen and heard while one is open (the toasts)
 * goes inside the innermost.
 */
const openDialogs = observable<readonly HTMLDialogElement[]>([]);

/** Records a dialog as open; the returned function records it closed. */
export function trackOpenDialog(dialog: HTMLDialogElement): () => void {
  openDialogs.set([...openDialogs.get(), dialog]);
  return () => openDialogs.set(openDialogs.get().filter((open) => open !== dialog));
}

/** The innermost open modal dialog, or null when none is open, as React state. */
export function useInnermostDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(openDialogs.subscribe, innermost);
}

/** The innermost open modal dialog now, or null. */
export function innermost(): HTMLDialogElement | null {
  return openDialogs.get().at(-1) ?? null;
}
