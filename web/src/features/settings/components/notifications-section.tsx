import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConnectionNotice } from '../../../components/ui/connection-notice';
import { useToast } from '../../../components/ui/toast';
import { useAppTexts } from '../../../i18n/texts';
import { loadedWebConfig } from '../../../lib/web-config';
import { useOfflineStatus } from '../../../lib/offline/status';
import { pushSupported, removePushBrowser, turnOnPush, usePushBrowsers } from '../../../lib/web-push';

/** iPhone and iPad take Web Push only in an app added to the Home Screen (standalone). */
const onIosBrowser = () => /iPhone|iPad/.test(navigator.userAgent) && !window.matchMedia('(display-mode: standalone)').matches;

/**
 * Reminders by Web Push: "Turn on notifications" asks the browser's permission only on this click
 * (and ticks the form's push box: `onTurnedOn`); the browsers that receive them are listed, each
 * with Remove.
 */
export function NotificationsSection({ onTurnedOn }: { onTurnedOn: () => void }) {
  const texts = useAppTexts();
  const t = texts.settings;
  const offline = !useOfflineStatus().online;
  const offlineId = useId();
  const showToast = useToast();
  const browsers = usePushBrowsers();
  const [busy, setBusy] = useState(false);
  const available = Boolean(loadedWebConfig()?.webPush) && pushSupported();

  async function turnOn() {
    setBusy(true);
    try {
      if (await turnOnPush()) onTurnedOn();
      else showToast({ tone: 'warning', title: t.notificationsRefused });
    } catch {
      showToast({ tone: 'error', title: t.notificationsFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="settings-notifications">
      <p>{t.notificationsHint}</p>
      {onIosBrowser() && <p>{t.notificationsIos}</p>}
      {available && (
        <div>
          <Button variant="secondary" busy={busy} disabled={offline} aria-describedby={offline ? offlineId : undefined} onClick={() => void turnOn()}>
            {t.turnOnNotifications}
          </Button>
          {offline && <ConnectionNotice id={offlineId}>{texts.offline.needsConnection.notifications}</ConnectionNotice>}
        </div>
      )}
      {browsers.data && browsers.data.length > 0 && (
        <ul className="settings-browsers" aria-label={t.notificationBrowsers}>
          {browsers.data.map((browser) => (
            <li key={browser.id}>
              <span>{browser.label}</span>
              <Button variant="ghost" disabled={offline} onClick={() => void removePushBrowser(browser.id)}>
                {t.removeBrowser}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
