import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { signedInAccount } from './support/app-data';
import { advancePageClock, installPageClock, stopPageClock } from './support/clock';
import { markConnectPromptShown } from './support/google';
import { keptKeys } from './support/kept-data';

/**
 * Working without the network, with the service worker (this file's project allows it,
 * playwright.config.ts): what was seen stays readable after a reload, and what was changed is kept
 * through reloads and restarts and reaches the server once (web/src/lib/offline/).
 */

/** The frame's status line in the sidebar (the desktop viewport). */
const statusLine = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' }).getByRole('status').filter({ hasNotText: 'Real-time status' });
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const completed = (page: Page, title: string) => page.getByRole('checkbox', { name: `Completed: ${title}` });

/**
 * Waits until the service worker controls the page and its assets cache holds every file of the
 * app's code the worker lists (web/service-worker/service-worker.ts fills it after activating).
 */
async function appCodeKept(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  const missing = () =>
    page.evaluate(async () => {
      const worker = await (await fetch('/service-worker.js')).text();
      const listed = new Set(worker.match(/assets\/[\w.-]+\.(?:js|css)/g));
      const cached = new Set((await (await caches.open('assets')).keys()).map((request) => new URL(request.url).pathname.slice(1)));
      return [...listed].filter((file) => !cached.has(file));
    });
  await expect.poll(missing, { timeout: 30_000 }).toEqual([]);
}

/** Puts the tab's session where "Remember me" keeps it (localStorage), so that it outlives a restart of the browser. */
async function rememberSession(page: Page) {
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage).filter((name) => name.startsWith('CognitoIdentityServiceProvider.'))) {
      localStorage.setItem(key, sessionStorage.getItem(key)!);
      sessionStorage.removeItem(key);
    }
  });
}

/** A browser with a profile on disk, launched as this project launches its own (playwright.config.ts): what it keeps survives a restart. */
function browserWithProfile(testInfo: TestInfo, profile: string, options: { offline?: boolean } = {}): Promise<BrowserContext> {
  const { launchOptions, baseURL, viewport, timezoneId, locale } = testInfo.project.use;
  return chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, viewport, timezoneId, locale, serviceWorkers: 'allow', ...options });
}

type Task = { id: string; title: string; status: string; priority: string; description?: string | null; version: number };
const tasksTitled = async (api: { get: (path: string) => Promise<{ items: Task[] }> }, title: string) =>
  (await api.get('/api/tasks')).items.filter((task) => task.title === title);

test('what was seen online reads offline after a reload: tasks, goals, the calendar, the trash and settings; an editor never opened online opens too', async ({
  page,
  request,
  context,
}) => {
  await markConnectPromptShown(page);
  const { api } = await signedInAccount(page, request, 'offline-reading', null);
  await api.create('tasks', { title: 'Renew passport' });
  await api.create('goals', { title: 'Run a marathon' });
  await api.create('events', { title: 'Dentist', start_time: '2027-02-10T09:00:00.000Z', end_time: '2027-02-10T10:00:00.000Z' });
  const trashed = await api.create('tasks', { title: 'Old errand' });
  await api.remove('tasks', trashed.id);
  await api.put('/api/settings', { preferred_timezone: 'Asia/Tokyo' });

  const pages: Array<[path: string, shows: (page: Page) => Promise<void>, kept: string]> = [
    ['/tasks', (shown) => expect(card(shown, 'Renew passport')).toBeVisible(), '/api/tasks'],
    ['/goals', (shown) => expect(card(shown, 'Run a marathon')).toBeVisible(), '/api/goals'],
    ['/calendar?view=week&date=2027-02-10', (shown) => expect(shown.getByRole('button', { name: /Dentist/ })).toBeVisible(), '/api/events'],
    ['/trash', (shown) => expect(shown.getByRole('list', { name: 'Deleted items' }).getByText('Old errand', { exact: true })).toBeVisible(), '/api/trash'],
    ['/settings', (shown) => expect(shown.getByLabel('Time zone')).toHaveValue('Asia/Tokyo'), '/api/settings'],
  ];
  for (const [path, shows, kept] of pages) {
    await page.goto(path);
    await shows(page);
    // Kept as the read answers (in the background): a page left at once may not have finished keeping it.
    await expect.poll(() => keptKeys(page)).toContain(kept);
  }
  await appCodeKept(page);
  // Not the code used only online: the voice client (LiveKit's, in the chunk of its own the build names).
  const keptVoiceClient = await page.evaluate(async () => {
    const cache = await caches.open('assets');
    const texts = await Promise.all((await cache.keys()).map(async (request) => (await cache.match(request))!.text()));
    return texts.filter((text) => text.includes('LiveKit')).length;
  });
  expect(keptVoiceClient).toBe(0);

  await context.setOffline(true);
  await page.reload();
  await pages.at(-1)![1](page);
  for (const [path, shows] of pages.slice(0, -1)) {
    await page.goto(path);
    await shows(page);
    await expect(statusLine(page)).toHaveText('Offline');
  }
  // The goal editor's code was never asked for online: the worker fetched it after activating.
  await page.goto('/goals');
  await page.getByRole('button', { name: 'New Goal' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Goal' }).getByLabel('Title')).toBeVisible();
});

test('a task quick-added offline shows at once and waits; back online it is saved once', async ({ page, request, context }) => {
  const { api } = await signedInAccount(page, request, 'offline-quick-add', '/tasks');
  await expect(page.getByText('No tasks yet')).toBeVisible();
  // Quick add's date reader is fetched when the field is first focused: offline, from the worker's cache.
  await appCodeKept(page);

  await context.setOffline(true);
  await expect(statusLine(page)).toHaveText('Offline');
  const field = page.getByLabel('Quick add');
  await field.fill('Buy oat milk');
  await field.press('Enter');
  await expect(card(page, 'Buy oat milk')).toBeVisible();
  await expect(statusLine(page)).toHaveText('Offline · 1 change waiting');

  await context.setOffline(false);
  await expect(statusLine(page)).toHaveText('All changes saved');
  expect(await tasksTitled(api, 'Buy oat milk')).toHaveLength(1);
  await expect(card(page, 'Buy oat milk')).toBeVisible();
});

test('changes waiting survive a reload and a restart of the browser without the network, and are sent once when it is back', async ({ request }, testInfo) => {
  const profile = mkdtempSync(join(tmpdir(), 'tempo-offline-'));
  try {
    let browser = await browserWithProfile(testInfo, profile);
    let page = browser.pages()[0] ?? (await browser.newPage());
    const { api } = await signedInAccount(page, request, 'offline-restart', null);
    const task = await api.create('tasks', { title: 'Water the plants' });
    await rememberSession(page);
    await page.goto('/tasks');
    await expect(completed(page, 'Water the plants')).not.toBeChecked();
    await appCodeKept(page);

    await browser.setOffline(true);
    await completed(page, 'Water the plants').click();
    await expect(completed(page, 'Water the plants')).toBeChecked();
    await page.getByLabel('Quick add').fill('Call the plumber');
    await page.getByLabel('Quick add').press('Enter');
    await expect(card(page, 'Call the plumber')).toBeVisible();
    await expect(statusLine(page)).toHaveText('Offline · 2 changes waiting');

    await page.reload();
    await expect(completed(page, 'Water the plants')).toBeChecked();
    await expect(card(page, 'Call the plumber')).toBeVisible();
    await expect(statusLine(page)).toHaveText('Offline · 2 changes waiting');

    await browser.close();
    browser = await browserWithProfile(testInfo, profile, { offline: true });
    page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto('/tasks');
    await expect(completed(page, 'Water the plants')).toBeChecked();
    await expect(card(page, 'Call the plumber')).toBeVisible();
    await expect(statusLine(page)).toHaveText('Offline · 2 changes waiting');
    // Nothing reached the server meanwhile.
    expect((await api.get(`/api/tasks/${task.id}`)).status).not.toBe('completed');

    await browser.setOffline(false);
    await expect(statusLine(page)).toHaveText('All changes saved');
    // One write each: the task's version counts its writes.
    expect(await api.get(`/api/tasks/${task.id}`)).toMatchObject({ status: 'completed', version: 2 });
    expect(await tasksTitled(api, 'Call the plumber')).toMatchObject([{ version: 1 }]);
    await browser.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

/** Opens a task's editor, changes its title or priority, and saves. */
async function editTask(page: Page, title: string, change: { title?: string; priority?: string }) {
  await card(page, title).getByRole('button', { name: title, exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Task' });
  if (change.title !== undefined) await editor.getByLabel('Title').fill(change.title);
  if (change.priority !== undefined) await editor.getByLabel('Priority').selectOption(change.priority);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
}

test('two tabs offline edit one task: their fields merge with a change made elsewhere meanwhile; a title changed both here and elsewhere is offered as the offline change', async ({
  page,
  request,
  context,
}) => {
  const { api, openInTab } = await signedInAccount(page, request, 'offline-two-tabs', null);
  const task = await api.create('tasks', { title: 'Plan trip' });
  await page.goto('/tasks');
  const other = await context.newPage();
  await openInTab(other, '/tasks');
  for (const tab of [page, other]) await expect(card(tab, 'Plan trip')).toBeVisible();

  // Different fields: the title in one tab, the priority in the other, the description on another device.
  await context.setOffline(true);
  await editTask(page, 'Plan trip', { title: 'Plan the trip' });
  await expect(card(other, 'Plan the trip')).toBeVisible();
  await editTask(other, 'Plan the trip', { priority: 'high' });
  await api.update('tasks', task.id, { description: 'Bring passports' });
  for (const tab of [page, other]) await expect(statusLine(tab)).toHaveText('Offline · 2 changes waiting');

  await context.setOffline(false);
  for (const tab of [page, other]) await expect(statusLine(tab)).toHaveText('All changes saved');
  expect(await api.get(`/api/tasks/${task.id}`)).toMatchObject({ title: 'Plan the trip', priority: 'high', description: 'Bring passports' });
  for (const tab of [page, other]) await expect(card(tab, 'Plan the trip').getByText('High priority')).toBeVisible();
  // No field was changed on both sides: nothing to look at.
  await expect(page.getByRole('button', { name: /needs? a look$/ })).toHaveCount(0);

  // The same field: the title in both tabs (the later one stands here), then on another device, later still.
  await context.setOffline(true);
  await editTask(page, 'Plan the trip', { title: 'Plan the summer trip' });
  await editTask(other, 'Plan the summer trip', { title: 'Plan the autumn trip' });
  await expect(card(page, 'Plan the autumn trip')).toBeVisible();
  await api.update('tasks', task.id, { title: 'Plan the winter trip' });

  await context.setOffline(false);
  await expect(statusLine(page)).toHaveText('All changes saved');
  // The newer, made elsewhere, stands; the offline change is offered to put back.
  for (const tab of [page, other]) await expect(card(tab, 'Plan the winter trip')).toBeVisible();
  expect(await api.get(`/api/tasks/${task.id}`)).toMatchObject({ title: 'Plan the winter trip', priority: 'high' });
  await page.getByRole('button', { name: /needs? a look$/ }).click();
  const conflicts = page.getByRole('dialog', { name: 'Changes made offline' });
  const mine = conflicts.getByRole('listitem').filter({ hasText: 'Yours: “Plan the autumn trip”.' });
  await expect(mine).toContainText('Title changed elsewhere while you were offline.');
  await mine.getByRole('button', { name: 'Use mine' }).click();
  await expect.poll(async () => (await api.get(`/api/tasks/${task.id}`)).title).toBe('Plan the autumn trip');
  for (const tab of [page, other]) await expect(card(tab, 'Plan the autumn trip')).toBeVisible();
});

test('a change whose answer is lost after the server applied it is sent again and applied once', async ({ page, request }) => {
  await installPageClock(page);
  const { api } = await signedInAccount(page, request, 'offline-lost-answer', null);
  const task = await api.create('tasks', { title: 'Pay rent' });
  await page.goto('/tasks');
  await expect(completed(page, 'Pay rent')).not.toBeChecked();
  await stopPageClock(page);

  // The first PATCH reaches the server, which applies it; its answer never comes back.
  const sent: Array<{ key: string | undefined; replayed: string | undefined }> = [];
  await page.route('**/api/tasks/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    const answer = await route.fetch();
    sent.push({ key: route.request().headers()['idempotency-key'], replayed: answer.headers()['idempotent-replayed'] });
    if (sent.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response: answer });
  });
  await completed(page, 'Pay rent').click();
  await expect(completed(page, 'Pay rent')).toBeChecked();
  await expect.poll(() => sent.length).toBe(1);
  expect(await api.get(`/api/tasks/${task.id}`)).toMatchObject({ status: 'completed', version: 2 });

  // The sender waits (its backoff) and tries again, with the same key: the server answers what it answered.
  await expect
    .poll(async () => {
      await advancePageClock(page, 1_000);
      return sent.length;
    })
    .toBe(2);
  expect(sent[1]).toEqual({ key: sent[0]!.key, replayed: 'true' });
  expect(sent[0]!.key).toMatch(/^[\x21-\x7e]{1,255}$/);
  await expect(statusLine(page)).toHaveText('All changes saved');
  expect(await api.get(`/api/tasks/${task.id}`)).toMatchObject({ status: 'completed', version: 2 });
  await expect(completed(page, 'Pay rent')).toBeChecked();
});
