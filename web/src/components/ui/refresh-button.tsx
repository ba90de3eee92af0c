import { useState } from 'react';
import { REFRESH_SPINNER_MS } from '../../../../shared/constants';
import { Button } from './button';
import { useAppTexts } from '../../i18n/texts';

interface RefreshButtonProps {
  onRefresh: () => Promise<unknown>;
  /** The accessible name, when the page has more than one Refresh ('Refresh schedule'). */
  label?: string;
}

/**
 * A Refresh button whose spinner turns at least REFRESH_SPINNER_MS, so a fast answer still shows;
 * it turns only for the person's own refresh, not for the background polling.
 */
export function RefreshButton({ onRefresh, label }: RefreshButtonProps) {
  const t = useAppTexts().ui;
  const [busy, setBusy] = useState(false);
  async function refresh() {
    setBusy(true);
    try {
      await Promise.all([onRefresh(), new Promise((resolve) => setTimeout(resolve, REFRESH_SPINNER_MS))]);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" busy={busy} onClick={() => void refresh()} aria-label={label}>
      {t.refresh}
    </Button>
  );
}
