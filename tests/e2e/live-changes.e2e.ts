import { expect, test } from '@playwright/test';
import { POLLING_MS } from '../../shared/constants';
import { signedInAccount } from './support/app-data';
import { advancePageClock, installPageClock, stopPageClock } from './support/clock';
import { socketSwitch } from './support/change-socket';

/**
 * Change notices over the WebSocket: a second tab of the same account shows a change as it is
 * saved, with no poll; when its socket drops it polls every 3 s, and it takes the socket back.
 * The second tab's clock is stopped, so no poll can happen unless the test moves it on.
 */
test('a change in one tab shows in another as it is saved, noticed over the socket with no poll; a dropped socket falls back to polling and comes back', async ({
  page,
  request,
  context,
}) => {
  const { api, openInTab } = await signedInAccount(page, request, 'live-two-tabs', null);
  const task = await api.create('tasks', { title: 'Call the bank' });
  await page.goto('/tasks');

  const other = await context.newPage();
  const socket = await socketSwitch(other);
  const polls: string[] = [];
  other.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/changes') polls.push(sent.url());
  });
  await installPageClock(other);
  await openInTab(other, '/tasks');
  await stopPageClock(other);
  await socket.opened();
  const checkbox = (name: string) => other.getByRole('checkbox', { name: `Completed: ${name}` });
  await expect(checkbox('Call the bank')).not.toBeChecked();
  // The check as the page loads and the one as its socket opens (for what changed before) are done.
  await other.waitForLoadState('networkidle');
  const polledBefore = polls.length;

  await page.getByRole('checkbox', { name: 'Completed: Call the bank' }).click();
  await expect(checkbox('Call the bank')).toBeChecked();
  expect(polls).toHaveLength(polledBefore);

  // The socket drops: the change made meanwhile comes with the next poll.
  await socket.drop();
  await api.update('tasks', task.id, { title: 'Call the bank today' });
  await advancePageClock(other, POLLING_MS.data);
  await expect(checkbox('Call the bank today')).toBeChecked();
  expect(polls.length).toBeGreaterThan(polledBefore);

  // Tried again within the backoff's ceiling, the socket is back, and the change notices come again.
  socket.restore();
  await socket.openedAsClockMoves(2);
  const polled = polls.length;
  await api.update('tasks', task.id, { title: 'Call the bank at nine' });
  await expect(checkbox('Call the bank at nine')).toBeChecked();
  expect(polls.length - polled, 'at most the check as the socket opened').toBeLessThanOrEqual(1);
});

/**
 * The change watcher compares the counters it hears with the first it read. Those are asked for
 * beside the page's first lists, as the app starts: read after the page's code and first paint
 * instead, they could already count a change made after the lists were read, which the page would
 * then not read.
 */
test('a change made while the page opens, after its lists were read, still shows once the page has opened', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'live-while-opening', null);
  const before = (await api.get('/api/changes')).stamps.tasks;
  const tasksRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/tasks');
  let countersRead: Promise<unknown> | null = null;
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/changes') countersRead ??= sent.response();
  });
  // The page's code comes only once its tasks were read, and a task was made and counted after.
  await page.route(/\/assets\/tasks-[\w-]+\.js$/, async (route) => {
    await tasksRead;
    await countersRead;
    await api.create('tasks', { title: 'Made while the page opened' });
    await expect.poll(async () => (await api.get('/api/changes')).stamps.tasks).not.toBe(before);
    await route.continue();
  });
  await page.goto('/tasks');

  await expect(page.getByRole('checkbox', { name: 'Completed: Made while the page opened' })).toBeVisible();
});
