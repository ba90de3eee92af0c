import { useId, useState } from 'react';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { useAppTexts } from '../../i18n/texts';

/** What a change to one occurrence of a series reaches. */
export type SeriesScope = 'this' | 'following' | 'all';
const SCOPES: readonly SeriesScope[] = ['this', 'following', 'all'];

interface SeriesScopeDialogProps {
  /** What repeats, and what is done to it: the dialog's title and choices say so. */
  kind: 'events' | 'tasks';
  action: 'edit' | 'delete';
  /** May return a promise: the buttons wait for it, then the parent closes the dialog. */
  onChoose: (scope: SeriesScope) => void | Promise<void>;
  onCancel: () => void;
}

/** Asks whether an edit or a delete is for this occurrence, this and the following ones, or the whole series. */
export function SeriesScopeDialog({ kind, action, onChoose, onCancel }: SeriesScopeDialogProps) {
  const scopeTexts = useAppTexts().repeat.scope;
  const t = { ...scopeTexts, ...scopeTexts[kind] };
  const title = t[action];
  const [scope, setScope] = useState<SeriesScope>('this');
  const [busy, setBusy] = useState(false);
  const name = useId();

  async function choose() {
    setBusy(true);
    try {
      await onChoose(scope);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={title}
      className="series-scope"
      onClose={() => {
        if (!busy) onCancel();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
          <Button busy={busy} onClick={() => void choose()}>
            {t.confirm}
          </Button>
        </>
      }
    >
      <fieldset className="series-scope__choices">
        <legend className="visually-hidden">{title}</legend>
        {SCOPES.map((option) => (
          <label key={option} className="series-scope__choice">
            <input
              type="radio"
              name={name}
              value={option}
              checked={scope === option}
              onChange={() => setScope(option)}
              data-autofocus={option === scope || undefined}
            />
            {t[option]}
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}
