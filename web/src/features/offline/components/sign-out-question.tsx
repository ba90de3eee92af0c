import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAppTexts } from '../../../i18n/texts';
import { useOfflineStatus } from '../../../lib/offline/status';

interface SignOutQuestionProps {
  open: boolean;
  onSignOut: () => void;
  onStay: () => void;
}

/** Asked before signing out while changes made on this device wait to be sent: signing out deletes them. */
export function SignOutQuestion({ open, onSignOut, onStay }: SignOutQuestionProps) {
  const { waiting } = useOfflineStatus();
  const t = useAppTexts().offline;
  return (
    <ConfirmDialog
      open={open}
      title={t.signOutTitle}
      message={t.signOutWaiting(waiting)}
      confirmLabel={t.signOutAnyway}
      cancelLabel={t.staySignedIn}
      tone="danger"
      onConfirm={onSignOut}
      onCancel={onStay}
    />
  );
}
