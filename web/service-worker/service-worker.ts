import { precacheAndRoute, createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { ReminderAction, ReminderPush } from '../../shared/reminders';

/**
 * The service worker (Workbox, built by vite-plugin-pwa's injectManifest; registered after the first
 * paint, web/src/lib/service-worker.ts). It keeps the app's shell, so the installed app opens without
 * the network, and its hashed assets once fetched; it never caches /api or /config.json, whose
 * answers are the person's and the stage's. It shows a reminder pushed while no tab is open, and
 * opens or snoozes it from the notification.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
// A page of the app, without the network: the shell, which reads its data through the API. Not
// the API, the feed, or a file opened as a page (/config.json, /robots.txt): those are the server's.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/ical\//, /\/[^/]+\.[^/]+$/] }));
// Built files are named by their content: one fetched is good for ever.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: 'assets' }),
);

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The notification's actions: Open, and Snooze (10 minutes). */
const SNOOZE = 'snooze';

self.addEventListener('push', (event) => {
  const reminder = event.data?.json() as ReminderPush | undefined;
  if (!reminder) return;
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      tag: reminder.noticeId,
      icon: '/icons/icon-192.png',
      data: { url: reminder.url, noticeId: reminder.noticeId },
      // Not in lib.dom's NotificationOptions yet, but shown by Chrome, Edge and Android.
      ...{
        actions: [
          { action: 'open', title: reminder.actions.open },
          { action: SNOOZE, title: reminder.actions.snooze },
        ],
      },
    }),
  );
});

/**
 * Open goes to the item and Snooze snoozes it, each through a tab of the app's (it holds the
 * person's session, web/src/lib/service-worker.ts); with none open, the app opens to do it.
 */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url, noticeId } = event.notification.data as { url: string; noticeId: string };
  const message: ReminderAction = event.action === SNOOZE ? { snoozeReminder: noticeId } : { openReminder: url, noticeId };
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window' });
      const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
      if (!tab) {
        await self.clients.openWindow('snoozeReminder' in message ? `/dashboard?snoozeReminder=${encodeURIComponent(noticeId)}` : url);
        return;
      }
      tab.postMessage(message);
      if ('openReminder' in message) await tab.focus();
    })(),
  );
});
