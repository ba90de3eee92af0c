import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';

interface SecretShownOnceProps {
  /** The field's label ("Your new token"). */
  label: string;
  secret: string;
  /** Says that it is not shown again, and why. */
  shownOnce: string;
  copyLabel: string;
  copied: string;
  copyFailed: string;
  doneLabel: string;
  onDone: () => void;
}

/**
 * A secret just made (an access token, a webhook's signing secret) that the server keeps only as a
 * hash or never shows again: shown this once, with Copy, until the person says they are done. It
 * takes the focus when it appears (selected, ready to copy), so a screen reader reads it at once.
 */
export function SecretShownOnce({ label, secret, shownOnce, copyLabel, copied, copyFailed, doneLabel, onDone }: SecretShownOnceProps) {
  const showToast = useToast();
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => frame.current?.querySelector('input')?.focus(), [secret]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      showToast({ tone: 'success', title: copied });
    } catch {
      showToast({ tone: 'error', title: copyFailed });
    }
  }

  // Blocked in session replays: the secret must never leave the browser but to the clipboard.
  return (
    <div ref={frame} className="settings-secret" data-sentry-block="">
      <TextField label={label} value={secret} readOnly hint={shownOnce} className="settings-secret__value" onFocus={(event) => event.target.select()} />
      <div className="settings-actions">
        <Button variant="secondary" onClick={() => void copy()}>
          {copyLabel}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
