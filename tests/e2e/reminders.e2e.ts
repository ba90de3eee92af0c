import { expect, test } from '@playwright/test';
import type { ReminderPush } from '../../shared/reminders';
import { signedInAccount } from './support/app-data';

/**
 * Reminders through the whole path: an event's reminder is scheduled from the table's stream, the
 * local scheduler fires it on the server's clock, and its notice shows in every open tab, with
 * Open, Snooze and Dismiss; dismissing it in one tab takes it off the other.
 */
test('a reminder shows in every open tab with its title and time; dismissed in one, it goes from the other', async ({ page, request, context }) => {
  const { api, openInTab } = await signedInAccount(page, request, 'reminder-tabs', '/tasks');
  const other = await context.newPage();
  await openInTab(other, '/goals');

  // Due a few seconds from now on the server's clock, reminded at its start.
  const start = new Date(Date.now() + 4_000);
  await api.create('events', {
    title: 'Dentist',
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 3_600_000).toISOString(),
    reminders: [0],
  });

  const notice = (tab: typeof page) => tab.getByRole('region', { name: 'Reminders' }).getByRole('listitem', { name: 'Dentist' });
  for (const tab of [page, other]) {
    await expect(notice(tab)).toBeVisible({ timeout: 20_000 });
    await expect(notice(tab).getByRole('link', { name: 'Open' })).toHaveAttribute('href', /\/calendar\?eventId=/);
    await expect(notice(tab).getByRole('button', { name: 'Snooze 10 min' })).toBeVisible();
  }
  await notice(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice(page)).toHaveCount(0);
  await expect(notice(other)).toHaveCount(0);
});

test('Settings hold the default reminders and the event editor offers its own', async ({ page, request }) => {
  await signedInAccount(page, request, 'reminder-settings', '/settings');
  const events = page.getByRole('group', { name: 'Events' });
  await expect(events.getByRole('checkbox', { name: '10 minutes before' })).toBeChecked();
  await events.getByRole('checkbox', { name: '1 hour before' }).check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Settings saved successfully' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Events' }).getByRole('checkbox', { name: '1 hour before' })).toBeChecked();

  await page.goto('/calendar');
  await page.getByRole('button', { name: 'New Event', exact: true }).click();
  const own = page.getByRole('group', { name: 'Reminders' });
  await expect(own.getByRole('checkbox', { name: '10 minutes before' })).toBeChecked();
  await expect(own.getByRole('checkbox', { name: '1 hour before' })).toBeChecked();
});

test('a reminder pushed while no tab shows it appears as a notification with its time, Open and Snooze', async ({ page, request, context }) => {
  await context.grantPermissions(['notifications']);
  await signedInAccount(page, request, 'reminder-push', '/dashboard');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const reminder: ReminderPush = {
    noticeId: '1796000000000-r-notice',
    title: 'Dentist',
    body: 'Thursday, December 3, 2026 at 2:00 PM',
    url: '/calendar?eventId=event-1',
    actions: { open: 'Open', snooze: 'Snooze 10 min' },
  };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId: await registered, data: JSON.stringify(reminder) });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag, data }) => ({ title, body, tag, url: data.url })),
      ),
    )
    .toEqual([{ title: 'Dentist', body: reminder.body, tag: reminder.noticeId, url: reminder.url }]);
});
