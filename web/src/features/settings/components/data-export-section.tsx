import { useEffect, useId, useRef, useState } from 'react';
import { DATA_EXPORT_MESSAGES } from '../../../../../shared/data-export';
import type { DataExportEntry } from '../../../../../shared/data-export.schema';
import { Button } from '../../../components/ui/button';
import { ConnectionNotice } from '../../../components/ui/connection-notice';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { useLanguage } from '../../../i18n/language';
import { useAppTexts, useSettingsSectionTexts } from '../../../i18n/texts';
import { localizedError } from '../../../lib/api';
import { useOfflineStatus } from '../../../lib/offline/status';
import { downloadDataExport, requestDataExport, useDataExport } from '../api/data-export';
import { useInstantTexts } from './use-instant-texts';

/** How often the latest export is read again while it is being made: a small account's is ready within a second. */
const BUILDING_REFRESH_MS = 1_000;

/**
 * Settings → "Export my data": one button that asks for an export of everything the person keeps,
 * made in the background. The section lists the latest export (being made, ready to download until
 * it expires, or failed with why), and says so on screen when the one waited for is ready; the
 * person may leave the page meanwhile. Everything here needs the network.
 */
export function DataExportSection() {
  const texts = useAppTexts();
  const t = useSettingsSectionTexts().dataExport;
  const own = { english: DATA_EXPORT_MESSAGES, translated: t.messages };
  const showToast = useToast();
  const latest = useDataExport(BUILDING_REFRESH_MS);
  const entry = latest.data;
  const offline = !useOfflineStatus().online;
  const offlineId = useId();
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const needsNetwork = { disabled: offline, 'aria-describedby': offline ? offlineId : undefined };

  // The notice when the export waited for on this page is made (or fails); one found made on coming back is listed only.
  const seenStatus = useRef(entry?.status);
  useEffect(() => {
    const was = seenStatus.current;
    seenStatus.current = entry?.status;
    if (was !== 'building' || !entry) return;
    if (entry.status === 'ready') showToast({ tone: 'success', title: t.readyNotice });
    if (entry.status === 'failed') showToast({ tone: 'error', title: t.failures[entry.failure ?? 'failed'] });
  }, [entry, showToast, t]);

  async function start() {
    setStarting(true);
    try {
      const started = await requestDataExport();
      await latest.mutate(started, { revalidate: false });
    } catch (failure) {
      showToast({ tone: 'error', title: localizedError(failure, texts, t.startFailed, own) });
      await latest.mutate();
    } finally {
      setStarting(false);
    }
  }

  async function download(ready: DataExportEntry) {
    setDownloading(true);
    try {
      await downloadDataExport(ready);
    } catch (failure) {
      showToast({ tone: 'error', title: localizedError(failure, texts, t.downloadFailed, own) });
      await latest.mutate();
    } finally {
      setDownloading(false);
    }
  }

  const building = entry?.status === 'building';
  return (
    <section className="card settings-section" aria-labelledby="settings-data-export">
      <h2 id="settings-data-export">{t.title}</h2>
      <p>{t.hint}</p>
      {latest.error && entry === undefined && <p role="alert">{t.loadFailed}</p>}
      <div role="status">{entry && <LatestExport entry={entry} />}</div>
      <div className="settings-actions">
        {entry?.status === 'ready' && (
          <Button busy={downloading} {...needsNetwork} onClick={() => void download(entry)}>
            {t.download}
          </Button>
        )}
        <Button
          variant={entry?.status === 'ready' ? 'secondary' : 'primary'}
          busy={starting}
          disabled={offline || building || (entry === undefined && !latest.error)}
          aria-describedby={needsNetwork['aria-describedby']}
          onClick={() => void start()}
        >
          {entry ? t.exportAgain : t.export}
        </Button>
      </div>
      {offline && <ConnectionNotice id={offlineId}>{t.needsConnection}</ConnectionNotice>}
    </section>
  );
}

/** What the latest export is: being made, ready (when made, how large, until when), or failed and why. */
function LatestExport({ entry }: { entry: DataExportEntry }) {
  const t = useSettingsSectionTexts().dataExport;
  const { day, dayAndTime } = useInstantTexts();
  const size = useFileSize();
  if (entry.status === 'building') {
    return (
      <p>
        <Spinner /> {t.building}
      </p>
    );
  }
  if (entry.status === 'failed') return <p>{t.failures[entry.failure ?? 'failed']}</p>;
  return <p>{t.ready(dayAndTime(entry.created_at), size(entry.size_bytes ?? 0), day(entry.expires_at))}</p>;
}

/** A size in the person's language: "840 kB", "2.1 MB". */
function useFileSize() {
  const language = useLanguage();
  return (bytes: number) => {
    const megabytes = bytes >= 1_000_000;
    const format = new Intl.NumberFormat(language, { style: 'unit', unit: megabytes ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 });
    return format.format(megabytes ? bytes / 1_000_000 : Math.max(bytes / 1000, 0.1));
  };
}
