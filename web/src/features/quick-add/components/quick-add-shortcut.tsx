import { useEffect, useState } from 'react';
import { innermost } from '../../../components/ui/open-dialogs';
import { Modal } from '../../../components/ui/modal';
import { useAppTexts } from '../../../i18n/texts';
import { useLocation } from '../../../lib/navigation';
import { QuickAdd } from './quick-add';

/** Q, pressed anywhere in the app outside a field and a dialog, opens quick add. */
export function QuickAddShortcut() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const t = useAppTexts().quickAdd;

  useEffect(() => {
    const keyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'q' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]') || innermost()) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', keyDown);
    return () => document.removeEventListener('keydown', keyDown);
  }, []);

  if (!open) return null;
  return (
    <Modal open title={t.label} className="quick-add-dialog" onClose={() => setOpen(false)}>
      <QuickAdd place={pathname === '/calendar' ? 'events' : 'tasks'} autoFocus onAdded={() => setOpen(false)} />
    </Modal>
  );
}
