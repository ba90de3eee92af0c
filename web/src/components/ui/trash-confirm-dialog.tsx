import type { TrashableKind } from '../../../../shared/items';
import { deleteItem } from '../../lib/items';
import { ConfirmDialog } from './confirm-dialog';
import { useToast } from './toast';

interface TrashConfirmDialogProps<T extends { id: string }> {
  kind: TrashableKind;
  /** The item to move to the trash once confirmed; null keeps the dialog closed. */
  item: T | null;
  /** Called when the dialog is done: the item moved, or the user said no. */
  onClose: () => void;
  title: string;
  message: string;
  /** The success toast's title, if one is said. */
  moved?: string;
  /** The failure toast's title ('Failed to delete goal'), said with 'Please try again.'. */
  failed: string;
}

/** Asks before moving an item to the trash, then moves it ('Move to Trash'). */
export function TrashConfirmDialog<T extends { id: string }>({ kind, item, onClose, title, message, moved, failed }: TrashConfirmDialogProps<T>) {
  const showToast = useToast();

  async function moveToTrash(target: T) {
    try {
      await deleteItem(kind, target.id);
      if (moved) showToast({ tone: 'success', title: moved });
    } catch {
      showToast({ tone: 'error', title: failed, description: 'Please try again.' });
    }
    onClose();
  }

  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      message={message}
      confirmLabel="Move to Trash"
      tone="danger"
      onConfirm={() => (item ? moveToTrash(item) : undefined)}
      onCancel={onClose}
    />
  );
}
