import { useState } from 'react';
import { useToast } from './toast';
import { useAppTexts } from '../../i18n/texts';
import { inIdOrder } from '../../../../shared/list-order';

interface ReorderTexts {
  /** The success toast's title ('Goal order updated'). */
  saved: string;
  /** The failure toast's title. */
  failed: string;
}

/**
 * Reorder mode of a list: entering takes a draft of the order, drags
 * change the draft, leaving saves every id in the new order and says 'New order saved'. Items that
 * arrive meanwhile go last; items that leave drop out.
 */
export function useReorder<T extends { id: string }>(items: readonly T[], save: (ids: string[]) => Promise<void>, texts: ReorderTexts) {
  const showToast = useToast();
  const t = useAppTexts().ui;
  const [draft, setDraft] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  const ordered = draft ? inIdOrder(items, draft) : items;

  async function toggle() {
    if (!draft) {
      setDraft(items.map((item) => item.id));
      return;
    }
    setSaving(true);
    try {
      await save(ordered.map((item) => item.id));
      showToast({ tone: 'success', title: texts.saved, description: t.orderSaved });
    } catch {
      showToast({ tone: 'error', title: texts.failed, description: t.tryAgain });
    } finally {
      setSaving(false);
      setDraft(null);
    }
  }

  function move(activeId: string, overId: string) {
    setDraft(
      moved(
        ordered.map((item) => item.id),
        activeId,
        overId,
      ),
    );
  }

  return { reordering: draft !== null, saving, ordered, toggle, move };
}

/** `ids` with `activeId` taken out and put in `overId`'s place, as a drop of one item on another does. */
export function moved(ids: readonly string[], activeId: string, overId: string): string[] {
  const rest = ids.filter((id) => id !== activeId);
  rest.splice(ids.indexOf(overId), 0, activeId);
  return rest;
}
