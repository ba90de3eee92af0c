import { expect, test, type Route } from '@playwright/test';
import { signedInAccount } from './support/app-data';
import { seriousViolations } from './support/axe';
import { installPageClock } from './support/clock';
import { layoutShifts, recordLayoutShifts } from './support/layout-shifts';

test('an empty dashboard shows its empty states and no stat chips', async ({ page, request }) => {
  await signedInAccount(page, request, 'dash-empty');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();
  await expect(page.getByText('No pending tasks')).toBeVisible();
  // Checked once the lists have loaded, so it cannot pass before there is anything to count.
  await expect(page.getByRole('list', { name: 'Summary' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Goals' }).click();
  await expect(page.getByText('No active goals', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Progress' }).click();
  await expect(page.getByText("No progress yet—let's start!")).toBeVisible();
  await expect(page.getByText('No events scheduled for today')).toBeVisible();
  await expect(page.getByText('No active goals with tasks')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask your assistant' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Talk to your assistant' })).toHaveCount(0);

  expect(await seriousViolations(page)).toEqual([]);

  // The empty states' actions open the editors, or the day to add an event on.
  await page.getByRole('tab', { name: 'Priority' }).click();
  await page.getByRole('link', { name: 'Add first task' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Task' })).toBeVisible();
  await expect(page).toHaveURL('/tasks');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Create a goal' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Goal' })).toBeVisible();
  await page.goto('/dashboard');
  await page.getByRole('region', { name: 'Daily Schedule' }).getByRole('link', { name: 'Add an event' }).click();
  await expect(page).toHaveURL(/\/calendar\?view=day&date=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('button', { name: /^New event on .* at 9:00 AM$/ })).toBeVisible();
});

test('the widgets show goals, tasks and events made through the API and lead to them', async ({ page, request }) => {
  // The data is there before the dashboard first loads; the page's day is the test's (UTC, the account's zone).
  const { api } = await signedInAccount(page, request, 'dash-data', null);
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const goal = await api.create('goals', { title: 'Run a marathon', type: 'long_term' });
  await api.create('tasks', { title: 'Buy shoes', priority: 'low', goal_id: goal.id });
  const urgent = await api.create('tasks', { title: 'Book the race', priority: 'high', goal_id: goal.id });
  await api.create('tasks', { title: 'Stretch', priority: 'medium', status: 'completed', goal_id: goal.id });
  await api.create('events', { title: 'Training run', start_time: `${today}T12:00:00.000Z`, end_time: `${today}T12:30:00.000Z` });
  await installPageClock(page, { time: now });
  await page.goto('/dashboard');

  await page.getByRole('button', { name: 'Refresh goals and tasks' }).click();
  const summary = page.getByRole('list', { name: 'Summary' });
  await expect(summary.getByRole('link', { name: '1 Active Goals' })).toBeVisible();
  await expect(summary.getByRole('link', { name: '2 Pending Tasks' })).toBeVisible();

  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('link')).toHaveCount(2);
  await expect(panel.getByRole('link').first()).toContainText('Book the race');
  await panel.getByRole('link').first().hover();
  await expect(panel.getByText('Goal: Run a marathon').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Progress' }).click();
  await expect(page.getByRole('progressbar', { name: 'Tasks completed' })).toHaveAttribute('aria-valuenow', '33');
  await expect(page.getByRole('progressbar', { name: 'Goals completed' })).toHaveCount(0);

  const goalProgress = page.getByRole('region', { name: 'Goal Progress' });
  await expect(goalProgress.getByText('Run a marathon')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Daily Schedule' }).getByText('Training run')).toBeVisible();

  await page.getByRole('tab', { name: 'Priority' }).click();
  const first = page.getByRole('tabpanel').getByRole('link').first();
  await expect(first).toHaveAttribute('href', `/tasks?taskId=${urgent.id}`);
  await first.click();
  await expect(page).toHaveURL(/\/tasks/);
  await page.goBack();
  await page.getByRole('list', { name: 'Summary' }).getByRole('link', { name: '1 Active Goals' }).click();
  await expect(page).toHaveURL('/goals');
});

test('the daily schedule moves between days', async ({ page, request }) => {
  await signedInAccount(page, request, 'dash-days');
  const schedule = page.getByRole('region', { name: 'Daily Schedule' });
  await expect(schedule.getByText(/^Today, /)).toBeVisible();
  await schedule.getByRole('button', { name: 'Next day' }).click();
  await expect(schedule.getByText(/^Today, /)).toHaveCount(0);
  await schedule.getByRole('button', { name: 'Previous day' }).click();
  await expect(schedule.getByText(/^Today, /)).toBeVisible();
  await schedule.getByRole('link', { name: 'View Calendar' }).click();
  await expect(page).toHaveURL('/calendar');
});

test('an all-day event is on its own day and upcoming all that day, in a zone west of UTC', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'dash-all-day', null);
  await api.put('/api/settings', { preferred_timezone: 'America/New_York' });
  // The page's day is the test's.
  const now = new Date();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now);
  // Stored at 00:00 UTC of its day: that instant is the evening before in New York.
  await api.create('events', { title: 'Company holiday', all_day: true, start_time: `${today}T00:00:00.000Z`, end_time: `${today}T00:00:00.000Z` });
  await installPageClock(page, { time: now });
  await page.goto('/dashboard');

  const schedule = page.getByRole('region', { name: 'Daily Schedule' });
  await expect(schedule.getByRole('link', { name: /All day.*Company holiday/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Summary' }).getByRole('link', { name: '1 Upcoming Events' })).toBeVisible();
  await schedule.getByRole('button', { name: 'Previous day' }).click();
  await expect(schedule.getByText('No events scheduled for today')).toBeVisible();
});

test('a daily series begun a month ago is on today’s schedule and counts as one upcoming event', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'dash-series', null);
  const now = new Date();
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  await api.create('events', {
    title: 'Morning walk',
    start_time: `${monthAgo}T23:00:00.000Z`,
    end_time: `${monthAgo}T23:30:00.000Z`,
    recurrence: { rule: 'FREQ=DAILY', time_zone: 'UTC' },
  });
  await installPageClock(page, { time: now });
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Daily Schedule' }).getByRole('link', { name: /Morning walk/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Summary' }).getByRole('link', { name: '1 Upcoming Events' })).toBeVisible();
});

test('the tabs keep to their limits: 5 priority tasks, 5 active goals, 3 tasks on a goal’s hover then +N more', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'dash-limits');
  for (const title of ['Goal B', 'Goal C', 'Goal D', 'Goal E', 'Goal F']) await api.create('goals', { title });
  const busy = await api.create('goals', { title: 'Goal with tasks' }); // the newest: listed first
  for (const title of ['Task 1', 'Task 2', 'Task 3', 'Task 4', 'Task 5']) await api.create('tasks', { title, goal_id: busy.id });
  await api.create('tasks', { title: 'Task 6', priority: 'high' });
  await page.getByRole('button', { name: 'Refresh goals and tasks' }).click();

  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('link')).toHaveCount(5);
  await expect(panel.getByRole('link').first()).toContainText('Task 6'); // high first

  await page.getByRole('tab', { name: 'Goals' }).click();
  await expect(panel.getByRole('link')).toHaveCount(5);
  const first = panel.getByRole('link').first();
  await expect(first).toContainText('Goal with tasks');
  await first.hover();
  const preview = first.getByRole('list');
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveText(['Task 5', 'Task 4', 'Task 3', '+2 more tasks']); // the task list's order: newest first
});

test('the dashboard does not move when its lists arrive', { tag: '@phone' }, async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'dash-steady', null);
  const today = new Date().toISOString().slice(0, 10);
  const goal = await api.create('goals', { title: 'Learn to sail', type: 'long_term' });
  for (const [title, priority] of [
    ['Book a course', 'high'],
    ['Buy gloves', 'medium'],
    ['Read the manual', 'low'],
  ]) {
    await api.create('tasks', { title, priority, goal_id: goal.id });
  }
  await api.create('events', { title: 'Harbour visit', start_time: `${today}T23:00:00.000Z`, end_time: `${today}T23:30:00.000Z` });
  // Every shift from the first paint on counts: the settings and the configuration arrive meanwhile too.
  await recordLayoutShifts(page);
  // The three lists wait until the page has painted without them.
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/api\/(goals|tasks|events)$/, (route) => (holding ? void held.push(route) : route.continue()));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();
  await expect.poll(() => held.length).toBe(3);
  holding = false;
  for (const route of held) await route.continue();

  await expect(page.getByRole('list', { name: 'Summary' }).getByRole('link', { name: '3 Pending Tasks' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: /Book a course/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Daily Schedule' }).getByText('Harbour visit')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Goal Progress' }).getByText('Learn to sail')).toBeVisible();
  expect(await layoutShifts(page)).toEqual([]);
});

test('a first visit asks for its lists beside the page’s code, reads each once, and first paints them', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'dash-early', null);
  await api.create('tasks', { title: 'Book a course', priority: 'high' });
  const reads: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (sent.method() === 'GET' && /^\/api\/(goals|tasks|events|settings)$/.test(pathname)) reads.push(pathname);
  });
  // The page's code comes only once its reads are answered: the reads went out before it.
  const answered = Promise.all(
    ['goals', 'tasks', 'events', 'settings'].map((list) => page.waitForResponse((response) => new URL(response.url()).pathname === `/api/${list}`)),
  );
  await page.route(/\/assets\/dashboard-[\w-]+\.js$/, async (route) => {
    await answered;
    await route.continue();
  });
  await page.addInitScript(() => {
    const shown = window as unknown as { firstShown?: string };
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root?.hasChildNodes()) return;
      shown.firstShown = root.textContent ?? '';
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/dashboard');

  await expect(page.getByRole('tabpanel').getByRole('link', { name: /Book a course/ })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { firstShown?: string }).firstShown)).toContain('Book a course');
  expect(reads.sort()).toEqual(['/api/events', '/api/goals', '/api/settings', '/api/tasks']);
});
