import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAccount } from './support/app-data';
import { seriousViolations } from './support/axe';
import { advancePageClock, installPageClock, stopPageClock } from './support/clock';
import { moveWithKeyboard } from './support/sortable';

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const cardTitles = (page: Page) => page.getByRole('list', { name: 'Goals', exact: true }).getByRole('heading').allInnerTexts();

/** Presses Tab until the element has the focus, as a keyboard user gets there (at most 30 times). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 30 && !(await target.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test('a goal is created with tags, edited, its status cycled and reverted on failure, then moved to trash', { tag: '@phone' }, async ({ page, request }) => {
  await signedInAccount(page, request, 'goals-flow', '/goals');
  await expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible();
  await expect(page.getByText('No goals yet')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add first goal' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Goal' });
  const save = editor.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await editor.getByLabel('Title').fill('   ');
  await expect(editor.getByText('Goal title is required')).toBeVisible();
  await expect(save).toBeDisabled();
  await editor.getByLabel('Title').fill('Learn Spanish');
  await expect(save).toBeEnabled();

  await editor.getByRole('button', { name: 'Goal Setting Tips' }).click();
  await expect(editor.getByText('Be specific:')).toBeVisible();
  await editor.getByLabel('Type').selectOption('long_term');

  // Tag input: create on an unknown name, comma commits, Backspace on an empty input removes the last.
  const tagInput = editor.getByRole('combobox', { name: 'Tags' });
  await tagInput.fill('language');
  await editor.getByRole('option', { name: 'Create "language"' }).click();
  // Toasts raised in a modal dialog show inside it: the rest of the page is inert and covered.
  await expect(editor.getByRole('region', { name: 'Notifications' }).getByText('Tag created successfully!')).toBeVisible();
  await tagInput.pressSequentially('travel,');
  const chips = editor.getByRole('list', { name: 'Selected tags' });
  await expect(chips.getByText('language')).toBeVisible();
  await expect(chips.getByText('travel')).toBeVisible();
  await expect(tagInput).toHaveValue('');
  await tagInput.press('Backspace');
  await expect(chips.getByText('travel')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Goal created successfully!')).toBeVisible();
  await expect(editor).toHaveCount(0);
  const goal = card(page, 'Learn Spanish');
  await expect(goal.getByText('Long Term')).toBeVisible();
  await expect(goal.getByText('language')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Goals overview' }).getByText('Long Term')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Goals overview' }).getByText('Short Term')).toHaveCount(0);

  // Suggestions from 3 characters; Tab picks the first.
  await page.getByRole('button', { name: 'New Goal' }).click();
  const second = page.getByRole('dialog', { name: 'Create New Goal' });
  await second.getByLabel('Title').fill('Visit Madrid');
  const secondTags = second.getByRole('combobox', { name: 'Tags' });
  const suggestions = second.getByRole('listbox', { name: 'Tags suggestions' }).getByRole('option');
  await secondTags.fill('la');
  await expect(suggestions).toHaveCount(0);
  await secondTags.fill('LAN');
  await expect(second.getByRole('option', { name: 'language' })).toBeVisible();
  await expect(second.getByRole('option', { name: 'Create "LAN"' })).toBeVisible();
  await secondTags.press('Tab');
  const secondChips = second.getByRole('list', { name: 'Selected tags' });
  await expect(secondChips.getByText('language')).toBeVisible();
  // The name committed with a comma before became a tag: it is suggested now.
  await secondTags.fill('trav');
  await expect(second.getByRole('option', { name: 'travel' })).toBeVisible();
  await secondTags.press('Tab');
  await expect(secondChips.getByText('travel')).toBeVisible();
  // Leaving the field with a new name typed keeps it, rather than dropping it on save.
  await secondTags.fill('madrid');
  await expect(second.getByRole('option', { name: 'Create "madrid"' })).toBeVisible();
  await secondTags.press('Tab');
  await expect(secondChips.getByText('madrid')).toBeVisible();
  await expect(secondTags).toHaveValue('');
  await secondTags.fill('language');
  await expect(suggestions).toHaveCount(0);
  await secondTags.fill('');
  await second.getByLabel('Title').press('Enter');
  await expect(page.getByText('Goal created successfully!').first()).toBeVisible();
  await expect(card(page, 'Visit Madrid')).toBeVisible();

  // The card's status toggle: active → completed, and back to completed when the server refuses the change
  // (a 4xx; a server failing, 5xx, keeps the change waiting instead: tasks.e2e.ts).
  await goal.getByRole('button', { name: /^Active:/ }).click();
  await expect(page.getByText('Goal marked as completed')).toBeVisible();
  await expect(goal.getByRole('button', { name: /^Completed:/ })).toBeVisible();
  const refusal = { error: { code: 'validation_failed', message: 'Status is not allowed', fields: { status: 'Status is not allowed' } } };
  await page.route('**/api/goals/*', (route) => (route.request().method() === 'PATCH' ? route.fulfill({ status: 422, json: refusal }) : route.fallback()));
  await goal.getByRole('button', { name: /^Completed:/ }).click();
  await expect(page.getByText('Failed to update goal status')).toBeVisible();
  await expect(goal.getByRole('button', { name: /^Completed:/ })).toBeVisible();
  await page.unroute('**/api/goals/*');

  // The tag filter.
  await page.getByLabel('Tag', { exact: true }).selectOption('travel');
  await expect(card(page, 'Visit Madrid')).toBeVisible();
  await expect(card(page, 'Learn Spanish')).toHaveCount(0);
  await page.getByLabel('Tag', { exact: true }).selectOption('language');
  await expect(card(page, 'Learn Spanish')).toBeVisible();
  await expect(card(page, 'Visit Madrid')).toBeVisible();

  // Edit; Escape closes without saving.
  await goal.getByRole('button', { name: 'Learn Spanish', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Goal' });
  await expect(edit.getByLabel('Status')).toHaveValue('completed');
  await edit.getByLabel('Title').fill('Learn Portuguese');
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);
  await expect(card(page, 'Learn Spanish')).toBeVisible();
  await card(page, 'Learn Spanish').getByRole('button', { name: 'Learn Spanish', exact: true }).click();
  await edit.getByLabel('Title').fill('Learn Portuguese');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Goal updated successfully!')).toBeVisible();
  await expect(card(page, 'Learn Portuguese')).toBeVisible();

  // To the trash, after the confirmation.
  await card(page, 'Visit Madrid').getByRole('button', { name: 'Delete goal Visit Madrid' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to move this goal to trash? You can restore it from the trash for up to 10 days.');
  await confirm.getByRole('button', { name: 'Move to Trash' }).click();
  await expect(card(page, 'Visit Madrid')).toHaveCount(0);
  await page.getByLabel('Tag', { exact: true }).selectOption('');
  await expect(page.getByRole('region', { name: 'Goals overview' }).getByText('Total')).toBeVisible();
});

test('the editor refuses a save the server rejects, and a target date in the past', async ({ page, request }) => {
  await signedInAccount(page, request, 'goals-invalid', '/goals');
  await page.getByRole('button', { name: 'New Goal' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Goal' });
  await editor.getByLabel('Title').fill('Ship it');
  await editor.getByLabel('Target date').fill('2020-01-01');
  await expect(editor.getByText('Target date cannot be in the past')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
  await editor.getByLabel('Target date').fill('');

  const refusal = { error: { code: 'validation_failed', message: 'Title is not allowed', fields: { title: 'Title is not allowed' } } };
  await page.route('**/api/goals', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 422, json: refusal }) : route.fallback()));
  await editor.getByRole('button', { name: 'Save' }).click();
  const failure = editor.getByRole('listitem').filter({ hasText: 'Failed to save goal' });
  await expect(failure).toBeVisible();
  await expect(editor.getByText('Title is not allowed')).toBeVisible();
  await failure.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(failure).toBeHidden();
  await expect(editor).toBeVisible();
});

test('the Goal Tasks panel lists, adds, completes and deletes the goal’s tasks', { tag: '@phone' }, async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'goals-panel', null);
  await api.create('goals', { title: 'Get fit', tags: ['health'] });
  await page.goto('/goals');
  await card(page, 'Get fit').getByRole('button', { name: '0 tasks' }).click();
  const panel = page.getByRole('dialog', { name: 'Goal Tasks' });
  await expect(panel.getByText('No tasks yet')).toBeVisible();
  const field = panel.getByLabel('New task');
  await field.fill('   ');
  await field.press('Enter');
  await field.fill('Run 5 km');
  await field.press('Enter');
  await expect(panel.getByRole('checkbox', { name: 'Run 5 km' })).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Run 5 km' }).click();
  await expect(panel.getByRole('checkbox', { name: 'Run 5 km' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  // Deleting asks first, as everywhere a task goes to the trash.
  await field.fill('Stretch');
  await field.press('Enter');
  await panel.getByRole('button', { name: 'Delete task Stretch' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete task?' });
  await expect(confirm).toContainText('Are you sure you want to delete this task?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('checkbox', { name: 'Stretch' })).toBeVisible();
  await panel.getByRole('button', { name: 'Delete task Stretch' }).click();
  await confirm.getByRole('button', { name: 'Move to Trash' }).click();
  await expect(panel.getByRole('checkbox', { name: 'Stretch' })).toHaveCount(0);
  // Its button is gone with it: the focus stays in the panel, not lost to the page under it.
  await expect.poll(() => panel.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(card(page, 'Get fit').getByRole('button', { name: '1 task' })).toBeVisible();
  await expect(card(page, 'Get fit').getByText('100%')).toBeVisible();

  // The new task inherited the goal's tags.
  await page.goto('/tasks');
  await expect(page.getByRole('article', { name: 'Run 5 km' }).getByText('health')).toBeVisible();
});

test('a new order is saved with the keyboard and survives a reload; ?goalId= opens the editor', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'goals-order', null);
  await api.create('goals', { title: 'First' });
  await api.create('goals', { title: 'Second' });
  const third = await api.create('goals', { title: 'Third' });
  await page.goto('/goals');
  await expect(card(page, 'Third')).toBeVisible();
  const before = await cardTitles(page);
  expect(before).toHaveLength(3);

  await page.getByRole('button', { name: 'Reorder' }).click();
  const [top, next, last] = before as [string, string, string];
  await moveWithKeyboard(page, page.getByRole('button', { name: `Drag to reorder ${top}` }), card(page, top), card(page, next));
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expect(page.getByText('Goal order updated')).toBeVisible();
  await expect(page.getByText('New order saved')).toBeVisible();
  const after = await cardTitles(page);
  expect(after).toEqual([next, top, last]);

  await page.reload();
  await expect(card(page, top)).toBeVisible();
  expect(await cardTitles(page)).toEqual(after);

  await page.goto(`/goals?goalId=${third.id}`);
  await expect(page.getByRole('dialog', { name: 'Edit Goal' }).getByLabel('Title')).toHaveValue('Third');
  await expect(page).toHaveURL('/goals');
});

test(
  'every goal action works from the keyboard, and the focus comes back after the editor, the panel and the dialog',
  { tag: '@phone' },
  async ({ page, request, isMobile }) => {
    await signedInAccount(page, request, 'goals-keys', '/goals');

    // New Goal by Space, the focus in the title; Ctrl/Cmd+S saves and the focus is back on the button.
    const newGoal = page.getByRole('button', { name: 'New Goal' });
    await tabTo(page, newGoal);
    await expect(newGoal).not.toHaveCSS('box-shadow', 'none');
    await page.keyboard.press('Space');
    await expect(page.getByRole('dialog', { name: 'Create New Goal' }).getByLabel('Title')).toBeFocused();
    await page.keyboard.type('Read more');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page.getByText('Goal created successfully!')).toBeVisible();
    await expect(newGoal).toBeFocused();
    const goal = card(page, 'Read more');

    // Grid or list (desktop only), from the keyboard.
    if (!isMobile) {
      const list = page.getByRole('button', { name: 'List', exact: true });
      await tabTo(page, list);
      await expect(list).not.toHaveCSS('box-shadow', 'none');
      await page.keyboard.press('Enter');
      await expect(list).toHaveAttribute('aria-pressed', 'true');
    }

    // The status toggle takes Enter.
    await tabTo(page, goal.getByRole('button', { name: /^Active:/ }));
    await page.keyboard.press('Enter');
    await expect(goal.getByRole('button', { name: /^Completed:/ })).toBeFocused();

    // The task-count chip opens the Goal Tasks panel; Escape gives the focus back to it.
    const chip = goal.getByRole('button', { name: '0 tasks' });
    await tabTo(page, chip);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Goal Tasks' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chip).toBeFocused();

    // The bin asks first; Escape keeps the goal and the focus; confirming leaves the focus in the page.
    const bin = goal.getByRole('button', { name: 'Delete goal Read more' });
    await tabTo(page, bin);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(bin).toBeFocused();
    await page.keyboard.press('Enter');
    // The dialog puts the focus on Cancel as it opens: only then is it moved to the confirm button.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Move to Trash' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(goal).toHaveCount(0);
    await expect(page.getByRole('main')).toBeFocused();
  },
);

test(
  'cards show 3 tags in the grid and 2 in the list (always the list on a phone), then +N more naming the rest',
  { tag: '@phone' },
  async ({ page, request, isMobile }) => {
    const { api } = await signedInAccount(page, request, 'goals-tags', null);
    await api.create('goals', { title: 'Many tags', tags: ['one', 'two', 'three', 'four', 'five'] });
    await page.goto('/goals');
    const chips = card(page, 'Many tags').getByRole('list', { name: 'Tags' });
    const inList = ['one', 'two', '+3 more: three, four, five'];
    // A phone always shows the list; the grid/list choice is the desktop's.
    if (isMobile) return expect(chips.getByRole('listitem')).toHaveText(inList);
    await expect(chips.getByRole('listitem')).toHaveText(['one', 'two', 'three', '+2 more: four, five']);
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect(chips.getByRole('listitem')).toHaveText(inList);
  },
);

// Not @phone: the mouse is the desktop’s; a phone drags through the same pointer sensor by touch.
test('a card dragged with the mouse lifts only past 8 px, and the order it is dropped in is saved', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'goals-drag', null);
  for (const title of ['First', 'Second', 'Third']) await api.create('goals', { title });
  await installPageClock(page);
  await page.goto('/goals');
  // The three cards, before their order is read.
  await expect(page.getByRole('list', { name: 'Goals', exact: true }).getByRole('article')).toHaveCount(3);
  await stopPageClock(page);
  const [top, next, last] = (await cardTitles(page)) as [string, string, string];

  await page.getByRole('button', { name: 'Reorder' }).click();
  const handle = page.getByRole('button', { name: `Drag to reorder ${top}` });
  const from = (await handle.boundingBox())!;
  const to = (await card(page, last).boundingBox())!;
  const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 6, y, { steps: 3 });
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true'); // 6 px: a click that wobbled, not a drag
  await page.mouse.move(x + 12, y, { steps: 3 });
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  // Dropped only once the page shows the card over the last place (the last card steps aside), as a person sees it.
  await expect.poll(async () => (await card(page, last).boundingBox())!.x).toBeLessThan(to.x - to.width / 2);
  await page.mouse.up();
  await expect.poll(() => cardTitles(page)).toEqual([next, last, top]);
  // dnd-kit swallows clicks for 50 ms after a drop (so the drop is no click); a person's hand takes longer.
  await advancePageClock(page, 100);
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expect(page.getByText('New order saved')).toBeVisible();
  expect(await cardTitles(page)).toEqual([next, last, top]);
  await page.reload();
  await expect(card(page, top)).toBeVisible();
  expect(await cardTitles(page)).toEqual([next, last, top]);
});
