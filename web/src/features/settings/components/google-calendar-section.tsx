import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from '../../../lib/navigation';
import { GOOGLE_PENDING_WINDOW_MS } from '../../../../../shared/constants';
import { connectFailureKey, GCAL_RETURN } from '../../../../../shared/gcal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConnectionNotice } from '../../../components/ui/connection-notice';
import { useToast } from '../../../components/ui/toast';
import {
  connectGoogleCalendar,
  disconnectGoogleCalendar,
  localizedGcalError,
  reportGoogleFailure,
  takePendingAge,
  useGoogleCalendarStatus,
  useGoogleWaitingNotice,
} from '../../../lib/google-calendar';
import { useAppTexts } from '../../../i18n/texts';
import { useOfflineStatus } from '../../../lib/offline/status';

/** How often the status is read while the first sync after connecting runs. */
const INITIAL_SYNC_POLL_MS = 1_000;

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** Connect, grant write access, or disconnect Google Calendar; and the return from Google's consent page. */
export function GoogleCalendarSection() {
  const showToast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const [awaitingSync, setAwaitingSync] = useState(false);
  const status = useGoogleCalendarStatus(awaitingSync ? INITIAL_SYNC_POLL_MS : 0);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const handledReturn = useRef(false);
  const offline = !useOfflineStatus().online;
  const offlineId = useId();
  /** Offline, Google's buttons are disabled and say why. */
  const needsNetwork = { disabled: offline, 'aria-describedby': offline ? offlineId : undefined };
  const texts = useAppTexts();
  const gcal = texts.gcal;
  const t = texts.settings.google;

  // The return from Google: read the query once, then take it off the address.
  useEffect(() => {
    const outcome = searchParams.get(GCAL_RETURN.param);
    if (!outcome || handledReturn.current) return;
    handledReturn.current = true;
    const age = takePendingAge(Date.now());
    if (outcome === GCAL_RETURN.connected) {
      if (age !== null && age > GOOGLE_PENDING_WINDOW_MS) {
        setNotice({ tone: 'error', text: gcal.connectionExpired });
      } else {
        setNotice({ tone: 'success', text: t.connected });
        setAwaitingSync(true);
      }
    } else {
      const failure = connectFailureKey(searchParams.get(GCAL_RETURN.reason));
      reportGoogleFailure('connect', failure);
      const message = gcal[failure];
      setNotice({ tone: 'error', text: message });
      showToast({ tone: 'error', title: gcal.connectToastFailed, description: message });
    }
    setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams, showToast, gcal, t]);

  // The first sync runs on the server about 1 s after connecting; its outcome ends the wait.
  const initialSync = status.data?.initial_sync;
  useEffect(() => {
    if (!awaitingSync || !initialSync || initialSync.status === 'pending') return;
    setAwaitingSync(false);
    if (initialSync.status === 'failed') {
      setNotice({ tone: 'error', text: gcal.initialSyncFailed });
      reportGoogleFailure('first sync', initialSync.status);
    } else if (initialSync.synced !== null) showToast({ tone: 'success', title: gcal.synced(initialSync.synced) });
  }, [awaitingSync, initialSync, showToast, gcal]);

  async function connect(write: boolean) {
    setBusy(true);
    try {
      await connectGoogleCalendar({ write });
    } catch (error) {
      reportGoogleFailure('connect', error);
      // The server's reason, when it gave one (a demo account may not connect Google), stays on screen.
      const reason = localizedGcalError(error, texts);
      if (reason) setNotice({ tone: 'error', text: reason });
      showToast({ tone: 'error', title: gcal.connectToastFailed, description: reason });
      setBusy(false);
    }
  }

  async function disconnect() {
    try {
      await disconnectGoogleCalendar();
      await status.mutate();
      setNotice(null);
      showToast({ tone: 'success', title: gcal.disconnected });
    } catch (error) {
      reportGoogleFailure('disconnect', error);
      showToast({ tone: 'error', title: gcal.disconnectToastFailed });
    }
    setConfirmDisconnect(false);
  }

  const data = status.data;
  const waiting = useGoogleWaitingNotice();
  return (
    <div className="gcal">
      <h3 className="gcal__title">{t.title}</h3>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {awaitingSync && (
        <p className="gcal__state" role="status">
          {t.syncing}
        </p>
      )}
      {status.error && !data ? (
        <Alert tone="error">{gcal.connectFailed}</Alert>
      ) : !data ? (
        <p className="gcal__state">{t.checking}</p>
      ) : !data.configured ? (
        <p className="gcal__state">{gcal.notConfigured}</p>
      ) : data.connected ? (
        <>
          <p className="gcal__state">
            <span className="settings-badge settings-badge--on">{t.badgeConnected}</span>
            {data.write_access ? t.writeAccess : t.readOnly}
          </p>
          {waiting && <Alert tone="warning">{waiting}</Alert>}
          <div className="gcal__actions">
            {!data.write_access && (
              <Button variant="secondary" busy={busy} {...needsNetwork} onClick={() => void connect(true)}>
                {t.allowWriting}
              </Button>
            )}
            <Button className="button--danger" {...needsNetwork} onClick={() => setConfirmDisconnect(true)}>
              {t.disconnect}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="gcal__state">
            <span className="settings-badge">{t.badgeNotConnected}</span>
            {t.connectHint}
          </p>
          <div className="gcal__actions">
            <Button busy={busy} {...needsNetwork} onClick={() => void connect(false)}>
              {texts.calendar.connect.title}
            </Button>
          </div>
        </>
      )}
      {offline && <ConnectionNotice id={offlineId}>{texts.offline.needsConnection.googleSync}</ConnectionNotice>}
      <ConfirmDialog
        open={confirmDisconnect}
        title={t.disconnectTitle}
        message={t.disconnectMessage}
        confirmLabel={t.disconnect}
        tone="danger"
        onConfirm={disconnect}
        onCancel={() => setConfirmDisconnect(false)}
      />
    </div>
  );
}
