import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/app-data';
import { seriousViolations } from './support/axe';
import { moveWithKeyboard } from './support/sortable';

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const cardTitles = (page: Page) => page.getByRole('list', { name: 'Tasks', exact: true }).getByRole('heading').allInnerTexts();
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('a task is created with validation, completed, filtered, edited and moved to trash', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'tasks-flow');
  await api.create('goals', { title: 'Open goal' });
  await api.create('goals', { title: 'Done goal', status: 'completed' });
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(page.getByText('No tasks yet')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New Task' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Task' });
  const save = editor.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(editor.getByLabel('Status')).toHaveCount(0);
  await expect(editor.getByLabel('Priority')).toHaveValue('medium');
  await editor.getByLabel('Title').fill('x');
  await editor.getByLabel('Title').fill('');
  await expect(editor.getByText('Task title is required')).toBeVisible();
  await editor.getByLabel('Title').fill('Write report');
  await editor.getByLabel('Due date').fill(utcDay(-1));
  await expect(editor.getByText('Due date cannot be in the past')).toBeVisible();
  await expect(save).toBeDisabled();
  await editor.getByLabel('Due date').fill(utcDay(0));
  await editor.getByLabel('Priority').selectOption('high');
  await expect(editor.getByLabel('Goal')).toContainText('Open goal');
  await expect(editor.getByLabel('Goal')).not.toContainText('Done goal');
  await editor.getByLabel('Goal').selectOption({ label: 'Open goal' });
  await editor.getByRole('combobox', { name: 'Tags' }).pressSequentially('work,');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Task created successfully!')).toBeVisible();

  const task = card(page, 'Write report');
  await expect(task.getByText('High priority')).toBeVisible();
  await expect(task.getByText('Due today')).toBeVisible();
  await expect(task.getByText('Goal: Open goal')).toBeVisible();
  await expect(task.getByText('work')).toBeVisible();
  const overview = page.getByRole('region', { name: 'Tasks overview' });
  await expect(overview.getByText('Due Soon')).toBeVisible();
  await expect(overview.getByText('Completed')).toHaveCount(0);

  await task.getByRole('checkbox', { name: 'Completed: Write report' }).click();
  await expect(task.getByRole('checkbox')).toBeChecked();
  await expect(overview.getByText('Completed')).toBeVisible();

  await api.create('tasks', { title: 'Call plumber', priority: 'low' });
  await page.reload();
  await page.getByLabel('Status', { exact: true }).selectOption('completed');
  await expect(card(page, 'Write report')).toBeVisible();
  await expect(card(page, 'Call plumber')).toHaveCount(0);
  await page.getByLabel('Status', { exact: true }).selectOption('all');
  await page.getByLabel('Goal link').selectOption('without_goal');
  await expect(card(page, 'Call plumber')).toBeVisible();
  await expect(card(page, 'Write report')).toHaveCount(0);
  await page.getByLabel('Goal link').selectOption('all');
  await page.getByLabel('Search').fill('nothing like this');
  await expect(page.getByText('No tasks match your filters')).toBeVisible();
  await page.getByLabel('Search').fill('plumb');
  await expect(card(page, 'Call plumber')).toBeVisible();
  await page.getByLabel('Search').fill('');

  await card(page, 'Write report').getByRole('button', { name: 'Write report', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(edit.getByLabel('Status')).toHaveValue('completed');
  await edit.getByLabel('Status').selectOption('in_progress');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(card(page, 'Write report').getByText('In Progress')).toBeVisible();

  await card(page, 'Call plumber').getByRole('button', { name: 'Delete task Call plumber' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this task?');
  await confirm.getByRole('button', { name: 'Move to Trash' }).click();
  await expect(page.getByText('Task moved to trash')).toBeVisible();
  await expect(card(page, 'Call plumber')).toHaveCount(0);
});

test('a failed create keeps the editor open with its toast', async ({ page, request }) => {
  await signedInAccount(page, request, 'tasks-fail');
  await page.goto('/tasks');
  await page.getByRole('button', { name: 'New Task' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Task' });
  await editor.getByLabel('Title').fill('Doomed');
  await page.route('**/api/tasks', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.fallback()));
  await editor.getByLabel('Title').press('Enter');
  await expect(page.getByText('Failed to create task')).toBeVisible();
  await expect(editor).toBeVisible();
});

test('a new task order is saved with the keyboard and survives a reload; ?taskId= opens the editor', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'tasks-order');
  await api.create('tasks', { title: 'One' });
  const two = await api.create('tasks', { title: 'Two' });
  await api.create('tasks', { title: 'Three' });
  await page.goto('/tasks');
  await expect(card(page, 'Two')).toBeVisible();
  const before = await cardTitles(page);

  await page.getByRole('button', { name: 'Reorder' }).click();
  const [top, next, last] = before as [string, string, string];
  await moveWithKeyboard(page, page.getByRole('button', { name: `Drag to reorder ${top}` }), card(page, top), card(page, next));
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expect(page.getByText('Task order updated')).toBeVisible();
  const after = await cardTitles(page);
  expect(after).toEqual([next, top, last]);

  await page.reload();
  await expect(card(page, top)).toBeVisible();
  expect(await cardTitles(page)).toEqual(after);

  await page.goto(`/tasks?taskId=${two.id}`);
  await expect(page.getByRole('dialog', { name: 'Edit Task' }).getByLabel('Title')).toHaveValue('Two');
  await expect(page).toHaveURL('/tasks');
});
