import { expect, test } from '@playwright/test';
import { signedInAccount } from './support/app-data';
import { seriousViolations } from './support/axe';
import { installPageClock } from './support/clock';
import { markConnectPromptShown } from './support/google';

test('items deleted through the API are restored, deleted for good and emptied from the trash', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'trash-flow', null);
  const goal = await api.create('goals', { title: 'Learn Welsh' });
  const task = await api.create('tasks', { title: 'Water the plants' });
  const other = await api.create('tasks', { title: 'Call the bank' });
  for (const [kind, item] of [
    ['goals', goal],
    ['tasks', task],
    ['tasks', other],
  ] as const)
    await api.remove(kind, item.id);

  // The page lives at the moment of the last deletion: the day of deletion, whatever the hour the test runs.
  const { items } = await api.get('/api/trash');
  await installPageClock(page, { time: new Date(items[0].deleted_at) });
  await page.goto('/trash');
  const list = page.getByRole('list', { name: 'Deleted items' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByText('10 days left')).toHaveCount(3); // the 10 days the confirmation promised

  await page.getByLabel('Type', { exact: true }).selectOption('goals');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Type', { exact: true }).selectOption('all');
  await page.getByLabel('Search').fill('plants');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Restore Water the plants' }).click();
  await expect(page.getByText('1 items restored successfully')).toBeVisible();
  await page.getByLabel('Search').fill('');
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Delete Call the bank' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete permanently' });
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByText('1 items permanently deleted')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  expect(await seriousViolations(page)).toEqual([]);
  // Emptying says the same words: this toast is dismissed first, so the next one is the one seen.
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await notifications.getByRole('listitem').filter({ hasText: '1 items permanently deleted' }).getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(page.getByText('1 items permanently deleted')).toBeHidden();

  await page.getByRole('button', { name: 'Empty Trash' }).click();
  const empty = page.getByRole('alertdialog', { name: 'Empty Trash' });
  await expect(empty.getByText('cannot be undone')).toBeVisible();
  await empty.getByRole('button', { name: 'Empty Trash' }).click();
  await expect(page.getByText('1 items permanently deleted')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
});

test("a series' events deleted from one on are one entry in the trash, and come back as a series from there", async ({ page, request }) => {
  await markConnectPromptShown(page);
  const { api } = await signedInAccount(page, request, 'trash-series', null);
  const recurrence = { rule: 'FREQ=DAILY;COUNT=7', time_zone: 'UTC' };
  const series = await api.create('events', { title: 'Walk', start_time: '2027-02-08T15:00:00.000Z', end_time: '2027-02-08T16:00:00.000Z', recurrence });
  await api.delete(`/api/events/${series.id}/occurrences?from=2027-02-11T15:00:00.000Z`);

  await page.goto('/trash');
  const entry = page.getByRole('list', { name: 'Deleted items' }).getByRole('listitem');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Every day, 4 times, from Feb 11, 2027');
  await page.getByRole('button', { name: 'Restore Walk' }).click();
  await expect(page.getByText('1 items restored successfully')).toBeVisible();

  await page.goto('/calendar?view=week&date=2027-02-07');
  for (const day of ['Monday, Feb 8, 2027', 'Thursday, Feb 11, 2027', 'Saturday, Feb 13, 2027'])
    await expect(page.getByRole('group', { name: day }).getByRole('button', { name: /Walk/ })).toHaveCount(1);
});

test('select all restores every shown item at once', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'trash-bulk', null);
  for (const title of ['First', 'Second']) {
    const task = await api.create('tasks', { title });
    await api.remove('tasks', task.id);
  }
  await page.goto('/trash');
  await page.getByLabel('Select all').check();
  await page.getByRole('button', { name: 'Restore selected' }).click();
  await expect(page.getByText('2 items restored successfully')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
});

test('days left in the person’s calendar: 10 on the day of deletion, red at 3 or fewer, Expiring today on the purge’s day; Refresh by keyboard', async ({
  page,
  request,
}) => {
  // Noon in Tokyo on a fixed day; the person's zone is Tokyo, so their calendar days are not UTC's.
  const now = new Date('2026-03-12T03:00:00.000Z');
  await installPageClock(page, { time: now });
  const { api } = await signedInAccount(page, request, 'trash-days', null);
  await api.put('/api/settings', { preferred_timezone: 'Asia/Tokyo' });
  const titles = [
    'Deleted an hour ago',
    'Deleted at midnight',
    'Deleted yesterday evening',
    'Deleted a week ago',
    'Deleted six days ago',
    'Deleted ten days ago',
  ];
  for (const title of titles) {
    const task = await api.create('tasks', { title });
    await api.remove('tasks', task.id);
  }
  // Items deleted days ago cannot be made through the API: the page is given the deletion times they would have.
  const HOUR = 3_600_000;
  const deletedAt: Record<string, number> = {
    'Deleted an hour ago': now.getTime() - HOUR,
    'Deleted at midnight': Date.parse('2026-03-11T15:00:00.000Z'), // 00:00 on March 12 in Tokyo
    'Deleted yesterday evening': Date.parse('2026-03-11T14:59:00.000Z'), // 23:59 on March 11 in Tokyo
    'Deleted a week ago': now.getTime() - 7 * 24 * HOUR,
    'Deleted six days ago': now.getTime() - 6 * 24 * HOUR,
    'Deleted ten days ago': now.getTime() - 10 * 24 * HOUR + HOUR, // purged in an hour, today
  };
  await page.route('**/api/trash', async (route) => {
    const answer = await route.fetch();
    const body = await answer.json();
    for (const item of body.items) item.deleted_at = new Date(deletedAt[item.title] ?? Date.parse(item.deleted_at)).toISOString();
    await route.fulfill({ response: answer, json: body });
  });
  await page.goto('/trash');
  const entry = (title: string) => page.getByRole('listitem').filter({ hasText: title });
  const days = (title: string) => entry(title).locator('.trash-item__days');
  await expect(days('Deleted an hour ago')).toHaveText('10 days left');
  await expect(days('Deleted at midnight')).toHaveText('10 days left');
  await expect(days('Deleted yesterday evening')).toHaveText('9 days left');
  await expect(days('Deleted a week ago')).toHaveText('3 days left');
  await expect(days('Deleted a week ago')).toHaveClass(/trash-item__days--warning/);
  await expect(days('Deleted six days ago')).toHaveText('4 days left');
  await expect(days('Deleted six days ago')).not.toHaveClass(/trash-item__days--warning/);
  await expect(days('Deleted ten days ago')).toHaveText('Expiring today');
  await expect(days('Deleted ten days ago')).toHaveClass(/trash-item__days--warning/);
  // The deletion date in the person's zone: 23:59 on March 11 in Tokyo, not UTC's 14:59.
  await expect(entry('Deleted yesterday evening')).toContainText('Deleted Mar 11, 2026');
  await expect(entry('Deleted at midnight')).toContainText('Deleted Mar 12, 2026');

  // Deleted elsewhere meanwhile: Refresh brings it in, and the keyboard stays on the button.
  const more = await api.create('tasks', { title: 'Deleted elsewhere' });
  await api.remove('tasks', more.id);
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await refresh.focus();
  await page.keyboard.press('Enter');
  await expect(entry('Deleted elsewhere')).toBeVisible();
  await expect(refresh).toBeFocused();
  await expect(refresh).not.toHaveAttribute('aria-busy');
});
