import { lazy, Suspense, useEffect, useState } from 'react';
import { SAVED_INDICATOR_MS } from '../../../../../shared/constants';
import { classNames } from '../../../components/ui/class-names';
import { useIsMobile } from '../../../components/ui/use-is-mobile';
import { useLanguage } from '../../../i18n/language';
import { useAppTexts } from '../../../i18n/texts';
import { useOfflineStatus, type OfflineStatus as Status } from '../../../lib/offline/status';
import { statusLine, statusLineText, warns } from '../lib/status-line';
import './offline.css';

/** The conflicts' dialog's code comes once there is a conflict to show: most visits have none. */
const OfflineConflicts = lazy(() => import('./offline-conflicts').then(({ OfflineConflicts: Dialog }) => ({ default: Dialog })));

/** How long a change may be on its way online before the line says it is being saved. */
const SLOW_SAVE_MS = 1_000;

/**
 * What the line says of saving online, so that a click saved at once is not announced: `quiet`
 * while changes have been on their way for less than SLOW_SAVE_MS and the person never saw them
 * wait; `justSaved` for SAVED_INDICATOR_MS once changes the person saw waiting (offline, or a slow
 * save) are all saved.
 */
function useSavingShown({ online, waiting }: Status): { quiet: boolean; justSaved: boolean } {
  const pending = waiting > 0;
  const [slow, setSlow] = useState(false);
  const [seen, setSeen] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    setSlow(false);
    if (!pending || !online) return;
    const timer = setTimeout(() => setSlow(true), SLOW_SAVE_MS);
    return () => clearTimeout(timer);
  }, [pending, online]);
  useEffect(() => {
    if (pending && (!online || slow)) setSeen(true);
  }, [pending, online, slow]);
  useEffect(() => {
    if (pending) setSavedAt(null);
    else if (online && seen) {
      setSeen(false);
      setSavedAt(Date.now());
    }
  }, [pending, online, seen]);
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);
  return { quiet: online && pending && !slow && !seen, justSaved: savedAt !== null };
}

/**
 * The frame's word on changes made here: "Offline · 3 changes waiting", "Saving 3 changes…" (online,
 * once they take more than a moment), then "All changes saved" for a moment; a warning before the
 * waiting changes fill up; and a button to the changes that did not go through as made. The live region stays in the page, empty when there
 * is nothing to say, so a screen reader hears each new line. `compact`: the dot alone, its words as
 * a tooltip and for screen readers.
 */
export function OfflineStatus({ compact = false }: { compact?: boolean }) {
  const status = useOfflineStatus();
  const { quiet, justSaved } = useSavingShown(status);
  const language = useLanguage();
  const t = useAppTexts().offline;
  const [conflictsOpen, setConflictsOpen] = useState(false);
  const line = quiet && !warns(statusLine(status, false)) ? null : statusLine(status, justSaved);
  const text = line && statusLineText(line, t, language);
  const conflicts = status.conflicts.length;
  // The phone's top bar has room for the line or the button's words, not both: the button shows its count.
  const phone = useIsMobile();
  const shortButton = compact || phone;
  return (
    <>
      <p
        className={classNames('offline-status', line && `offline-status--${line.say}`, warns(line) && 'offline-status--warning')}
        role="status"
        title={compact && text ? text : undefined}
        // The saved line fades out over its time on screen.
        style={line?.say === 'saved' ? { animationDuration: `${SAVED_INDICATOR_MS}ms` } : undefined}
      >
        {text && (
          <>
            <span className="offline-status__dot" aria-hidden="true" />
            <span className={compact ? 'visually-hidden' : undefined}>{text}</span>
          </>
        )}
      </p>
      {conflicts > 0 && (
        <button
          type="button"
          className="offline-status__conflicts"
          title={shortButton ? t.conflicts(conflicts) : undefined}
          aria-label={shortButton ? t.conflicts(conflicts) : undefined}
          onClick={() => setConflictsOpen(true)}
        >
          {shortButton ? conflicts : t.conflicts(conflicts)}
        </button>
      )}
      {conflicts > 0 && (
        <Suspense fallback={null}>
          <OfflineConflicts open={conflictsOpen} conflicts={status.conflicts} onClose={() => setConflictsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
