import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { IMPORT_LIMITS, IMPORT_MESSAGES, PROJECT_TARGETS, type ProjectTarget } from '../../../../../shared/imports';
import type { ImportEntry } from '../../../../../shared/imports.schema';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConnectionNotice } from '../../../components/ui/connection-notice';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { useAppTexts, useSettingsSectionTexts } from '../../../i18n/texts';
import { localizedError } from '../../../lib/api';
import { useOfflineStatus } from '../../../lib/offline/status';
import { applyImport, previewImport, useImportProgress } from '../api/data-import';

/** How often an import being written is read again: a few hundred items are written within a second or two. */
const APPLYING_REFRESH_MS = 1_000;
/** What the file picker offers; the server tells the kind by what the file holds. */
const ACCEPTED_FILES = '.zip,.csv,.ics,.ical,.json';

/**
 * Settings → "Import": the person picks a file (a Todoist or TickTick backup, an .ics file, or a
 * Tempo export) and what Todoist's and TickTick's projects become; the server reads it into a
 * preview (what would be made, the rows skipped and why) without writing anything; once confirmed,
 * the items are written in the background and the section says when it is done. Everything here
 * needs the network.
 */
export function DataImportSection() {
  const texts = useAppTexts();
  const t = useSettingsSectionTexts().dataImport;
  const own = { english: IMPORT_MESSAGES, translated: t.messages };
  const showToast = useToast();
  const offline = !useOfflineStatus().online;
  const offlineId = useId();
  const fileId = useId();
  const projectsName = useId();
  const [file, setFile] = useState<File | null>(null);
  const [projects, setProjects] = useState<ProjectTarget>('goals');
  const [reading, setReading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportEntry | null>(null);
  const [applyingId, setApplyingId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const progress = useImportProgress(applyingId, APPLYING_REFRESH_MS);
  const input = useRef<HTMLInputElement>(null);
  const needsNetwork = { disabled: offline, 'aria-describedby': offline ? offlineId : undefined };

  const done = progress.data?.status === 'done' ? progress.data : null;
  useEffect(() => {
    if (done) showToast({ tone: 'success', title: t.doneNotice });
  }, [done, showToast, t]);

  async function read(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    if (!file || file.size > IMPORT_LIMITS.fileMaxBytes) {
      setRefusal(file ? t.messages.tooLarge : t.chooseFile);
      return;
    }
    setReading(true);
    try {
      setPreview(await previewImport(file, projects));
      setApplyingId(null);
    } catch (failure) {
      setRefusal(localizedError(failure, texts, t.readFailed, own));
    } finally {
      setReading(false);
    }
  }

  async function confirm(entry: ImportEntry) {
    setConfirming(true);
    try {
      const started = await applyImport(entry.id);
      setApplyingId(started.id);
      setPreview(null);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (failure) {
      showToast({ tone: 'error', title: localizedError(failure, texts, t.applyFailed, own) });
    } finally {
      setConfirming(false);
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="settings-data-import">
      <h2 id="settings-data-import">{t.title}</h2>
      <p>{t.hint}</p>
      {!preview && (
        <form className="settings-subform" onSubmit={(event) => void read(event)} noValidate>
          {refusal && <Alert tone="error">{refusal}</Alert>}
          <div className="field">
            <label className="field__label" htmlFor={fileId}>
              {t.file}
            </label>
            <input
              id={fileId}
              ref={input}
              type="file"
              accept={ACCEPTED_FILES}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setRefusal(null);
              }}
            />
            <div className="field__hint">{t.fileHint(IMPORT_LIMITS.fileMaxBytes / 1024 / 1024)}</div>
          </div>
          <fieldset className="settings-choices">
            <legend>{t.projects}</legend>
            <p className="settings-muted">{t.projectsHint}</p>
            {PROJECT_TARGETS.map((target) => (
              <label key={target} className="settings-choice">
                <input type="radio" name={projectsName} value={target} checked={projects === target} onChange={() => setProjects(target)} />
                {t.projectTargets[target]}
              </label>
            ))}
          </fieldset>
          <div>
            <Button type="submit" busy={reading} {...needsNetwork}>
              {t.read}
            </Button>
          </div>
        </form>
      )}
      {preview && (
        <Preview entry={preview}>
          <div className="settings-actions">
            <Button busy={confirming} {...needsNetwork} onClick={() => void confirm(preview)}>
              {t.confirm}
            </Button>
            <Button variant="secondary" onClick={() => setPreview(null)}>
              {t.cancel}
            </Button>
          </div>
        </Preview>
      )}
      <div role="status">
        {applyingId && !done && (
          <p>
            <Spinner /> {t.applying}
          </p>
        )}
        {done && <p>{t.done(done.made, done.existing)}</p>}
      </div>
      {offline && <ConnectionNotice id={offlineId}>{t.needsConnection}</ConnectionNotice>}
    </section>
  );
}

/** What the file would make ("214 tasks, 12 goals, 31 tags"), the rows left out and why, and what was kept with a change. */
function Preview({ entry, children }: { entry: ImportEntry; children: ReactNode }) {
  const t = useSettingsSectionTexts().dataImport;
  const headingId = useId();
  const where = (row: { file: string | null; line: number }) => (row.file ? t.lineInFile(row.file, row.line) : t.line(row.line));
  return (
    <div aria-labelledby={headingId} role="region">
      <h3 id={headingId} className="settings-subtitle">
        {t.previewTitle(t.formats[entry.format])}
      </h3>
      <p>{t.summary(entry.counts)}</p>
      {entry.trashed > 0 && <p>{t.trashed(entry.trashed)}</p>}
      {entry.skipped_count > 0 && (
        <>
          <p>{t.skippedCount(entry.skipped_count)}</p>
          <ul className="settings-entries" aria-label={t.skippedLabel}>
            {entry.skipped.map((row) => (
              <li key={`${row.file ?? ''}:${row.line}`}>
                {where(row)}: {row.title && <q>{row.title}</q>} {t.messages[row.reason]}
              </li>
            ))}
          </ul>
        </>
      )}
      {entry.notes_count > 0 && (
        <>
          <p>{t.notesCount(entry.notes_count)}</p>
          <ul className="settings-entries" aria-label={t.notesLabel}>
            {entry.notes.map((row, index) => (
              <li key={`${row.file ?? ''}:${row.line}:${index}`}>
                {where(row)}: <q>{row.title}</q> {t.messages[row.kind]}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="settings-muted">{t.twice}</p>
      {children}
    </div>
  );
}
