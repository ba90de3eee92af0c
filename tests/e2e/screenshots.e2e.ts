import { expect, test, type Page } from '@playwright/test';
import { markConnectPromptShown } from './support/google';
import { signInToDemo } from './support/sign-in';

/**
 * The README's pictures, taken from a demo account (/demo) once each page shows its data. Every run
 * takes them (into the test's output folder); `npm run screenshots` writes them to docs/screenshots.
 */
const README_FOLDER = process.env.UPDATE_SCREENSHOTS === '1' ? 'docs/screenshots' : null;

async function shoot(page: Page, name: string, path: string) {
  await page.screenshot({ path: README_FOLDER ? `${README_FOLDER}/${name}.png` : test.info().outputPath(`${name}.png`) });
  expect(new URL(page.url()).pathname).toBe(path);
}

test('the README screenshots show each page with the demo data', async ({ page }) => {
  await markConnectPromptShown(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'landing', '/');

  await signInToDemo(page);
  await expect(page.getByText('Draft the report outline').first()).toBeVisible();
  await expect(page.getByText('Team stand-up').first()).toBeVisible();
  await shoot(page, 'dashboard', '/dashboard');

  await page.getByRole('link', { name: 'Goals' }).first().click();
  await expect(page.getByRole('heading', { name: 'Learn conversational Spanish' })).toBeVisible();
  await shoot(page, 'goals', '/goals');

  await page.getByRole('link', { name: 'Tasks' }).first().click();
  await expect(page.getByText('Draft the report outline')).toBeVisible();
  await shoot(page, 'tasks', '/tasks');

  await page.getByRole('link', { name: 'Calendar' }).first().click();
  await expect(page.getByText('Team stand-up').first()).toBeVisible();
  await shoot(page, 'calendar', '/calendar');

  await page.getByRole('link', { name: 'Trash' }).first().click();
  await expect(page.getByText('Call the plumber', { exact: true })).toBeVisible();
  await shoot(page, 'trash', '/trash');

  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page.getByRole('heading', { name: 'Account & Language' })).toBeVisible();
  await shoot(page, 'settings', '/settings');
});
