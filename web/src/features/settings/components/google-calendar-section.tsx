import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GOOGLE_PENDING_WINDOW_MS } from '../../../../../shared/constants';
import { connectFailureText, GCAL_MESSAGES, GCAL_RETURN } from '../../../../../shared/gcal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { connectGoogleCalendar, takePendingAge, useGoogleCalendarStatus } from '../../../lib/google-calendar';
import { disconnectGcal } from '../api/gcal';

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

  // The return from Google: read the query once, then take it off the address.
  useEffect(() => {
    const outcome = searchParams.get(GCAL_RETURN.param);
    if (!outcome || handledReturn.current) return;
    handledReturn.current = true;
    const age = takePendingAge(Date.now());
    if (outcome === GCAL_RETURN.connected) {
      if (age !== null && age > GOOGLE_PENDING_WINDOW_MS) {
        setNotice({ tone: 'error', text: GCAL_MESSAGES.connectionExpired });
      } else {
        setNotice({ tone: 'success', text: 'Google Calendar connected.' });
        setAwaitingSync(true);
      }
    } else {
      const message = connectFailureText(searchParams.get(GCAL_RETURN.reason));
      setNotice({ tone: 'error', text: message });
      showToast({ tone: 'error', title: GCAL_MESSAGES.connectToastFailed, description: message });
    }
    setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams, showToast]);

  // The first sync runs on the server about 1 s after connecting; its outcome ends the wait.
  const initialSync = status.data?.initial_sync;
  useEffect(() => {
    if (!awaitingSync || !initialSync || initialSync.status === 'pending') return;
    setAwaitingSync(false);
    if (initialSync.status === 'failed') setNotice({ tone: 'error', text: GCAL_MESSAGES.initialSyncFailed });
    else if (initialSync.message) showToast({ tone: 'success', title: initialSync.message });
  }, [awaitingSync, initialSync, showToast]);

  async function connect(write: boolean) {
    setBusy(true);
    try {
      await connectGoogleCalendar({ write });
    } catch {
      showToast({ tone: 'error', title: GCAL_MESSAGES.connectToastFailed });
      setBusy(false);
    }
  }

  async function disconnect() {
    try {
      await disconnectGcal();
      await status.mutate();
      setNotice(null);
      showToast({ tone: 'success', title: GCAL_MESSAGES.disconnected });
    } catch {
      showToast({ tone: 'error', title: GCAL_MESSAGES.disconnectToastFailed });
    }
    setConfirmDisconnect(false);
  }

  const data = status.data;
  return (
    <div className="gcal">
      <h3 className="gcal__title">Google Calendar</h3>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {awaitingSync && (
        <p className="gcal__state" role="status">
          Syncing your calendar...
        </p>
      )}
      {status.error && !data ? (
        <Alert tone="error">{GCAL_MESSAGES.connectFailed}</Alert>
      ) : !data ? (
        <p className="gcal__state">Checking the connection...</p>
      ) : !data.configured ? (
        <p className="gcal__state">{GCAL_MESSAGES.notConfigured}</p>
      ) : data.connected ? (
        <>
          <p className="gcal__state">
            <span className="gcal__badge gcal__badge--on">Connected</span>
            {data.write_access
              ? 'Events you change here are also written to Google Calendar.'
              : 'Read-only: Google events are synced in; your changes here stay local.'}
          </p>
          <div className="gcal__actions">
            {!data.write_access && (
              <Button variant="secondary" busy={busy} onClick={() => void connect(true)}>
                Allow writing changes to Google
              </Button>
            )}
            <Button className="button--danger" onClick={() => setConfirmDisconnect(true)}>
              Disconnect
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="gcal__state">
            <span className="gcal__badge">Not connected</span>
            Connect to see your Google events in the calendar (read-only).
          </p>
          <div className="gcal__actions">
            <Button busy={busy} onClick={() => void connect(false)}>
              Connect Google Calendar
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirmDisconnect}
        title="Disconnect Google Calendar"
        message="Disconnecting removes the events synced from Google Calendar from this app. Your events in Google Calendar are not changed."
        confirmLabel="Disconnect"
        tone="danger"
        onConfirm={disconnect}
        onCancel={() => setConfirmDisconnect(false)}
      />
    </div>
  );
}
