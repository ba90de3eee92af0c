import type { ReminderAction } from '../../../shared/reminders';
import { firstContentfulPaint } from './first-paint';

/** Built by vite-plugin-pwa from web/service-worker/service-worker.ts. */
const SERVICE_WORKER_URL = '/service-worker.js';

/**
 * Registers the service worker once the page has painted, so its download never competes with the
 * first screen's. It makes the app installable and shows reminders pushed while no tab is open.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void firstContentfulPaint().then(() => navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined));
}

/** The notifications' clicks the service worker hands to this tab (Open, Snooze); answers the way to stop listening. */
export function onReminderAction(act: (action: ReminderAction) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && ('openReminder' in data || 'snoozeReminder' in data)) act(data as ReminderAction);
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
