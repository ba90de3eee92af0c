import { createContext, use, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TOAST } from '../../../../shared/constants';
import type { Tone } from './alert';
import { classNames } from './class-names';
import { useInnermostDialog } from './open-dialogs';
import { useTexts } from '../../i18n/texts';

export interface ToastInput {
  tone: Tone;
  title: string;
  description?: string;
}

interface Toast extends ToastInput {
  id: number;
  leaving: boolean;
}

const LIVE_REGIONS: readonly { politeness: 'assertive' | 'polite'; tones: readonly Tone[] }[] = [
  { politeness: 'assertive', tones: ['error', 'warning'] },
  { politeness: 'polite', tones: ['success', 'info'] },
];

const ShowToastContext = createContext<((toast: ToastInput) => void) | null>(null);

/** `showToast({ tone, title, description })` from anywhere under the ToastProvider. */
export function useToast(): (toast: ToastInput) => void {
  const showToast = use(ShowToastContext);
  if (!showToast) throw new Error('useToast needs a ToastProvider above it');
  return showToast;
}

/**
 * Holds the toasts and renders them over the page; they outlive the page that raised them. Their
 * region is one element that moves into the innermost open modal dialog and back (the rest of the
 * page is inert under a dialog), so a toast and its timer live on across the move.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const texts = useTexts();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const [host] = useState(() => document.createElement('div'));
  const innermostDialog = useInnermostDialog();
  useLayoutEffect(() => {
    (innermostDialog ?? document.body).append(host);
  }, [host, innermostDialog]);
  useEffect(() => () => host.remove(), [host]);

  const showToast = useCallback((toast: ToastInput) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...toast, id, leaving: false }]);
  }, []);
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)));
  }, []);
  const remove = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  return (
    <ShowToastContext value={showToast}>
      {children}
      {createPortal(
        <section className="toast-viewport" aria-label={texts.toast.notifications}>
          {/* Failures interrupt a screen reader; the rest waits for a pause. */}
          {LIVE_REGIONS.map(({ politeness, tones }) => (
            <ol key={politeness} className="toast-list" aria-live={politeness} aria-relevant="additions">
              {toasts
                .filter((toast) => tones.includes(toast.tone))
                .map((toast) => (
                  <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} onRemove={remove} />
                ))}
            </ol>
          ))}
        </section>,
        host,
      )}
    </ShowToastContext>
  );
}

function ToastItem({ toast, onDismiss, onRemove }: { toast: Toast; onDismiss: (id: number) => void; onRemove: (id: number) => void }) {
  const dismissLabel = useTexts().toast.dismiss;
  const { id, leaving } = toast;
  // Held while the pointer or the keyboard is on it, so it can be read and dismissed in time.
  const [held, setHeld] = useState(false);
  // Shown for TOAST.durationMs (from the start again once let go), then TOAST.exitMs of exit animation before it goes.
  useEffect(() => {
    if (held && !leaving) return;
    const timer = window.setTimeout(() => (leaving ? onRemove(id) : onDismiss(id)), leaving ? TOAST.exitMs : TOAST.durationMs);
    return () => window.clearTimeout(timer);
  }, [id, leaving, held, onDismiss, onRemove]);

  return (
    <li
      className={classNames('toast', `toast--${toast.tone}`, leaving && 'toast--leaving')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        {toast.description && <p className="toast__description">{toast.description}</p>}
      </div>
      <button type="button" className="toast__close" aria-label={dismissLabel} onClick={() => onDismiss(id)}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
