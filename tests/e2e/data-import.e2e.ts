import { expect, test } from '@playwright/test';
import { tickTickCsv } from '../fixtures/import/samples';
import { signedInAccount } from './support/app-data';
import { seriousViolations } from './support/axe';

/**
 * Settings → Import, through the real API and the local bus: a TickTick backup is read into a
 * preview that writes nothing, then, once confirmed, written in the background; its tasks show on
 * the Tasks page.
 */
test('a TickTick backup is previewed, confirmed, and its tasks are on the Tasks page', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'data-import', '/settings');
  const section = page.getByRole('region', { name: 'Import', exact: true });
  const backup = tickTickCsv([
    { 'List Name': 'Errands', Title: 'Collect the bike', Kind: 'TEXT', Tags: 'town', Priority: '5', Status: '0', taskId: 'e2e-1' },
    { 'List Name': 'Errands', Title: 'Return the library books', Kind: 'TEXT', Priority: '1', Status: '0', taskId: 'e2e-2' },
    { 'List Name': 'Notes', Title: 'Gift ideas', Kind: 'NOTE', Priority: '0', Status: '0', taskId: 'e2e-3' },
  ]);

  await section.getByLabel('File').setInputFiles({ name: 'TickTick-backup.csv', mimeType: 'text/csv', buffer: Buffer.from(backup) });
  await section.getByRole('radio', { name: 'Tags' }).check();
  await section.getByRole('button', { name: 'Preview import' }).click();

  const preview = section.getByRole('region', { name: 'Preview: TickTick backup' });
  await expect(preview).toContainText('2 tasks, 0 goals, 0 events, 2 tags will be made.');
  await expect(preview.getByRole('list', { name: 'Rows left out' })).toContainText('Line 10: Gift ideas It is not a task.');
  // Nothing is written before the person confirms.
  expect((await api.get('/api/tasks')).items).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  await preview.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(section.getByRole('status')).toContainText('Import done: 4 items made.');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByText('Collect the bike')).toBeVisible();
  await expect(page.getByText('Return the library books')).toBeVisible();
});
