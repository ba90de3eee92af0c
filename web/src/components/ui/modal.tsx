import { useEffect, useId, useRef, type ReactNode } from 'react';
import { classNames } from './class-names';
import { innermost, trackOpenDialog } from './open-dialogs';
import './modal.css';
import { useTexts } from '../../i18n/texts';

export interface ModalProps {
  open: boolean;
  title: string;
  /** Called on Escape, on a click on the backdrop and by the close button. */
  onClose: () => void;
  children?: ReactNode;
  /** Buttons under the content, right-aligned. */
  footer?: ReactNode;
  /** `alertdialog` for a question that needs an answer (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` makes the rest of the page inert
 * (so focus stays inside), moves focus into it (to the element marked `data-autofocus`, else the
 * first focusable one), and gives focus back to what had it when it closes (else to `main`).
 * The content is only rendered while open, so a form in it starts afresh each time.
 */
export function Modal({ open, title, onClose, children, footer, role = 'dialog', className }: ModalProps) {
  const closeLabel = useTexts().common.close;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    if (!element.open) {
      element.showModal();
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    const untrack = trackOpenDialog(element);
    return () => {
      untrack();
      if (!element.open) return;
      element.close();
      // The browser has given the focus back to what had it; when that is gone (a card just moved
      // to the trash) or was nothing (opened from a link), the dialog under this one takes it, or
      // else the page's main region.
      if (document.activeElement !== document.body) return;
      const below = innermost()?.querySelector<HTMLElement>('.modal__panel') ?? document.querySelector<HTMLElement>('main[tabindex]');
      below?.focus();
    };
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Escape: the parent decides (it may keep the dialog open while an action runs).
    const cancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // The browser may close it anyway (a second Escape); keep the parent's state in step. The
    // event comes a moment after the close: by then the dialog may have been opened again.
    const closed = () => {
      if (open && !element.open) onCloseRef.current();
    };
    element.addEventListener('cancel', cancel);
    element.addEventListener('close', closed);
    return () => {
      element.removeEventListener('cancel', cancel);
      element.removeEventListener('close', closed);
    };
  }, [open]);

  return (
    // A click on the backdrop lands on the dialog element itself; the keyboard has Escape and the close button.
    <dialog
      ref={dialog}
      className={classNames('modal', className)}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="modal__panel" tabIndex={-1}>
          <header className="modal__header">
            <h2 className="modal__title" id={titleId}>
              {title}
            </h2>
            <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="modal__body">{children}</div>
          {footer && <footer className="modal__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
