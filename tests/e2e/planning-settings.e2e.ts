import { expect, test, type Page } from '@playwright/test';
import { PLANNING_MESSAGES } from '../../shared/planning';
import { seriousViolations } from './support/axe';
import { signedInAccount } from './support/app-data';

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

test('working hours, the lunch break, the buffer and the default task length are checked, saved and kept', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'planning-settings', '/settings');
  await expect(page.getByRole('heading', { name: 'Planning' })).toBeVisible();
  // A new account works Monday to Friday, 9 to 5, with lunch at noon.
  await expect(page.getByRole('checkbox', { name: 'Monday', exact: true })).toBeChecked();
  await expect(page.getByLabel('Monday start time')).toHaveValue('09:00');
  await expect(page.getByLabel('Friday end time')).toHaveValue('17:00');
  await expect(page.getByRole('checkbox', { name: 'Saturday', exact: true })).not.toBeChecked();
  await expect(page.getByLabel('Saturday start time')).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Lunch break', exact: true })).toBeChecked();

  // Hours that end before they start are refused by the day's row, which takes the focus; nothing is saved.
  await page.getByLabel('Monday start time').fill('12:00');
  await page.getByLabel('Monday end time').fill('08:00');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(PLANNING_MESSAGES.hoursOrder)).toBeVisible();
  await expect(page.getByLabel('Monday start time')).toBeFocused();
  expect((await api.get('/api/settings')).working_hours.MO).toEqual({ start: '09:00', end: '17:00' });

  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Monday start time').fill('08:00');
  await page.getByLabel('Monday end time').fill('12:00');
  await expect(page.getByText(PLANNING_MESSAGES.hoursOrder)).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Friday', exact: true }).uncheck();
  await page.getByRole('checkbox', { name: 'Lunch break', exact: true }).uncheck();
  await page.getByLabel('Buffer between blocks (minutes)').fill('15');
  await page.getByLabel('Default task length (minutes)').fill('30');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  expect(await api.get('/api/settings')).toMatchObject({
    working_hours: { MO: { start: '08:00', end: '12:00' }, TU: { start: '09:00', end: '17:00' }, FR: null, SA: null, SU: null },
    lunch_break: null,
    plan_buffer_minutes: 15,
    default_task_minutes: 30,
  });

  await page.reload();
  await expect(page.getByLabel('Monday start time')).toHaveValue('08:00');
  await expect(page.getByLabel('Monday end time')).toHaveValue('12:00');
  await expect(page.getByRole('checkbox', { name: 'Friday', exact: true })).not.toBeChecked();
  await expect(page.getByLabel('Friday start time')).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Lunch break', exact: true })).not.toBeChecked();
  await expect(page.getByLabel('Buffer between blocks (minutes)')).toHaveValue('15');
  await expect(page.getByLabel('Default task length (minutes)')).toHaveValue('30');

  // A buffer out of its range names the range, and leaves what was saved.
  await page.getByLabel('Buffer between blocks (minutes)').fill('61');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(PLANNING_MESSAGES.bufferRange)).toBeVisible();
  expect((await api.get('/api/settings')).plan_buffer_minutes).toBe(15);
});

test('"for 2 h" in quick add is the task’s estimate: on its card, in its editor, and changed there', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'planning-estimate', '/tasks');
  const field = page.getByLabel('Quick add');
  await field.fill('Write report friday for 2 h');
  const understood = page.getByRole('list', { name: 'What was understood' });
  for (const chip of ['Task', 'Estimate: 2 h']) await expect(understood.getByText(chip, { exact: true })).toBeVisible();
  await field.press('Enter');
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  const task = card(page, 'Write report');
  await expect(field).toHaveValue('');
  // A length no estimate takes is refused with the range, and the words stay to be mended.
  await field.fill('Read the archive for 13 h');
  await field.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: PLANNING_MESSAGES.estimateRange })).toBeVisible();
  await expect(field).toHaveValue('Read the archive for 13 h');
  await expect(task.getByText('Estimate: 2 h')).toBeVisible();
  expect((await api.get('/api/tasks')).items).toMatchObject([{ title: 'Write report', estimate_minutes: 120 }]);

  await task.getByRole('button', { name: 'Write report', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Task' });
  const estimate = editor.getByLabel('Estimate (minutes)');
  await expect(estimate).toHaveValue('120');
  // Out of range: the server refuses it, the field names the range and the editor stays open with the task unchanged.
  await estimate.fill('721');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText(PLANNING_MESSAGES.estimateRange)).toBeVisible();
  expect((await api.get('/api/tasks')).items).toMatchObject([{ estimate_minutes: 120 }]);
  await estimate.fill('90');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
  await expect(task.getByText('Estimate: 1 h 30 min')).toBeVisible();

  // Emptied, the task has no estimate of its own (the default length plans it).
  await task.getByRole('button', { name: 'Write report', exact: true }).click();
  await editor.getByLabel('Estimate (minutes)').fill('');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
  await expect(task.getByText(/^Estimate:/)).toHaveCount(0);
  expect((await api.get('/api/tasks')).items).toMatchObject([{ title: 'Write report', estimate_minutes: null }]);
});
