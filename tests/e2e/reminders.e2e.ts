import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { callCognito, PASSWORD, signUpUnconfirmed, VERIFICATION_SUBJECT } from './support/accounts';
import { signedInAccount } from './support/app-data';
import { waitForMail } from './support/outbox';
import { eventRemindedSoon, reminderNotice } from './support/reminders';
import { signInThroughForm } from './support/sign-in';

/**
 * Reminders through the whole path: an event's reminder is scheduled from the table's stream, the
 * local scheduler fires it on the server's clock, and its notice shows in every open tab, with
 * Open, Snooze and Dismiss; dismissing it in one tab takes it off the other.
 */
test('a reminder shows in every open tab with its title and time; dismissed in one, it goes from the other', async ({ page, request, context }) => {
  const { api, openInTab } = await signedInAccount(page, request, 'reminder-tabs', '/tasks');
  const other = await context.newPage();
  await openInTab(other, '/goals');

  await eventRemindedSoon(api, 'Dentist');

  const notice = (tab: typeof page) => reminderNotice(tab, 'Dentist');
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
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.getByRole('button', { name: 'New Event', exact: true }).click();
  const own = page.getByRole('group', { name: 'Reminders' });
  await expect(own.getByRole('checkbox', { name: '10 minutes before' })).toBeChecked();
  await expect(own.getByRole('checkbox', { name: '1 hour before' })).toBeChecked();
});

test('a person who chose mail gets the reminder in the outbox, with the time and a link to the item', async ({ page, request }) => {
  const { email, api } = await signedInAccount(page, request, 'reminder-mail', '/settings');
  await page.getByRole('checkbox', { name: 'Mail reminders to the address I sign in with' }).check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Settings saved successfully' })).toBeVisible();
  // The server keeps the address the person signs in with (from the token), and the box says it.
  await expect(page.getByRole('checkbox', { name: `Mail reminders to ${email}` })).toBeChecked();

  const { event, time } = await eventRemindedSoon(api, 'Dentist');
  await expect(reminderNotice(page, 'Dentist')).toBeVisible({ timeout: 20_000 });
  const mail = await waitForMail(email, 'Reminder: Dentist');
  expect(mail.body).toContain(time);
  expect(mail.link?.pathname + (mail.link?.search ?? '')).toBe(`/calendar?eventId=${event.id}`);
});

test('a reminder mail SES reports as bounced turns mail to that address off, and Settings says why', async ({ page, request }) => {
  // SES's mailbox simulator: the local SES answers a mail to it, then reports a hard bounce on the bus.
  const email = `bounce+${randomUUID().slice(0, 8)}@simulator.amazonses.com`;
  await signUpUnconfirmed(request, email);
  const { link } = await waitForMail(email, VERIFICATION_SUBJECT);
  expect((await request.post('/api/auth/verify-email', { data: { email, code: link?.searchParams.get('code') } })).status()).toBe(200);
  const auth = await callCognito(request, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } });
  const headers = { authorization: `Bearer ${auth.body.AuthenticationResult.IdToken as string}` };
  const api = {
    async create(kind: 'goals' | 'tasks' | 'events', body: Record<string, unknown>) {
      const response = await request.post(`/api/${kind}`, { headers, data: body });
      expect(response.status()).toBe(201);
      return response.json();
    },
  } as Parameters<typeof eventRemindedSoon>[0];
  expect((await request.put('/api/settings', { headers, data: { reminder_channels: { screen: true, push: false, mail: true } } })).ok()).toBe(true);

  await eventRemindedSoon(api, 'Dentist');
  await waitForMail(email, 'Reminder: Dentist');
  let suppressed: { reason: string; at: string } | null = null;
  await expect
    .poll(async () => (suppressed = (await (await request.get('/api/reminders/mail', { headers })).json()).suppressed)?.reason, { timeout: 20_000 })
    .toBe('bounce');

  await page.goto('/login');
  await signInThroughForm(page, email);
  await page.goto('/settings');
  const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(suppressed!.at));
  await expect(
    page.getByRole('status').filter({ hasText: `Mail to ${email} bounced on ${day}; reminders by mail are off until you change the address.` }),
  ).toBeVisible();
});
