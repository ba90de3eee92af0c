import { useState } from 'react';
import { zonedParts } from '../../../../../shared/zoned-time';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import type { AppTexts, PublicTexts } from '../../../i18n/catalogue-types';
import { useLanguage } from '../../../i18n/language';
import { useAppTexts } from '../../../i18n/texts';
import { localizeMessage } from '../../../lib/api';
import { useTimeZone } from '../../../lib/items';
import { dismissConflict, reapplyConflict, restoreWithChange, type Conflict, type ConflictField } from '../../../lib/offline/status';
import { formatDayAs, formatMinutes } from '../../../lib/zoned-dates';

type Texts = AppTexts & PublicTexts;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A field's value as the person reads it: the app's labels for statuses, priorities and types, dates in their zone, text quoted. */
function shownValue(conflict: Conflict, field: string, value: unknown, texts: Texts, timeZone: string): string {
  const { labels, offline: t } = texts;
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return texts.voice.changeSets.empty;
  if (typeof value === 'boolean') return value ? t.on : t.off;
  if (typeof value === 'string') {
    const label =
      field === 'status'
        ? conflict.kind === 'goals'
          ? labels.goalStatus[value as keyof Texts['labels']['goalStatus']]
          : labels.taskStatus[value as keyof Texts['labels']['taskStatus']]
        : field === 'priority'
          ? labels.priority[value as keyof Texts['labels']['priority']]
          : field === 'event_type'
            ? labels.eventType[value as keyof Texts['labels']['eventType']]
            : undefined;
    if (label) return label;
    if (ISO_DATE_TIME.test(value)) {
      const { day, minutes } = zonedParts(value, timeZone);
      return `${formatDayAs(day, texts.dates.day, texts.dates)} ${formatMinutes(minutes, texts.dates)}`;
    }
    return t.quoted(value);
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'object' ? '…' : String(value);
}

/** What the dialog says of one conflict. */
function conflictText(conflict: Conflict, texts: Texts, language: string, timeZone: string): string[] {
  const t = texts.offline;
  const title = t.quoted(conflict.title);
  const label = (field: ConflictField) => texts.voice.changeSets.fields[field.field] ?? field.field;
  const names = (fields: ConflictField[]) => new Intl.ListFormat(language, { type: 'conjunction' }).format(fields.map(label));
  const values = (fields: ConflictField[], side: 'mine' | 'theirs') =>
    fields.length === 1
      ? shownValue(conflict, fields[0]!.field, fields[0]![side], texts, timeZone)
      : fields.map((field) => `${label(field)} ${shownValue(conflict, field.field, field[side], texts, timeZone)}`).join(', ');
  if (conflict.reason === 'deleted_meanwhile') return [t.deletedMeanwhile(title)];
  if (conflict.reason === 'refused') return [t.refused(title, localizeMessage(conflict.message ?? '', texts) || texts.ui.tryAgain)];
  // Changed elsewhere: where theirs was applied, mine may be put back; where mine was (the newer), theirs is said.
  const theirsApplied = conflict.fields.filter((field) => field.applied === 'theirs');
  const mineApplied = conflict.fields.filter((field) => field.applied === 'mine');
  const lines: string[] = [];
  if (theirsApplied.length > 0) lines.push(`${t.changedElsewhere(title, names(theirsApplied))} ${t.yours(values(theirsApplied, 'mine'))}`);
  if (mineApplied.length > 0) lines.push(`${t.keptYours(title, names(mineApplied))} ${t.theirs(values(mineApplied, 'theirs'))}`);
  return lines;
}

/**
 * The changes made offline that did not go through as made: changed elsewhere meanwhile (mine can be
 * put back), deleted meanwhile (restored with mine), or refused by the server (its reason). Each
 * can be dismissed.
 */
export function OfflineConflicts({ open, conflicts, onClose }: { open: boolean; conflicts: readonly Conflict[]; onClose: () => void }) {
  const texts = useAppTexts();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const showToast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const t = texts.offline;

  async function act(conflict: Conflict, action: (id: string) => Promise<void>) {
    setBusy(conflict.id);
    try {
      await action(conflict.id);
    } catch {
      showToast({ tone: 'error', title: texts.ui.tryAgain });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal open={open} title={t.conflictsTitle} onClose={onClose} className="offline-conflicts">
      <ul className="offline-conflicts__list">
        {conflicts.map((conflict) => (
          <li key={conflict.id} className="offline-conflicts__item">
            {conflictText(conflict, texts, language, timeZone).map((line) => (
              <p key={line}>{line}</p>
            ))}
            <div className="offline-conflicts__actions">
              {conflict.reason === 'changed_elsewhere' && conflict.fields.some((field) => field.applied === 'theirs') && (
                <Button variant="secondary" busy={busy === conflict.id} onClick={() => void act(conflict, reapplyConflict)}>
                  {t.useMine}
                </Button>
              )}
              {conflict.reason === 'deleted_meanwhile' && (
                <Button variant="secondary" busy={busy === conflict.id} onClick={() => void act(conflict, restoreWithChange)}>
                  {t.restore}
                </Button>
              )}
              <Button variant="ghost" disabled={busy === conflict.id} onClick={() => void act(conflict, dismissConflict)}>
                {texts.common.dismiss}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
