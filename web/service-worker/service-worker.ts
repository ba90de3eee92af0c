import { precacheAndRoute, createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { ReminderAction, ReminderPush } from '../../shared/reminders';

/**
 * The service worker (Workbox, built by vite-plugin-pwa's injectManifest; registered after the first
 * paint, web/src/lib/service-worker.ts). It keeps the app's shell, so the installed app opens without
 * the network, and all of the app's code but what only works online (the voice client, session
 * replay; the build leaves them out of the list, web/vite.config.ts): fetched into the assets cache
 * after it activates, one file at a time at low priority, so every page and editor opens offline, also
 * one never opened online. It never caches /api or /config.json, whose answers are the person's and
 * the stage's (the app keeps what it needs of them itself, lib/offline/ and lib/web-config.ts). It
 * shows a reminder pushed while no tab is open, and opens or snoozes it from the notification.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** The build's hashed files: named by their content, so one fetched is good for ever. */
const isBuiltFile = (path: string) => path.startsWith('/assets/');
const ASSETS_CACHE = 'assets';
const listed: ReadonlyArray<{ url: string; revision: string | null }> = self.__WB_MANIFEST;
const builtFiles = listed.filter((entry) => isBuiltFile(new URL(entry.url, self.location.origin).pathname));

precacheAndRoute(listed.filter((entry) => !builtFiles.includes(entry)));
// A page of the app, without the network: the shell, which reads its data through the API. Not
// the API, the feed, or a file opened as a page (/config.json, /robots.txt): those are the server's.
// Each also keeps the worker alive to finish filling the assets cache (it may be stopped midway).
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    (options) => {
      options.event.waitUntil(fillAssetsCache());
      return shell(options);
    },
    { denylist: [/^\/api\//, /^\/ical\//, /\/[^/]+\.[^/]+$/] },
  ),
);
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && isBuiltFile(url.pathname) && request.method === 'GET',
  new CacheFirst({ cacheName: ASSETS_CACHE }),
);

let filling: Promise<void> | null = null;

/**
 * Fetches the built files the assets cache lacks, one at a time and at low priority, so the page's
 * own requests go first. Once per start of the worker; a file that fails waits for the next start.
 */
function fillAssetsCache(): Promise<void> {
  filling ??= (async () => {
    const cache = await caches.open(ASSETS_CACHE);
    for (const { url } of builtFiles) {
      const request = new Request(new URL(url, self.location.origin));
      if (await cache.match(request)) continue;
      const response = await fetch(request, { priority: 'low' }).catch(() => null);
      if (response?.ok) await cache.put(request, response);
    }
  })().catch(() => undefined);
  return filling;
}

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
  // Outside the waitUntil, which fetch events wait for; the pages' navigations keep it going (above).
  void fillAssetsCache();
});

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
