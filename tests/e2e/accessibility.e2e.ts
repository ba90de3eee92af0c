import { expect, test, type Page } from '@playwright/test';
import { createAccount } from './support/accounts';
import { signedInAccount } from './support/app-data';
import { seriousViolations } from './support/axe';
import { recordCspViolations } from './support/csp';
import { signInThroughForm } from './support/sign-in';

/** Every public page, with what shows it has finished loading. */
const PUBLIC_PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/', ready: (page) => expect(page.getByRole('heading', { name: 'Be among the first' })).toBeVisible() },
  { path: '/waitlist', ready: (page) => expect(page.getByLabel('Your role')).toBeVisible() },
  { path: '/privacy-terms', ready: (page) => expect(page.getByText('Last updated December 6, 2026')).toBeVisible() },
  { path: '/login', ready: (page) => expect(page.getByText('Google sign-in is not configured on this server')).toBeVisible() },
  { path: '/login-simple', ready: (page) => expect(page.getByText('Google sign-in is not configured on this server')).toBeVisible() },
  { path: '/demo', ready: (page) => expect(page.getByText('Google sign-in is not configured on this server')).toBeVisible() },
  { path: '/signup', ready: (page) => expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible() },
  { path: '/signup-simple', ready: (page) => expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible() },
  { path: '/forgot-password', ready: (page) => expect(page.getByRole('button', { name: 'Send Code' })).toBeVisible() },
  { path: '/verify-email?email=someone%40example.com&code=123456', ready: (page) => expect(page.getByRole('alert')).toBeVisible() },
  { path: '/signout', ready: (page) => expect(page.getByRole('heading', { name: 'Successfully Signed Out' })).toBeVisible() },
];

for (const { path, ready } of PUBLIC_PAGES) {
  // The home page is the one a phone's visitor lands on; the others read the same at any width.
  test(`no serious accessibility violation on ${path}`, { tag: path === '/' ? ['@phone'] : [] }, async ({ page }) => {
    const refused = await recordCspViolations(page);
    await page.goto(path);
    await ready(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(refused).toEqual([]);
  });
}

test('no serious accessibility violation in the forms’ error states', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/waitlist');
  await page.getByLabel('Email').fill('nope');
  await page.getByRole('button', { name: 'Join the Waitlist' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('no serious accessibility violation on the dashboard, with the real-time status shown', { tag: '@phone' }, async ({ page, request }) => {
  const email = await createAccount(request, 'axe');
  const refused = await recordCspViolations(page);
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('tempo.showRealtimeStatus', 'true'));
  await signInThroughForm(page, email);
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  await expect(page.getByText('Real-time status: CONNECTED')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(refused).toEqual([]);
});

test('no serious accessibility violation in the dashboard’s load failures', async ({ page, request }) => {
  await signedInAccount(page, request, 'axe-failure', null);
  await page.route('**/api/{goals,tasks,events}', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } } }),
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load events' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
