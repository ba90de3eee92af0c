import { expect, test, type Page } from '@playwright/test';
import type { ReceivedPush } from '../../local/push-double/push-double';
import type { ReminderPush } from '../../shared/reminders';
import { signedInAccount } from './support/app-data';
import { eventRemindedSoon, reminderNotice } from './support/reminders';

/**
 * A reminder by Web Push, from the person's click in Settings to the notification the service
 * worker shows. Chromium subscribes at its vendor's push service (FCM), out of reach here, so the
 * page's `pushManager.subscribe()` answers a subscription at the local push service double; from
 * there on it is the real path: the server keeps the subscription, the scheduler fires, the server
 * encrypts and signs (VAPID) the message to the double, which checks and opens it, and the test
 * hands what the double received to the service worker as the browser hands a push to it.
 */
const PUSH_SERVICE = `http://127.0.0.1:${process.env.E2E_PUSH_PORT}`;

async function subscribeAtPushDouble(page: Page) {
  const subscription = (await (await fetch(`${PUSH_SERVICE}/subscriptions`, { method: 'POST' })).json()) as PushSubscriptionJSON & { endpoint: string };
  await page.addInitScript((granted) => {
    PushManager.prototype.subscribe = async () => ({ endpoint: granted.endpoint, toJSON: () => granted }) as PushSubscription;
  }, subscription);
  return subscription.endpoint;
}

async function receivedAt(endpoint: string): Promise<ReceivedPush[]> {
  const received = (await (await fetch(`${PUSH_SERVICE}/received`)).json()) as ReceivedPush[];
  return received.filter((push) => endpoint.endsWith(`/push/${push.subscriptionId}`));
}

/**
 * Hands a push message to the page's service worker, as the browser does when its push service
 * delivers one; answers a way to hand it again. A push service delivers again until the browser
 * acknowledges, and DevTools' delivery is dropped when the worker cannot start on a busy machine.
 */
async function pushDeliverer(page: Page, data: string): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((entry) => !entry.isDeleted);
      if (live) resolve(live.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  const origin = new URL(page.url()).origin;
  return async () => void (await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data }));
}

test('a reminder reaches a browser that turned notifications on, as a notification with its time, Open and Snooze; a removed browser gets none', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  const endpoint = await subscribeAtPushDouble(page);
  const { api } = await signedInAccount(page, request, 'reminder-push', '/settings');

  await page.getByRole('button', { name: 'Turn on notifications' }).click();
  const browsers = page.getByRole('list', { name: 'Browsers that receive notifications' });
  await expect(browsers.getByRole('listitem')).toHaveText([/Chrome · Linux/]);
  await expect(page.getByRole('checkbox', { name: 'Send reminders to my browsers as notifications' })).toBeChecked();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Settings saved successfully' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  const { event, time } = await eventRemindedSoon(api, 'Dentist');
  await expect.poll(async () => (await receivedAt(endpoint)).length, { timeout: 20_000 }).toBe(1);
  const [pushed] = await receivedAt(endpoint);
  const reminder = JSON.parse(pushed!.payload) as ReminderPush;
  expect(reminder).toMatchObject({ title: 'Dentist', url: `/calendar?eventId=${event.id}`, actions: { open: 'Open', snooze: 'Snooze 10 min' } });
  expect(reminder.body).toContain(time);

  const deliver = await pushDeliverer(page, pushed!.payload);
  await deliver();
  // Delivered again while none shows; a second delivery replaces the first (one tag), never adds to it.
  const shown = async () => {
    const notifications = await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, data }) => ({ title, body, url: (data as { url: string }).url })),
    );
    if (notifications.length === 0) await deliver();
    return notifications;
  };
  await expect.poll(shown, { intervals: [500, 1_000, 2_000] }).toEqual([{ title: 'Dentist', body: reminder.body, url: reminder.url }]);

  // Clicked, it opens the event. A test cannot click a notification, so the service worker is
  // handed the click event the browser would dispatch; its handler runs as it does for a person's.
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async () => {
    // The worker's own globals, which the tests' DOM types do not declare.
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
    const { NotificationEvent } = globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event };
    const [notification] = await scope.registration.getNotifications();
    // Its waitUntil refuses an event not made by the browser, but the work handed to it runs all the same.
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(new RegExp(`/calendar\\?eventId=${event.id}`));
  await expect(page.getByRole('dialog', { name: 'Dentist' })).toBeVisible();

  await page.goto('/settings');
  // Removed from the list, the browser receives nothing more.
  await browsers.getByRole('button', { name: 'Remove' }).click();
  await expect(browsers).toHaveCount(0);
  await eventRemindedSoon(api, 'Pharmacy');
  await expect(reminderNotice(page, 'Pharmacy')).toBeVisible({ timeout: 20_000 });
  expect(await receivedAt(endpoint)).toHaveLength(1);
});

test('adding a first reminder in an editor turns notifications on in this browser', async ({ page, request, context }) => {
  await context.grantPermissions(['notifications']);
  await subscribeAtPushDouble(page);
  const { api } = await signedInAccount(page, request, 'reminder-first', '/calendar');
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.getByRole('button', { name: 'New Event', exact: true }).click();
  await page.getByRole('group', { name: 'Reminders' }).getByRole('checkbox', { name: '1 hour before' }).check();
  await expect.poll(async () => (await api.get('/api/push-subscriptions')).items.length).toBe(1);
  await expect.poll(async () => (await api.get('/api/settings')).reminder_channels.push).toBe(true);
});

test('the app installs: a manifest Chromium accepts, and a service worker that keeps the shell but never /api', async ({ page, request }) => {
  await signedInAccount(page, request, 'install', '/dashboard');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const manifest = await (await request.get((await page.locator('link[rel="manifest"]').getAttribute('href'))!)).json();
  expect(manifest).toMatchObject({ name: 'Tempo', start_url: '/dashboard', display: 'standalone', theme_color: expect.any(String) });
  for (const size of ['192x192', '512x512']) {
    expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes: size, purpose: 'maskable' }));
  }
  // Chromium's own judgement, the one behind its Install prompt; a test's browser context is a
  // private window, which Chromium never installs from, so that one objection is set aside.
  const cdp = await page.context().newCDPSession(page);
  const objections = async () =>
    (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map(({ errorId }) => errorId).filter((errorId) => errorId !== 'in-incognito');
  await expect.poll(objections).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const entry of await (await caches.open(name)).keys()) paths.push(new URL(entry.url).pathname);
    return paths;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((path) => path.startsWith('/api') || path === '/config.json')).toEqual([]);
  // A file opened as a page is the server's, not the app's shell.
  await page.goto('/config.json');
  expect(await page.evaluate(() => document.contentType)).toBe('application/json');
});
