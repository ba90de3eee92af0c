import { expect, test } from '@playwright/test';
import { POLLING_MS, SAVED_INDICATOR_MS } from '../../shared/constants';
import { signedInAccount } from './support/app-data';
import { advancePageClock, installPageClock, stopPageClock } from './support/clock';
import { socketSwitch } from './support/change-socket';
import { seriousViolations } from './support/axe';
import { pretendGoogleIsNotConfigured } from './support/google';

test('settings are validated, saved and still there after a reload', { tag: '@phone' }, async ({ page, request }) => {
  await signedInAccount(page, request, 'settings-save', '/settings');
  await expect(page.getByRole('heading', { name: 'Account & Language' })).toBeVisible();
  // The test server has Google (its double): a new account is not connected yet.
  await expect(page.getByText('Not connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toBeVisible();

  // An emptied field names its range too, and takes the focus so the keyboard lands on it.
  await page.getByLabel('Sync past days').fill('');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Sync past days must be between 0 and 60')).toBeVisible();
  await expect(page.getByLabel('Sync past days')).toBeFocused();

  await page.getByLabel('Sync past days').fill('61');
  await page.getByLabel('Sync future months').fill('0');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Sync past days must be between 0 and 60')).toBeVisible();
  await expect(page.getByText('Sync future months must be between 1 and 12')).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Sync past days').fill('14');
  await page.getByLabel('Sync future months').fill('6');
  await page.getByLabel('Display name').fill('Countess Ada');
  await page.getByLabel('Time zone').selectOption({ label: 'Tokyo' });
  await page.getByLabel('Start hour').selectOption('9');
  await page.getByLabel('Start minute').selectOption('30');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  await expect(page.getByText('✓ Saved')).toBeVisible();

  // A new language is applied the moment it is saved, and said in it.
  await page.getByLabel('Language', { exact: true }).selectOption('fr');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Paramètres enregistrés')).toBeVisible();
  await expect(page.getByText('✓ Enregistré')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  await page.reload();
  await expect(page.getByLabel('Nom affiché')).toHaveValue('Countess Ada');
  await expect(page.getByLabel('Langue', { exact: true })).toHaveValue('fr');
  await expect(page.getByLabel('Fuseau horaire')).toHaveValue('Asia/Tokyo');
  await expect(page.getByLabel('Heure de début')).toHaveValue('9');
  await expect(page.getByLabel('Minute de début')).toHaveValue('30');
  await expect(page.getByLabel('Jours passés à synchroniser')).toHaveValue('14');
  await expect(page.getByLabel('Mois à venir à synchroniser')).toHaveValue('6');
});

test('with personalization off the display name is saved as none', async ({ page, request }) => {
  await signedInAccount(page, request, 'settings-personal', '/settings');
  await page.getByLabel('Display name').fill('Ada');
  await page.getByLabel(/Use personalization/).uncheck();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Display name')).toHaveValue('');
  await expect(page.getByLabel(/Use personalization/)).not.toBeChecked();
});

test(
  'the name the app uses is the display name while personalization is on, and none while it is off: greeting, sidebar or top bar, bug report',
  { tag: '@phone' },
  async ({ page, request }, testInfo) => {
    const { email } = await signedInAccount(page, request, 'settings-name');
    const phone = testInfo.project.name === 'mobile';
    const shown = phone ? page.locator('.app-topbar__user') : page.getByRole('complementary', { name: 'Sidebar' });
    async function expectName(greeting: string, name: string | null) {
      // Within the app, so what was saved shows without a reload.
      if (!page.url().endsWith('/dashboard')) {
        if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('link', { name: 'Dashboard' }).click();
      }
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting);
      if (name) await expect(shown).toContainText(name);
      else await expect(shown).not.toContainText(/Ada|Grace/);
      if (phone) await expect(shown).toHaveText(name ?? email);
      if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Report a Bug' }).click();
      await expect(page.getByRole('dialog', { name: 'Report a Bug' }).getByLabel('Name')).toHaveValue(name ?? '');
      await page.keyboard.press('Escape');
    }
    async function saveSettings(change: () => Promise<void>) {
      await page.goto('/settings');
      await change();
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('Settings saved successfully')).toBeVisible();
    }

    // The name given at sign-up is the display name until it is changed.
    await expectName('Welcome back, Ada', 'Ada Lovelace');
    await saveSettings(() => page.getByLabel('Display name').fill('Grace Hopper'));
    await expectName('Welcome back, Grace', 'Grace Hopper');
    await saveSettings(() => page.getByLabel(/Use personalization/).uncheck());
    await expectName('Welcome back', null);
  },
);

test(
  'the real-time status, when turned on, shows in the app’s frame on every page: connected, disconnected offline, error when the socket is down and the check fails',
  { tag: '@phone' },
  async ({ page, request, context }, testInfo) => {
    const socket = await socketSwitch(page);
    // On a stopped page clock: once the socket is down, the change watcher checks only when the test moves the clock on.
    await installPageClock(page);
    await signedInAccount(page, request, 'settings-realtime', '/settings');
    await stopPageClock(page);
    const frame = testInfo.project.name === 'mobile' ? page.getByRole('banner') : page.getByRole('complementary', { name: 'Sidebar' });
    const status = frame.getByRole('status').filter({ hasText: 'Real-time status' });
    await expect(status).toHaveCount(0);
    await page.getByLabel('Show real-time connection status').check();
    await expect(status).toHaveText('Real-time status: CONNECTED');

    await page.goto('/dashboard');
    await expect(status).toHaveText('Real-time status: CONNECTED');
    await context.setOffline(true);
    await expect(status).toHaveText('Real-time status: DISCONNECTED');
    await context.setOffline(false);
    await expect(status).toHaveText('Real-time status: CONNECTED');

    await socket.drop();
    await page.route('**/api/changes', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } } }),
    );
    await advancePageClock(page, POLLING_MS.data);
    await expect(status).toHaveText('Real-time status: ERROR');
    await page.unroute('**/api/changes');
    await advancePageClock(page, POLLING_MS.data);
    await expect(status).toHaveText('Real-time status: CONNECTED');
    if (testInfo.project.name !== 'mobile') {
      // A collapsed sidebar keeps the dot, its words for screen readers and as a tooltip.
      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect(status).toHaveText('Real-time status: CONNECTED');
      await expect(status).toHaveAttribute('title', 'Real-time status: CONNECTED');
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
    }

    await page.goto('/settings');
    await page.getByLabel('Show real-time connection status').uncheck();
    await expect(status).toHaveCount(0);
  },
);

test('a check answered late does not undo the real-time status a later check gave', async ({ page, request }) => {
  // No socket: the change watcher checks the counters at each interval of the stopped page clock.
  await socketSwitch(page, { refusing: true });
  await installPageClock(page);
  await signedInAccount(page, request, 'settings-realtime-late', '/settings');
  await stopPageClock(page);
  const status = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('status').filter({ hasText: 'Real-time status' });
  await page.getByLabel('Show real-time connection status').check();
  await expect(status).toHaveText('Real-time status: CONNECTED');
  // Every status the page shows from here on, in order.
  await page.evaluate(() => {
    const shown = [document.querySelector('aside .realtime-status')?.textContent ?? ''];
    Object.assign(window, { statusesShown: shown });
    new MutationObserver(() => {
      const text = document.querySelector('aside .realtime-status')?.textContent ?? '';
      if (text !== shown.at(-1)) shown.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  // The next check is answered only when the test says; the ones after it fail.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let checks = 0;
  await page.route('**/api/changes', async (route) => {
    checks += 1;
    if (checks > 1)
      return route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } } });
    await held;
    return route.continue();
  });
  await advancePageClock(page, POLLING_MS.data);
  await expect.poll(() => checks).toBe(1);
  await advancePageClock(page, POLLING_MS.data);
  await expect(status).toHaveText('Real-time status: ERROR');

  // The first check's success comes after the second's failure: the status stays as the last check left it.
  const late = page.waitForResponse((response) => response.url().endsWith('/api/changes') && response.ok());
  release();
  await late;
  await advancePageClock(page, POLLING_MS.data);
  await expect.poll(() => checks).toBe(3);
  await expect(status).toHaveText('Real-time status: ERROR');
  expect(await page.evaluate(() => (window as unknown as { statusesShown: string[] }).statusesShown)).toEqual([
    'Real-time status: CONNECTED',
    'Real-time status: ERROR',
  ]);
});

test('without Google configured on the server the settings say so and offer no Connect', async ({ page, request }) => {
  await signedInAccount(page, request, 'settings-no-google', null);
  await pretendGoogleIsNotConfigured(page);
  await page.goto('/settings');
  await expect(page.getByText('Google Calendar is not configured on this server')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toHaveCount(0);
});

test('a failed load shows the red error box, and Retry loads the settings', async ({ page, request }) => {
  // Nothing shown before: a page shown earlier would have kept the settings to paint at once.
  await signedInAccount(page, request, 'settings-load-error', null);
  await page.route('**/api/settings', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } } }),
  );
  await page.goto('/settings');
  const box = page.getByRole('alert').filter({ hasText: 'Failed to load settings' });
  await expect(box).toContainText('Something went wrong on our side. Please try again.');
  await expect(box).toHaveCSS('color', 'rgb(180, 35, 24)'); // the error red, #b42318
  await page.unroute('**/api/settings');
  await box.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Account & Language' })).toBeVisible();
});

test('the saved indicator shows for 3 s', async ({ page, request }) => {
  await installPageClock(page);
  await signedInAccount(page, request, 'settings-indicator', '/settings');
  await stopPageClock(page);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('✓ Saved')).toBeVisible();
  await advancePageClock(page, SAVED_INDICATOR_MS - 1);
  await expect(page.getByText('✓ Saved')).toBeVisible();
  await advancePageClock(page, 1);
  await expect(page.getByText('✓ Saved')).toHaveCount(0);
});

test('"Sign out everywhere" ends the session in another browser at once, through its socket', async ({ page, request, browser }) => {
  const { openInTab } = await signedInAccount(page, request, 'sign-out-everywhere', '/settings');
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const other = await elsewhere.newPage();
    const socket = await socketSwitch(other);
    await openInTab(other, '/tasks');
    await expect(other.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible();
    await socket.opened();

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/(signout|login)/);
    // The other browser is not asked to do anything: its socket closes, and the refused ticket signs it out.
    await expect(other).toHaveURL(/\/login/);
    await expect(other.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});
