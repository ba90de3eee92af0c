import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { signedInAccount } from './support/app-data';
import { seriousViolations } from './support/axe';
import { socketSwitch } from './support/change-socket';
import { moveWithKeyboard } from './support/sortable';
import { installPageClock } from './support/clock';

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const cardTitles = (page: Page) => page.getByRole('list', { name: 'Tasks', exact: true }).getByRole('heading').allInnerTexts();
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const shownTitles = async (page: Page) => (await cardTitles(page)).sort();

/** Presses Tab until the element has the focus, as a keyboard user gets there (at most 30 times). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 30 && !(await target.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test('a task is created with validation, completed, filtered, edited and moved to trash', { tag: '@phone' }, async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'tasks-flow', null);
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

test('a create the server refuses keeps the editor open with its toast; one it fails to answer shows at once and is sent again', async ({
  page,
  request,
  context,
}) => {
  const { api } = await signedInAccount(page, request, 'tasks-fail', '/tasks');
  await page.getByRole('button', { name: 'New Task' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Task' });
  await editor.getByLabel('Title').fill('Doomed');
  // A refusal (4xx) is the change's fault: it is taken back and said, and the form stays to be corrected.
  const refusal = { error: { code: 'validation_failed', message: 'Title is not allowed', fields: { title: 'Title is not allowed' } } };
  await page.route('**/api/tasks', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 422, json: refusal }) : route.fallback()));
  await editor.getByLabel('Title').press('Enter');
  const failure = editor.getByRole('listitem').filter({ hasText: 'Failed to create task' });
  await expect(failure).toBeVisible();
  // A failure interrupts a screen reader rather than waiting for a pause.
  await expect(editor.getByRole('region', { name: 'Notifications' }).locator('[aria-live="assertive"]')).toContainText('Failed to create task');
  await expect(editor.getByText('Title is not allowed')).toBeVisible();
  await failure.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(failure).toBeHidden();
  await expect(editor).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(card(page, 'Doomed')).toHaveCount(0);

  // A server failing (5xx) is not the change's fault: it shows as made, waits, and is sent once the server answers again.
  await page.unroute('**/api/tasks');
  await page.route('**/api/tasks', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.fallback()));
  const failed = page.waitForResponse((answer) => answer.request().method() === 'POST' && answer.status() === 500);
  await page.getByRole('button', { name: 'New Task' }).click();
  await editor.getByLabel('Title').fill('Kept');
  await editor.getByLabel('Title').press('Enter');
  await failed;
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(editor).toHaveCount(0);
  await expect(card(page, 'Kept')).toBeVisible();
  await expect(page.getByText('Failed to create task')).toHaveCount(0);
  await page.unroute('**/api/tasks');
  // Coming back online sends what waits at once, without the retry's wait.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(async () => (await api.get('/api/tasks')).items.map((task: { title: string }) => task.title)).toEqual(['Kept']);
  await expect(card(page, 'Kept')).toBeVisible();
});

test('a new task order is saved with the keyboard and survives a reload; ?taskId= opens the editor', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'tasks-order', null);
  await api.create('tasks', { title: 'One' });
  const two = await api.create('tasks', { title: 'Two' });
  await api.create('tasks', { title: 'Three' });
  await page.goto('/tasks');
  // The list is shown whole at once: its last-made task there means all three are.
  await expect(card(page, 'Three')).toBeVisible();
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

test('the priority, due and goal-link filters; 3 tags then +N more; the checkbox toggles both ways', { tag: '@phone' }, async ({ page, request }) => {
  // The server refuses past due dates, so the browser lives 3 days ahead: a task due today is overdue there.
  await installPageClock(page, { time: new Date(`${utcDay(3)}T12:00:00.000Z`) });
  const { api } = await signedInAccount(page, request, 'tasks-filters', null);
  const garden = await api.create('goals', { title: 'Garden' });
  await api.create('tasks', { title: 'Late', priority: 'high', due_date: `${utcDay(0)}T00:00:00.000Z` });
  await api.create('tasks', { title: 'Soon', due_date: `${utcDay(5)}T00:00:00.000Z`, goal_id: garden.id, tags: ['one', 'two', 'three', 'four', 'five'] });
  await api.create('tasks', { title: 'Someday', priority: 'low' });
  await page.goto('/tasks');
  await expect(card(page, 'Someday')).toBeVisible();

  const soon = card(page, 'Soon');
  const chips = soon.getByRole('list', { name: 'Tags' });
  await expect(chips.getByRole('listitem')).toHaveText(['one', 'two', 'three', '+2 more: four, five']);
  await expect(card(page, 'Late').getByText('Overdue')).toBeVisible();
  await expect(soon.getByText('Due in 2 days')).toBeVisible();

  await page.getByLabel('Priority', { exact: true }).selectOption('high');
  await expect.poll(() => shownTitles(page)).toEqual(['Late']);
  await page.getByLabel('Priority', { exact: true }).selectOption('all');
  const due = page.getByLabel('Due', { exact: true });
  await expect(due.getByRole('option')).toHaveText(['All', 'Overdue', 'Due Soon', 'No Date']);
  await due.selectOption('overdue');
  await expect.poll(() => shownTitles(page)).toEqual(['Late']);
  await due.selectOption('due_soon');
  await expect.poll(() => shownTitles(page)).toEqual(['Soon']);
  await due.selectOption('no_date');
  await expect.poll(() => shownTitles(page)).toEqual(['Someday']);
  await due.selectOption('all');
  await page.getByLabel('Goal link').selectOption('with_goal');
  await expect.poll(() => shownTitles(page)).toEqual(['Soon']);
  await page.getByLabel('Goal link').selectOption('all');
  await page.getByLabel('Tag', { exact: true }).selectOption('three');
  await expect.poll(() => shownTitles(page)).toEqual(['Soon']);
  await page.getByLabel('Tag', { exact: true }).selectOption('');
  await page.getByLabel('Search').fill('SOME');
  await expect.poll(() => shownTitles(page)).toEqual(['Someday']);
  await page.getByLabel('Search').fill('');

  // Completed drops the due state; unchecking makes it pending again.
  const check = soon.getByRole('checkbox', { name: 'Completed: Soon' });
  await check.click();
  await expect(check).toBeChecked();
  await expect(soon.getByText('Due in 2 days')).toHaveCount(0);
  await check.click();
  await expect(check).not.toBeChecked();
  await expect(soon.getByText('Due in 2 days')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('pending');
  await expect.poll(() => shownTitles(page)).toEqual(['Late', 'Someday', 'Soon']);

  // The editor keeps a completed goal the task already links to, and offers the status only when editing.
  await api.create('goals', { title: 'Finished', status: 'completed' });
  await soon.getByRole('button', { name: 'Soon', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(edit.getByLabel('Status').getByRole('option')).toHaveText(['Pending', 'In Progress', 'Completed']);
  await expect(edit.getByLabel('Goal')).toHaveValue(garden.id);
  await expect(edit.getByLabel('Goal')).not.toContainText('Finished');
});

test('every task action works from the keyboard, and the focus comes back after the editor and the dialog', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'tasks-keys', null);
  await api.create('tasks', { title: 'Water plants' });
  await page.goto('/tasks');
  const task = card(page, 'Water plants');
  await expect(task).toBeVisible();

  // The overview folds with Space and unfolds with Enter; the filters and the checkbox come next.
  const overview = page.getByRole('button', { name: 'Tasks overview' });
  await tabTo(page, overview);
  await page.keyboard.press('Space');
  await expect(overview).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(overview).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, page.getByLabel('Search'));
  const check = task.getByRole('checkbox');
  await tabTo(page, check);
  await expect(check).not.toHaveCSS('box-shadow', 'none');
  await page.keyboard.press('Space');
  await expect(check).toBeChecked();

  // The title opens the editor with the focus in it; Escape closes it and the focus is back on the title.
  const open = task.getByRole('button', { name: 'Water plants', exact: true });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Edit Task' }).getByLabel('Title')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(open).toBeFocused();

  // The bin asks first, Cancel having the focus; Tab reaches 'Move to Trash', and the focus stays in the page.
  await tabTo(page, task.getByRole('button', { name: 'Delete task Water plants' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Move to Trash' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Task moved to trash')).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'New Task' })).toBeFocused();
});

test('a status change shows at once and stays: its own change notice reads the list again, and a read answered after a newer change does not undo it', async ({
  page,
  request,
}) => {
  const socket = await socketSwitch(page);
  const { api } = await signedInAccount(page, request, 'tasks-one-write', null);
  await api.create('tasks', { title: 'Call the bank' });
  const baseline = page.waitForResponse('**/api/changes');
  await page.goto('/tasks');
  await baseline;
  await socket.opened();
  const box = page.getByRole('checkbox', { name: 'Completed: Call the bank' });
  await expect(box).not.toBeChecked();
  // Every state the box shows from now on, as the page draws it.
  await page.evaluate(() => {
    const shown = () => document.querySelector<HTMLInputElement>('input[aria-label="Completed: Call the bank"]')?.checked;
    const states = [shown()];
    Object.assign(window, { boxStates: states });
    new MutationObserver(() => {
      if (shown() !== states.at(-1)) states.push(shown());
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  });

  const requests: string[] = [];
  page.on('request', (sent) => {
    const { origin, pathname: path } = new URL(sent.url());
    // The app's own API: the error-reporting double's ingest is under /api/ too, on another origin.
    if (origin === new URL(page.url()).origin && path.startsWith('/api/') && path !== '/api/changes') requests.push(`${sent.method()} ${path}`);
  });
  // The list read for the first change is answered (completed) only once the second change (back to
  // pending) is on screen and saved.
  let releaseRead: () => Promise<void> = async () => {};
  let holding = true;
  const readHeld = new Promise<void>((held) => {
    void page.route('**/api/tasks', async (route) => {
      if (route.request().method() !== 'GET' || !holding) return route.fallback();
      holding = false;
      const answer = await route.fetch();
      releaseRead = () => route.fulfill({ response: answer });
      held();
    });
  });
  const heard = socket.heard.length;
  await box.click();
  await expect(box).toBeChecked();
  await readHeld;
  expect(requests).toEqual([expect.stringMatching(/^PATCH \/api\/tasks\//), 'GET /api/tasks']);

  const saved = page.waitForResponse((answer) => answer.request().method() === 'PATCH');
  await box.click();
  await expect(box).not.toBeChecked();
  await saved;
  const staleRead = page.waitForResponse((answer) => answer.request().method() === 'GET' && answer.url().endsWith('/api/tasks'));
  await releaseRead();
  await staleRead;
  await socket.noticesHeard(heard + 2);
  // At least those two: a read thrown away for racing a change is made again (lib/items.ts).
  await expect.poll(() => requests.filter((sent) => sent === 'GET /api/tasks').length).toBeGreaterThanOrEqual(2);
  await expect(box).not.toBeChecked();
  expect(await page.evaluate(() => (window as unknown as { boxStates: unknown[] }).boxStates)).toEqual([false, true, false]);
});

test('a task added elsewhere while this tab’s own change is being saved shows as soon as it is read, under the change still waiting', async ({
  page,
  request,
}) => {
  const socket = await socketSwitch(page);
  const { api } = await signedInAccount(page, request, 'tasks-raced-read', null);
  await api.create('tasks', { title: 'Call the bank' });
  const baseline = page.waitForResponse('**/api/changes');
  await page.goto('/tasks');
  const { stamps } = (await (await baseline).json()) as { stamps: { tasks: number } };
  await socket.opened();
  const box = page.getByRole('checkbox', { name: 'Completed: Call the bank' });
  await expect(box).not.toBeChecked();

  // The status change is saved at once; its answer reaches the page only when the test says.
  let answerSave: () => Promise<void> = async () => {};
  const saveHeld = new Promise<void>((held) => {
    void page.route('**/api/tasks/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      const answer = await route.fetch();
      answerSave = () => route.fulfill({ response: answer });
      held();
    });
  });
  // The list reads the page makes once it has heard of both changes (the status and the new task).
  const bothHeard = () => socket.heard.some((notice) => (JSON.parse(notice) as { stamps: { tasks: number } }).stamps.tasks >= stamps.tasks + 2);
  const readsAfterBoth = new Set<Request>();
  const answered = new Set<Request>();
  page.on('request', (sent) => {
    if (sent.method() === 'GET' && new URL(sent.url()).pathname === '/api/tasks' && bothHeard()) readsAfterBoth.add(sent);
  });
  page.on('requestfinished', (sent) => answered.add(sent));

  await box.click();
  await expect(box).toBeChecked();
  await saveHeld;
  await api.create('tasks', { title: 'Water the plants' });
  await expect.poll(() => readsAfterBoth.size > 0 && [...readsAfterBoth].every((sent) => answered.has(sent))).toBe(true);
  // That read is shown with the change still waiting laid over it: the new task appears, and the
  // read, whose answer may predate the save, takes nothing of the change back.
  await expect(page.getByText('Water the plants')).toBeVisible();
  await expect(box).toBeChecked();

  await answerSave();
  await expect
    .poll(async () => (await api.get('/api/tasks')).items.find((task: { title: string }) => task.title === 'Call the bank')?.status)
    .toBe('completed');
  await expect(page.getByText('Water the plants')).toBeVisible();
  await expect(box).toBeChecked();
});

test('a weekly task made in the editor shows its repeat mark; completing it makes the next week’s due', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'tasks-repeat', '/tasks');
  const due = utcDay(2);
  const weekday = new Date(`${due}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  await page.getByRole('button', { name: 'New Task' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Task' });
  await editor.getByLabel('Title').fill('Water plants');
  await expect(editor.getByLabel('Repeat')).toHaveCount(0);
  await editor.getByLabel('Due date').fill(due);
  await editor.getByLabel('Repeat').selectOption('WEEKLY');
  await expect(editor).toContainText(`Every week, on ${weekday}`);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();

  const task = card(page, 'Water plants');
  await expect(task.getByText('Repeats')).toBeAttached();
  await task.getByRole('checkbox', { name: 'Completed: Water plants' }).click();
  const stored = async () => (await api.get('/api/tasks')).items[0];
  await expect.poll(async () => (await stored()).due_date).toBe(`${utcDay(9)}T00:00:00.000Z`);
  expect(await stored()).toMatchObject({ status: 'pending', recurrence: { time_zone: 'UTC' } });
  await expect(task.getByRole('checkbox', { name: 'Completed: Water plants' })).not.toBeChecked();
});

test('quick add turns plain words into a task with a preview, and Q opens it anywhere for an event', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'tasks-quick-add', '/tasks');
  const field = page.getByLabel('Quick add');
  await field.fill('Pay rent every 1st at 9am !high #home');
  const understood = page.getByRole('list', { name: 'What was understood' });
  for (const chip of ['Task', '9:00 AM', 'Every month, on day 1', 'High', '#home']) await expect(understood.getByText(chip, { exact: true })).toBeVisible();
  await field.press('Enter');
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(field).toHaveValue('');
  const task = card(page, 'Pay rent');
  await expect(task.getByText('High priority')).toBeVisible();
  await expect(task.getByText('Repeats')).toBeAttached();
  expect((await api.get('/api/tasks')).items[0]).toMatchObject({ title: 'Pay rent', priority: 'high', tags: ['home'], recurrence: { rule: 'FREQ=MONTHLY' } });

  await field.fill('   ');
  await field.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Task title is required' })).toBeVisible();

  // +goal links the task to the goal whose title it names.
  const goal = await api.create('goals', { title: 'Run a marathon' });
  await page.reload();
  await field.fill('Buy running shoes +marathon');
  await expect(understood.getByText('Goal: Run a marathon', { exact: true })).toBeVisible();
  await field.press('Enter');
  await expect(card(page, 'Buy running shoes')).toBeVisible();
  // The card shows before the server answers: the task reaches it a moment later.
  await expect
    .poll(async () => (await api.get('/api/tasks')).items.find((item: { title: string }) => item.title === 'Buy running shoes'))
    .toMatchObject({ goal_id: goal.id });

  await page.goto('/dashboard');
  // A person presses Q on a page they see.
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  await page.locator('body').press('q');
  const dialog = page.getByRole('dialog', { name: 'Quick add' });
  await expect(dialog.getByLabel('Quick add')).toBeFocused();
  await dialog.getByLabel('Quick add').fill('Dentist next Tuesday 14:30 for 45 min');
  await expect(dialog.getByRole('list', { name: 'What was understood' }).getByText('Event', { exact: true })).toBeVisible();
  await dialog.getByLabel('Quick add').press('Enter');
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const [event] = (await api.get('/api/events')).items;
  expect(event.title).toBe('Dentist');
  expect(new Date(event.start_time).getUTCDay()).toBe(2);
  expect(event.start_time.slice(11, 16)).toBe('14:30');
  expect(Date.parse(event.end_time) - Date.parse(event.start_time)).toBe(45 * 60_000);
});

test('a repeating task asks whether a change or a delete is for this task or all of them', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'tasks-repeat-scope', null);
  const due = (offsetDays: number) => `${utcDay(offsetDays)}T00:00:00.000Z`;
  await api.create('tasks', { title: 'Water plants', due_date: due(1), recurrence: { rule: 'FREQ=WEEKLY;COUNT=4', time_zone: 'UTC' } });
  await page.goto('/tasks');
  const stored = async () => (await api.get('/api/tasks')).items.map((task: any) => [task.title, task.due_date, task.recurrence?.rule ?? null]).sort();

  // This task: it becomes a task of its own, and the series moves on to its next week (3 left).
  await card(page, 'Water plants').getByRole('heading').click();
  const editor = page.getByRole('dialog', { name: 'Edit Task' });
  await editor.getByLabel('Title').fill('Water the ferns');
  await editor.getByRole('button', { name: 'Save' }).click();
  const scope = page.getByRole('dialog', { name: 'Edit recurring task' });
  await expect(scope.getByRole('radio', { name: 'This task' })).toBeChecked();
  await scope.getByRole('button', { name: 'OK' }).click();
  // The editor closes once both writes are done: the new task, then the series moved on.
  await expect(editor).toBeHidden();
  await expect(card(page, 'Water the ferns')).toBeVisible();
  await expect(card(page, 'Water plants')).toBeVisible();
  await expect.poll(stored).toEqual([
    ['Water plants', due(8), 'FREQ=WEEKLY;COUNT=3'],
    ['Water the ferns', due(1), null],
  ]);

  // Deleting this task: it goes to the trash as a task of its own, and the series moves on again.
  await page.getByRole('button', { name: 'Delete task Water plants' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete recurring task' });
  await remove.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Task moved to trash')).toBeVisible();
  await expect.poll(stored).toEqual([
    ['Water plants', due(15), 'FREQ=WEEKLY;COUNT=2'],
    ['Water the ferns', due(1), null],
  ]);
  expect((await api.get('/api/trash')).items).toMatchObject([{ kind: 'tasks', title: 'Water plants' }]);

  // All tasks: the series goes to the trash whole.
  await page.getByRole('button', { name: 'Delete task Water plants' }).click();
  await remove.getByRole('radio', { name: 'All tasks' }).check();
  await remove.getByRole('button', { name: 'OK' }).click();
  await expect(card(page, 'Water plants')).toHaveCount(0);
  await expect.poll(async () => (await api.get('/api/trash')).items.length).toBe(2);
});
