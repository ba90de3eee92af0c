import { discardItem } from '../../lib/items';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useToast } from '../ui/toast';
import { useAppTexts } from '../../i18n/texts';

interface TrashConfirmDialogProps<T extends { id: string }> {
  kind: 'goals' | 'tasks';
  /** The item to move to the trash once confirmed; null keeps the dialog closed. */
  item: T | null;
  /** Called when the dialog is done: the item moved, or the user said no. */
  onClose: () => void;
  /** No toasts: a failure is only logged (the Goal Tasks panel). */
  quiet?: boolean;
}

/** Asks before moving a goal or task to the trash, then moves it ('Move to Trash'). */
export function TrashConfirmDialog<T extends { id: string }>({ kind, item, onClose, quiet = false }: TrashConfirmDialogProps<T>) {
  const showToast = useToast();
  const all = useAppTexts();
  const texts: { title: string; message: string; moved?: string; failed: string } = all.trashConfirm[kind];

  async function moveToTrash(target: T) {
    try {
      await discardItem(kind, target.id);
      if (texts.moved && !quiet) showToast({ tone: 'success', title: texts.moved });
    } catch (error) {
      if (quiet) console.error(`Could not move ${kind} to the trash`, error);
      else showToast({ tone: 'error', title: texts.failed, description: all.ui.tryAgain });
    }
    onClose();
  }

  return (
    <ConfirmDialog
      open={item !== null}
      title={texts.title}
      message={texts.message}
      confirmLabel={all.ui.moveToTrash}
      tone="danger"
      onConfirm={() => (item ? moveToTrash(item) : undefined)}
      onCancel={onClose}
    />
  );
}
