import { expect, test } from '@playwright/test';
import { PASSWORD } from './support/accounts';
import { signedInAccount } from './support/app-data';

test('Settings makes a calendar feed address, copies it, makes a new one and turns the feed off', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { api } = await signedInAccount(page, request, 'settings-feed', '/settings');
  // Within the feed's window (90 days back, a year ahead).
  await api.create('tasks', { title: 'Pay the rent', due_date: `${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}T00:00:00.000Z` });
  const feed = page.getByRole('region', { name: 'Calendar feed' });
  await expect(feed.getByText('Anyone who has the address can read your calendar.', { exact: false })).toBeVisible();
  await expect(feed.getByText('Google Calendar refreshes such feeds only every several hours', { exact: false })).toBeVisible();

  await feed.getByRole('button', { name: 'Create feed address' }).click();
  const address = feed.getByLabel('Feed address', { exact: true });
  await expect(address).toHaveValue(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await address.inputValue();
  await expect(feed.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', first.replace(/^https?:\/\//, 'webcal://'));
  // Putting Google's events in keeps the address on screen.
  await feed.getByLabel('Include events from Google Calendar').click();
  await expect(feed.getByLabel('Include events from Google Calendar')).toBeChecked();
  await expect(address).toHaveValue(first);
  await feed.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByText('Feed address copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // What a calendar app gets at that address.
  const subscribed = await request.get(first);
  expect(subscribed.status()).toBe(200);
  expect(subscribed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await subscribed.text()).toContain('SUMMARY:Task: Pay the rent');

  // The address is shown once: after a reload the page says the feed is on.
  await page.reload();
  await expect(feed.getByText(/Your feed is on since/)).toBeVisible();
  await expect(feed.getByLabel('Feed address', { exact: true })).toHaveCount(0);

  await feed.getByRole('button', { name: 'Make a new address' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make a new address' }).click();
  await expect(address).toHaveValue(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  const second = await address.inputValue();
  expect(second).not.toBe(first);
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);

  await feed.getByRole('button', { name: 'Turn off the feed' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off the feed' }).click();
  await expect(feed.getByRole('button', { name: 'Create feed address' })).toBeVisible();
  expect((await request.get(second)).status()).toBe(404);
});

test('After "Sign out everywhere" the old address stops, and Settings says so and gives a new one', async ({ page, request }) => {
  const { email } = await signedInAccount(page, request, 'feed-sign-out', '/settings');
  const feed = page.getByRole('region', { name: 'Calendar feed' });
  await feed.getByRole('button', { name: 'Create feed address' }).click();
  const address = feed.getByLabel('Feed address', { exact: true });
  await expect(address).toHaveValue(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  const old = await address.inputValue();

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/(signout|login)/);
  expect((await request.get(old)).status()).toBe(404);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/settings');
  await expect(
    feed.getByText('Your calendar address was replaced because you signed out everywhere. Copy the new address and subscribe again in your calendar app.'),
  ).toBeVisible();
  await feed.getByRole('button', { name: 'Get new address' }).click();
  await expect(address).toHaveValue(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  const renewed = await address.inputValue();
  expect(renewed).not.toBe(old);
  expect((await request.get(renewed)).status()).toBe(200);
  await expect(feed.getByText('Your calendar address was replaced', { exact: false })).toHaveCount(0);
});
