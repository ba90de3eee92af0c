import { expect, test } from '@playwright/test';
import { signedInAccount } from './support/app-data';
import { seriousViolations } from './support/axe';

test('items deleted through the API are restored, deleted for good and emptied from the trash', { tag: '@phone' }, async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'trash-flow');
  const goal = await api.create('goals', { title: 'Learn Welsh' });
  const task = await api.create('tasks', { title: 'Water the plants' });
  const other = await api.create('tasks', { title: 'Call the bank' });
  for (const [kind, item] of [['goals', goal], ['tasks', task], ['tasks', other]] as const) await api.remove(kind, item.id);

  await page.goto('/trash');
  const list = page.getByRole('list', { name: 'Deleted items' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByText('9 days left').first()).toBeVisible(); // whole days left of the 10

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
  // Emptying says the same words: let this toast go first (5 s), so the next one is the one seen.
  await expect(page.getByText('1 items permanently deleted')).toBeHidden();

  await page.getByRole('button', { name: 'Empty Trash' }).click();
  const empty = page.getByRole('alertdialog', { name: 'Empty Trash' });
  await expect(empty.getByText('cannot be undone')).toBeVisible();
  await empty.getByRole('button', { name: 'Empty Trash' }).click();
  await expect(page.getByText('1 items permanently deleted')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
});

test('select all restores every shown item at once', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'trash-bulk');
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

test('days left: Expiring today at 0, in red at 3 or fewer; the deletion date in the user’s zone; Refresh by keyboard', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'trash-days');
  for (const title of ['Today goes', 'Three left', 'Four left']) {
    const task = await api.create('tasks', { title });
    await api.remove('tasks', task.id);
  }
  // Items deleted days ago cannot be made through the API: the page is shown the ages it would get.
  const daysLeft: Record<string, number> = { 'Today goes': 0, 'Three left': 3, 'Four left': 4 };
  await page.route('**/api/trash', async (route) => {
    const answer = await route.fetch();
    const body = await answer.json();
    for (const item of body.items) item.days_remaining = daysLeft[item.title] ?? item.days_remaining;
    await route.fulfill({ response: answer, json: body });
  });
  await page.goto('/trash');
  const entry = (title: string) => page.getByRole('listitem').filter({ hasText: title });
  await expect(entry('Today goes')).toContainText('Expiring today');
  await expect(entry('Today goes').getByText('Expiring today')).toHaveClass(/trash-item__days--warning/);
  await expect(entry('Three left').getByText('3 days left')).toHaveClass(/trash-item__days--warning/);
  await expect(entry('Four left').getByText('4 days left')).not.toHaveClass(/trash-item__days--warning/);
  const today = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date());
  await expect(entry('Four left')).toContainText(`Deleted ${today}`);

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
