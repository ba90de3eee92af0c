import useSWR, { mutate } from 'swr';
import type { PushSubscriptionEntry } from '../../../shared/push-subscriptions.schema';
import { apiRequest } from './api';
import { saveSettings, useSettings } from './items';
import { loadedWebConfig, loadWebConfig } from './web-config';

/** The browsers that receive reminders by Web Push (functions/reminders/subscriptions.repository.ts). */
const BROWSERS_KEY = '/api/push-subscriptions';

export function usePushBrowsers() {
  return useSWR(BROWSERS_KEY, async () => (await apiRequest<{ items: PushSubscriptionEntry[] }>(BROWSERS_KEY, { signedIn: true })).items, {
    revalidateOnFocus: false,
  });
}

/** Whether this browser can take Web Push at all: a service worker, the Push API, and (on iOS) an app added to the Home Screen. */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** A name for this browser in the list: its brand and system, as the browser says them. */
function browserLabel(): string {
  const agent = navigator.userAgent;
  const brand = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Mac OS X/.test(agent)
        ? 'macOS'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Linux/.test(agent)
            ? 'Linux'
            : '';
  return system ? `${brand} · ${system}` : brand;
}

/**
 * Turns Web Push on in this browser, from the person's own click: the browser asks its permission,
 * subscribes at its push service with the stage's VAPID key, and the server keeps the subscription.
 * Answers false when the person refused, or the stage has no Web Push.
 */
export async function turnOnPush(): Promise<boolean> {
  const { webPush } = await loadWebConfig();
  if (!webPush || (await Notification.requestPermission()) !== 'granted') return false;
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: webPush.publicKey });
  await apiRequest(BROWSERS_KEY, { method: 'POST', body: { ...subscription.toJSON(), label: browserLabel() }, signedIn: true });
  void mutate(BROWSERS_KEY);
  return true;
}

/** Stops Web Push to a browser (this one or another), by its id in the list. */
export async function removePushBrowser(id: string): Promise<void> {
  await apiRequest(`${BROWSERS_KEY}/${id}`, { method: 'DELETE', signedIn: true });
  void mutate(BROWSERS_KEY);
}

/** Set once this browser was asked on a first reminder, so a person who said no is not asked again at every reminder. */
const ASKED_ON_FIRST_REMINDER = 'tempo.push-asked-on-first-reminder';

/**
 * The other moment permission is asked (besides Settings): the click that adds a person's first
 * reminder in an editor, once per browser. A yes turns reminders by push on, as Settings would.
 */
export function useAskForPushOnFirstReminder(): () => void {
  const settings = useSettings().data;
  return () => {
    if (!settings || settings.reminder_channels.push || !loadedWebConfig()?.webPush || !pushSupported() || Notification.permission === 'denied') return;
    if (localStorage.getItem(ASKED_ON_FIRST_REMINDER)) return;
    localStorage.setItem(ASKED_ON_FIRST_REMINDER, 'yes');
    void turnOnPush()
      .then(async (on) => {
        if (on) await saveSettings({ reminder_channels: { ...settings.reminder_channels, push: true } });
      })
      // Refused or failed, the reminder is kept all the same: it still shows on screen.
      .catch(() => undefined);
  };
}
