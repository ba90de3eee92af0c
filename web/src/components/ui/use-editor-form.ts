import { useState } from 'react';
import { ApiError, localizedFieldErrors } from '../../lib/api';
import { useToast } from './toast';
import { useAppTexts } from '../../i18n/texts';

interface SaveTexts {
  /** The success toast's title, if the save says so. */
  saved?: string;
  /** The failure toast's title ('Failed to save goal'), said with 'Please try again.'. */
  failed: string;
}

/**
 * An item editor's form: its values (the fields of `defaults`, taken from the item edited, or
 * `defaults` themselves for a new one), changed a few fields at a time, and its save. A save that
 * succeeds closes the editor; one that fails keeps it open, shows the server's message under each
 * field it names and raises the failure toast.
 */
export function useEditorForm<V extends object>(defaults: V, item: NoInfer<V> | null, onClose: () => void) {
  const showToast = useToast();
  const appTexts = useAppTexts();
  const [values, setValues] = useState<V>(() => (item ? fieldsOf(item, defaults) : defaults));
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);

  const change = (patch: Partial<V>) => setValues((current) => ({ ...current, ...patch }));

  async function save(request: () => Promise<unknown>, texts: SaveTexts) {
    setSaving(true);
    try {
      await request();
      if (texts.saved) showToast({ tone: 'success', title: texts.saved });
      onClose();
    } catch (error) {
      setServerErrors(error instanceof ApiError ? localizedFieldErrors(error, appTexts) : {});
      showToast({ tone: 'error', title: texts.failed, description: appTexts.ui.tryAgain });
    } finally {
      setSaving(false);
    }
  }

  return { values, change, save, saving, serverErrors };
}

/** The item's values of the fields `like` has (an item carries more: id, dates, order). */
function fieldsOf<V extends object>(item: V, like: V): V {
  return Object.fromEntries(Object.keys(like).map((key) => [key, item[key as keyof V]])) as V;
}
