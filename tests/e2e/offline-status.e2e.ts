import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { SAVED_INDICATOR_MS, SESSION_CACHE_MS } from '../../shared/constants';
import { signedInAccount } from './support/app-data';
import { advancePageClock, installPageClock, stopPageClock } from './support/clock';

/** The frame's offline line: the phone's top bar, or the sidebar's foot. */
const offlineLine = (page: Page, testInfo: TestInfo) =>
  (testInfo.project.name === 'mobile' ? page.getByRole('banner') : page.getByRole('complementary', { name: 'Sidebar' }))
    .getByRole('status')
    .filter({ hasNotText: 'Real-time status' });

const completed = (page: Page, title: string) => page.getByRole('checkbox', { name: `Completed: ${title}` });

test(
  'offline, a change is counted as waiting; back online it is saved, said for a moment, and the line goes',
  { tag: '@phone' },
  async ({ page, request, context }, testInfo) => {
    // On a stopped page clock: "All changes saved" leaves when the test moves the clock on, not when the machine is slow.
    await installPageClock(page);
    const { api } = await signedInAccount(page, request, 'offline-status', null);
    const task = await api.create('tasks', { title: 'Buy milk' });
    await page.goto('/tasks');
    await stopPageClock(page);
    const line = offlineLine(page, testInfo);
    await expect(completed(page, 'Buy milk')).not.toBeChecked();
    await expect(line).toHaveText('');

    await context.setOffline(true);
    await expect(line).toHaveText('Offline');
    await completed(page, 'Buy milk').click();
    await expect(completed(page, 'Buy milk')).toBeChecked();
    await expect(line).toHaveText('Offline · 1 change waiting');

    await context.setOffline(false);
    await expect(line).toHaveText('All changes saved');
    expect((await api.get('/api/tasks')).items.find((item: { id: string }) => item.id === task.id)?.status).toBe('completed');
    await advancePageClock(page, SAVED_INDICATOR_MS);
    await expect(line).toHaveText('');
    await expect(completed(page, 'Buy milk')).toBeChecked();
  },
);

test('signing out with a change waiting asks first; signing out anyway deletes what this browser kept', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'offline-sign-out', null);
  await api.create('tasks', { title: 'Call the bank' });
  await page.goto('/tasks');
  // The change's request never answers: it stays waiting while online.
  await page.route('**/api/tasks/*', () => undefined);
  await completed(page, 'Call the bank').click();
  await expect(offlineLine(page, test.info())).toHaveText('Saving 1 change…');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  const question = page.getByRole('alertdialog', { name: 'Sign out?' });
  await expect(question).toContainText('1 change made on this device has not reached the server yet. Signing out deletes it.');
  await question.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL('/tasks');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await question.getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(page.getByRole('link', { name: 'Sign In Again' })).toBeVisible();
  const keptDatabases = () => page.evaluate(async () => (await indexedDB.databases()).filter((database) => database.name?.startsWith('tempo-')).length);
  await expect.poll(keptDatabases).toBe(0);
});

test('signing out with nothing waiting does not ask', async ({ page, request }) => {
  await signedInAccount(page, request, 'offline-sign-out-quiet', '/tasks');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In Again' })).toBeVisible();
});

test('what needs the network says so offline: the assistant and saving the settings', async ({ page, request, context }) => {
  // The page is loaded online: without the service worker (blocked in these tests) no page's code comes offline.
  // But the code of the sections Settings downloads apart does not come: the page works without them, and they come once back online.
  const sectionsApart = /\/assets\/(data-export-section|settings-sections)-/;
  await page.route(sectionsApart, (route) => route.abort('internetdisconnected'));
  await signedInAccount(page, request, 'offline-needs-network', '/settings');
  const talk = page.getByRole('button', { name: 'Talk to your assistant' });
  const save = page.getByRole('button', { name: 'Save Settings' });
  await expect(talk).toBeEnabled();
  await expect(save).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Sessions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Export my data' })).toHaveCount(0);

  await context.setOffline(true);
  await expect(talk).toBeDisabled();
  await expect(talk).toHaveAccessibleDescription('The assistant needs a connection.');
  await expect(page.getByText('The assistant needs a connection.')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription('Saving settings needs a connection.');

  await page.unroute(sectionsApart);
  await context.setOffline(false);
  await expect(save).toBeEnabled();
  await expect(talk).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Export my data' })).toBeVisible();
});

test('a change made offline to a field changed elsewhere meanwhile is offered back, and "Use mine" puts it back', async ({
  page,
  request,
  context,
}, testInfo) => {
  const { api } = await signedInAccount(page, request, 'offline-conflict', null);
  const task = await api.create('tasks', { title: 'Buy milk' });
  await page.goto('/tasks');
  const line = offlineLine(page, testInfo);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Buy milk', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await edit.getByLabel('Title').fill('Buy oat milk');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(line).toHaveText('Offline · 1 change waiting');

  // Elsewhere, after the change made offline: theirs is the newer, and is applied.
  await api.update('tasks', task.id, { title: 'Buy soy milk' });
  await context.setOffline(false);
  await page.getByRole('button', { name: '1 change needs a look' }).click();
  const conflicts = page.getByRole('dialog', { name: 'Changes made offline' });
  await expect(conflicts).toContainText(/: Title changed elsewhere while you were offline\. Yours: “Buy oat milk”\./);
  await expect(page.getByRole('button', { name: 'Buy soy milk', exact: true })).toBeVisible();

  await conflicts.getByRole('button', { name: 'Use mine' }).click();
  await expect(conflicts).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Buy oat milk', exact: true })).toBeVisible();
  await expect.poll(async () => (await api.get('/api/tasks')).items.find((item: { id: string }) => item.id === task.id)?.title).toBe('Buy oat milk');
  await expect(page.getByRole('button', { name: /changes? needs? a look/ })).toHaveCount(0);
});

test('offline, a session whose tokens expired stays in on what the page shows, and is renewed back online', async ({ page, request, context }, testInfo) => {
  await installPageClock(page);
  const { api } = await signedInAccount(page, request, 'offline-expired', null);
  await api.create('tasks', { title: 'Read offline' });
  await page.goto('/tasks');
  await stopPageClock(page);
  const kept = page.getByRole('button', { name: 'Read offline', exact: true });
  await expect(kept).toBeVisible();

  await context.setOffline(true);
  // Tokens that look expired (a day of clock drift): the next session check needs a refresh, which cannot reach Cognito.
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) if (key.endsWith('.clockDrift')) sessionStorage.setItem(key, String(24 * 60 * 60 * 1000));
  });
  let failedRequests = 0;
  page.on('requestfailed', () => failedRequests++);
  await advancePageClock(page, SESSION_CACHE_MS);
  await expect.poll(() => failedRequests).toBeGreaterThan(0);
  await advancePageClock(page, 1_000);
  await expect(page).toHaveURL('/tasks');
  await expect(kept).toBeVisible();
  await expect(offlineLine(page, testInfo)).toHaveText('Offline');

  await context.setOffline(false);
  await expect(offlineLine(page, testInfo)).toHaveText('');
  await expect(page).toHaveURL('/tasks');
  await expect(kept).toBeVisible();
});
