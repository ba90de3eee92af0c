import { deleteItem } from '../../lib/items';
import { ConfirmDialog } from './confirm-dialog';
import { useToast } from './toast';

/** What the dialog asks, and the toasts after it, per kind. */
const TEXTS = {
  goals: {
    title: 'Move goal to trash?',
    message: 'Are you sure you want to move this goal to trash? You can restore it from the trash for up to 10 days.',
    moved: undefined,
    failed: 'Failed to delete goal',
  },
  tasks: {
    title: 'Delete task?',
    message: 'Are you sure you want to delete this task?',
    moved: 'Task moved to trash',
    failed: 'Failed to delete task',
  },
} as const;

interface TrashConfirmDialogProps<T extends { id: string }> {
  kind: keyof typeof TEXTS;
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
  const texts = TEXTS[kind];

  async function moveToTrash(target: T) {
    try {
      await deleteItem(kind, target.id);
      if (texts.moved && !quiet) showToast({ tone: 'success', title: texts.moved });
    } catch (error) {
      if (quiet) console.error(`Could not move ${kind} to the trash`, error);
      else showToast({ tone: 'error', title: texts.failed, description: 'Please try again.' });
    }
    onClose();
  }

  return (
    <ConfirmDialog
      open={item !== null}
      title={texts.title}
      message={texts.message}
      confirmLabel="Move to Trash"
      tone="danger"
      onConfirm={() => (item ? moveToTrash(item) : undefined)}
      onCancel={onClose}
    />
  );
}
