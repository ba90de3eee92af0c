import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { DATA_EXPORT_FILES } from '../../shared/data-export';
import { DataExportSchema } from '../../shared/data-export.schema';
import { signedInAccount } from './support/app-data';

/**
 * Settings → "Export my data", through the real API and the local bus's consumer: the export is
 * made in the background, said ready on screen, still listed after the page is left, and its zip
 * downloads holding what the person made.
 */
test('exports everything from Settings into a zip that downloads and holds the task made before', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'data-export', '/settings');
  await api.create('tasks', { title: 'Pack the running shoes' });
  const section = page.getByRole('region', { name: 'Export my data' });

  await section.getByRole('button', { name: 'Export my data' }).click();
  await expect(page.getByText('Your export is ready to download.')).toBeVisible();
  await expect(section.getByRole('status')).toContainText('is ready');

  // Listed again when the person comes back.
  await page.reload();
  const downloadButton = page.getByRole('region', { name: 'Export my data' }).getByRole('button', { name: 'Download' });
  const downloading = page.waitForEvent('download');
  await downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tempo-export-\d{4}-\d{2}-\d{2}\.zip$/);

  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  const data = DataExportSchema.parse(JSON.parse(strFromU8(zip[DATA_EXPORT_FILES.json]!)));
  expect(data.tasks.map((task) => task.title)).toEqual(['Pack the running shoes']);
  expect(strFromU8(zip[DATA_EXPORT_FILES.tasks]!)).toContain('Pack the running shoes');
});
