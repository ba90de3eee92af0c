import { expect, test, type Page, type Route } from '@playwright/test';
import { POLLING_MS } from '../../shared/constants';
import { createAccount } from './support/accounts';
import { signedInAccount } from './support/app-data';
import { signInThroughForm } from './support/sign-in';
import { advancePageClock, installPageClock, stopPageClock } from './support/clock';
import { socketSwitch } from './support/change-socket';
import { accountDatabases, ageKeptData, keptKeys } from './support/kept-data';

const SERVER_ERROR = { status: 500, json: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } } };

/**
 * The listed GET routes, as the test says: held unanswered (the page keeps loading), failed with a
 * 500, or passed to the server. Held requests take the next mode's answer.
 */
async function gate(page: Page, paths: readonly string[], initial: 'hold' | 'fail' | 'pass') {
  let mode = initial;
  const waiting: Route[] = [];
  const answer = (route: Route) => (mode === 'fail' ? route.fulfill(SERVER_ERROR) : route.fallback());
  const handler = async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    if (mode === 'hold') waiting.push(route);
    else await answer(route);
  };
  for (const path of paths) await page.route(`**${path}`, handler);
  return {
    set: async (next: 'fail' | 'pass') => {
      mode = next;
      await Promise.all(waiting.splice(0).map(answer));
    },
  };
}

const EMPTY_STATES = ['No pending tasks', 'Add first task', 'No events scheduled for today', 'No active goals with tasks'];

test(
  'the dashboard shows placeholders while its lists load and a red box with Retry when they fail, never an empty account',
  { tag: '@phone' },
  async ({ page, request }) => {
    // On a stopped page clock, so that nothing but Retry reads the lists again (no timed retry, no poll).
    await installPageClock(page);
    await signedInAccount(page, request, 'load-dashboard', null);
    const lists = ['/api/goals', '/api/tasks', '/api/events'];
    const gated = await gate(page, lists, 'hold');
    await page.goto('/dashboard');
    await stopPageClock(page);
    // The first paint waits a moment for the lists it asked for as the app started, on the page's clock.
    const loading = page.getByRole('status').filter({ hasText: 'Loading goals and tasks...' });
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return loading.count();
      })
      .toBe(1);
    await expect(page.getByRole('status').filter({ hasText: 'Loading the schedule...' })).toHaveCount(1);
    for (const text of EMPTY_STATES) await expect(page.getByText(text)).toHaveCount(0);
    await gated.set('fail');

    const boxes = page.getByRole('alert');
    await expect(boxes.filter({ hasText: 'Failed to load goals and tasks' })).toHaveCount(2); // the overview and goal progress
    await expect(boxes.filter({ hasText: 'Failed to load events' })).toContainText('Something went wrong on our side. Please try again.');
    for (const text of EMPTY_STATES) await expect(page.getByText(text)).toHaveCount(0);

    await gated.set('pass');
    await boxes.filter({ hasText: 'Failed to load events' }).getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('No events scheduled for today')).toBeVisible();
    await boxes.filter({ hasText: 'Failed to load goals and tasks' }).first().getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('No pending tasks')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  },
);

for (const [screen, kind, empty, newLabel] of [
  ['Goals', 'goals', 'No goals yet', 'Add first goal'],
  ['Tasks', 'tasks', 'No tasks yet', 'Add first task'],
] as const) {
  const path = `/${kind}`;
  test(`${screen} show a red box with Retry when the list fails, and keep what was loaded when a later refresh fails`, async ({ page, request }) => {
    // Polled, the socket refused: the change watcher reads the list again only when the test moves the clock on.
    await socketSwitch(page, { refusing: true });
    await installPageClock(page);
    const { api } = await signedInAccount(page, request, `load-${screen.toLowerCase()}`, null);
    const list = await gate(page, [`/api${path}`], 'fail');
    await page.goto(path);
    await stopPageClock(page);
    const box = page.getByRole('alert').filter({ hasText: `Failed to load ${screen.toLowerCase()}` });
    await expect(box).toContainText('Something went wrong on our side. Please try again.');
    await expect(page.getByText(empty)).toHaveCount(0);
    await expect(page.getByRole('button', { name: newLabel })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: `Loading ${screen.toLowerCase()}` })).toHaveCount(0);

    await list.set('pass');
    await api.create(kind, { title: 'Kept on screen' });
    await box.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('article', { name: 'Kept on screen' })).toBeVisible();

    // A change made elsewhere has the change watcher read the list again, and that read fails: the cards stay.
    await list.set('fail');
    await api.create(kind, { title: 'Made elsewhere' });
    await advancePageClock(page, POLLING_MS.data);
    await expect(page.getByRole('status').filter({ hasText: 'Could not refresh; this is what was loaded last.' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Kept on screen' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Made elsewhere' })).toHaveCount(0);
  });
}

test('a page paints the list it showed last time at once, then what the server holds; not once the cache TTL has passed', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'load-remembered', null);
  const task = await api.create('tasks', { title: 'Water the plants' });
  await page.goto('/tasks');
  await expect(page.getByRole('article', { name: 'Water the plants' })).toBeVisible();
  // The list is kept as its read answers (in the account's IndexedDB database, written a moment later).
  await expect.poll(() => keptKeys(page)).toContain('/api/tasks');

  // The server's copy changes while no page is open; the next visit's read is held.
  await page.goto('/config.json');
  await api.update('tasks', task.id, { title: 'Water the garden' });
  const list = await gate(page, ['/api/tasks'], 'hold');
  await page.goto('/tasks');
  await expect(page.getByRole('article', { name: 'Water the plants' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading tasks' })).toHaveCount(0);
  await list.set('pass');
  await expect(page.getByRole('article', { name: 'Water the garden' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Water the plants' })).toHaveCount(0);

  // Kept longer than the tasks' cache TTL (5 minutes), it is not shown: the page loads as on a first visit.
  await page.goto('/config.json');
  await ageKeptData(page, 6 * 60_000);
  const heldAgain = await gate(page, ['/api/tasks'], 'hold');
  await page.goto('/tasks');
  await expect(page.getByRole('status').filter({ hasText: 'Loading tasks' })).toHaveCount(1);
  await expect(page.getByRole('article')).toHaveCount(0);
  await heldAgain.set('pass');
  await expect(page.getByRole('article', { name: 'Water the garden' })).toBeVisible();
});

test('signing out forgets what the pages showed: the next person in the tab never sees it, not even while their own lists load', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'load-forget-first', null);
  await api.create('tasks', { title: 'A private task' });
  await page.goto('/tasks');
  await expect(page.getByRole('article', { name: 'A private task' })).toBeVisible();
  // What the page showed is kept, in the account's own database; coming back paints it.
  await expect.poll(() => keptKeys(page)).toContain('/api/tasks');
  await page.goto('/tasks');
  await expect(page.getByRole('article', { name: 'A private task' })).toBeVisible();
  expect(await accountDatabases(page)).toHaveLength(1);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/signout');
  await expect(page.getByRole('link', { name: 'Sign in again' })).toBeVisible();
  // Forgotten as the page says the session ended (React's effect runs a moment after it shows): the account's database is deleted.
  await expect.poll(() => accountDatabases(page)).toEqual([]);

  // The next person signs in in the same tab: the app is not reloaded, and their own tasks are held.
  const next = await createAccount(request, 'load-forget-next');
  const list = await gate(page, ['/api/tasks'], 'hold');
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await signInThroughForm(page, next);
  await page.getByRole('link', { name: 'Tasks' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading tasks' })).toHaveCount(1);
  await expect(page.getByText('A private task')).toHaveCount(0);
  await list.set('pass');
  await expect(page.getByText('No tasks yet')).toBeVisible();
  await expect(page.getByText('A private task')).toHaveCount(0);
});
