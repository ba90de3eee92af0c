import { expect, test } from '@playwright/test';
import { TOAST } from '../../shared/constants';
import { signedInAccount } from './support/app-data';
import { seriousViolations } from './support/axe';
import { advancePageClock, installPageClock, stopPageClock } from './support/clock';
import { recordCspViolations } from './support/csp';
import { sentryDouble } from './support/sentry';

test('the sidebar leads to every page and marks the current one; on a phone it is a drawer', { tag: '@phone' }, async ({ page, request }, testInfo) => {
  await signedInAccount(page, request, 'shell-nav');
  const mobile = testInfo.project.name === 'mobile';
  const nav = page.getByRole('navigation', { name: 'Main' });

  if (mobile) {
    await expect(page.getByRole('banner').getByText(/example\.com|Ada Lovelace/)).toBeVisible();
    await expect(nav).toBeHidden();
    // The keyboard goes into the drawer as it opens, and back to the menu button on Escape.
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
  }
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL('/trash');
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  if (mobile) {
    await expect(nav).toBeHidden(); // navigating closed the drawer
    await expect(page.getByRole('main')).toBeFocused();
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await expect(nav.getByRole('link', { name: 'Trash' })).toHaveAttribute('aria-current', 'page');

  if (!mobile) {
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
  }
});

test('the voice button shows everywhere but the dashboard and, with no agent configured, says so', { tag: '@phone' }, async ({ page, request }) => {
  // The test server runs the ElevenLabs double; this is what a server without an agent answers.
  await page.route('**/config.json', async (route) => route.fulfill({ json: { ...(await (await route.fetch()).json()), voice: false } }));
  const { api } = await signedInAccount(page, request, 'shell-voice');
  await expect(page.getByRole('button', { name: 'Talk to your assistant' })).toHaveCount(0);
  await api.create('tasks', { title: 'Done already', status: 'completed' });
  await api.create('tasks', { title: 'Still to do' });
  await page.goto('/settings');
  await expect(page.getByText('1/2 tasks completed')).toBeVisible();
  await page.getByRole('button', { name: 'Talk to your assistant' }).click();
  await expect(page.getByText('Voice agent not configured. Please contact support.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Talk to your assistant' })).toBeDisabled();
});

test('a bug report is validated, prefilled, closed by Escape and submitted', { tag: '@phone' }, async ({ page, request }, testInfo) => {
  const { email } = await signedInAccount(page, request, 'shell-bug');
  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Report a Bug' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a Bug' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Ada Lovelace');
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Report a Bug' }).click();
  await dialog.getByLabel('Name').fill('');
  await dialog.getByLabel('Email').fill('');
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await dialog.getByLabel('Email').fill('nope');
  await dialog.getByLabel('Description').fill('short');
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Email is invalid')).toBeVisible();
  await expect(dialog.getByText('Description must be at least 10 characters')).toBeVisible();
  await dialog.getByLabel('Name').fill('Ada');
  await expect(dialog.getByText('Name is required')).toBeHidden();

  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Description').fill('The calendar froze when I clicked next week.');
  // A failure keeps the report, and its toast is seen and dismissed inside the dialog.
  await page.route('**/api/bug-reports', (route) => route.fulfill({ status: 500, body: '{}' }), { times: 1 });
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  const failure = dialog.getByRole('listitem').filter({ hasText: 'Failed to submit bug report' });
  await expect(failure).toContainText('Please try again later.');
  await failure.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(dialog.getByLabel('Description')).toHaveValue('The calendar froze when I clicked next week.');
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByText('Bug report submitted')).toBeVisible();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The bus's consumer sends it on to the error-reporting service (the stack's Sentry double) as user feedback.
  const { payload: feedback } = await sentryDouble().waitFor('feedback', ({ payload }) => payload.contexts?.feedback?.contact_email === email);
  expect(feedback.contexts.feedback).toEqual({ name: 'Ada', contact_email: email, message: 'The calendar froze when I clicked next week.' });
});

// Not @phone: keyboard navigation is checked at desktop size.
test('the skip link moves focus to the main content', async ({ page, request }) => {
  await signedInAccount(page, request, 'shell-skip');
  // A fresh load, so the first Tab starts from the top of the document and not from the sign-in form.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test('a list nothing changed is read again once older than its cache TTL (5 min for goals), not before', async ({ page, request }) => {
  await installPageClock(page);
  await signedInAccount(page, request, 'shell-cache', '/goals');
  await expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible();
  await expect(page.getByText('No goals yet')).toBeVisible();
  let goalReads = 0;
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/goals') goalReads += 1;
  });

  // The clock stops a few seconds past the read; then 4 minutes of change checks that all say "nothing changed".
  await stopPageClock(page);
  await advancePageClock(page, '04:00');
  await page.waitForLoadState('networkidle');
  expect(goalReads).toBe(0);
  await advancePageClock(page, '01:00');
  await expect.poll(() => goalReads).toBe(1);
});

test('a toast goes after 5 s, but stays while the pointer or the keyboard is on it', async ({ page, request }) => {
  await installPageClock(page);
  await signedInAccount(page, request, 'shell-toast', '/settings');
  const save = page.getByRole('button', { name: 'Save Settings' });
  const toast = () => page.getByRole('listitem').filter({ hasText: 'Settings saved successfully' });
  const staysFiveSecondsThenGoes = async () => {
    await advancePageClock(page, TOAST.durationMs - 100);
    await expect(toast()).toBeVisible();
    await advancePageClock(page, 100);
    await advancePageClock(page, TOAST.exitMs);
    await expect(toast()).toHaveCount(0);
  };

  await stopPageClock(page);
  await save.click();
  // The pointer leaves, so the toast (which may appear under it) is not held.
  await page.mouse.move(0, 0);
  await expect(toast()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notifications' }).locator('[aria-live="polite"]')).toContainText('Settings saved successfully');
  // The 5 s, then the 300 ms exit.
  await staysFiveSecondsThenGoes();

  await save.click();
  await toast().hover();
  await advancePageClock(page, 10_000);
  await expect(toast()).toBeVisible();
  // Let go: the full 5 s again, then the 300 ms exit.
  await page.mouse.move(0, 0);
  await staysFiveSecondsThenGoes();

  await save.click();
  await page.mouse.move(0, 0);
  await toast().getByRole('button', { name: 'Dismiss notification' }).focus();
  await advancePageClock(page, 10_000);
  await expect(toast()).toBeVisible();
  await page.keyboard.press('Enter');
  await advancePageClock(page, TOAST.exitMs);
  await expect(toast()).toHaveCount(0);
});

test('no signed-in page breaks the content security policy, with its forms checking what is typed', async ({ page, request }) => {
  const refused = await recordCspViolations(page);
  await signedInAccount(page, request, 'csp');
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Goals', 'Tasks', 'Calendar', 'Trash', 'Settings']) {
    await nav.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    // The calendar's first visit offers Google Calendar.
    if (name === 'Calendar') await page.getByRole('button', { name: 'Not now' }).click();
  }
  // The settings form checks with the API's schema, which zod builds in the browser.
  await page.getByLabel('Sync past days').fill('61');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Sync past days must be between 0 and 60')).toBeVisible();
  expect(refused).toEqual([]);
});

test('back and forward return to where the page was scrolled; a new page starts at the top', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'shell-scroll', null);
  // Both pages long enough to scroll, so a page kept at the last one's place would show.
  for (let index = 1; index <= 30; index++) {
    await api.create('goals', { title: `Goal ${index}` });
    await api.create('tasks', { title: `Task ${index}` });
  }
  await page.goto('/goals');
  await expect(page.getByRole('article', { name: 'Goal 1', exact: true })).toBeVisible();
  await page.getByRole('article', { name: 'Goal 1', exact: true }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(200);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
