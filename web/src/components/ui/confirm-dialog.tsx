import { useState } from 'react';
import { Button } from './button';
import { classNames } from './class-names';
import { Modal } from './modal';
import { useTexts } from '../../i18n/texts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` for what cannot be taken back (the confirm button turns red). */
  tone?: 'default' | 'danger';
  /** May return a promise: the buttons wait for it, then the parent closes the dialog. */
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}

/** Asks before an action; Cancel has the focus, so Enter on an unread question does nothing harmful. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, tone = 'default', onConfirm, onCancel }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const cancel = useTexts().common.cancel;

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      role="alertdialog"
      className="confirm-dialog"
      onClose={() => {
        if (!busy) onCancel();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
            {cancelLabel ?? cancel}
          </Button>
          <Button className={classNames(tone === 'danger' && 'button--danger')} busy={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="confirm-dialog__message">{message}</p>
    </Modal>
  );
}
