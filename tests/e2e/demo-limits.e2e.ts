import { expect, test } from '@playwright/test';
import { GCAL_MESSAGES } from '../../shared/gcal';
import { MESSAGES } from '../../shared/messages';
import { signInToDemo } from './support/sign-in';

test('a demo account is told why it cannot connect Google, and nothing is connected', async ({ page }) => {
  await signInToDemo(page);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click();

  // The reason stays in the Google section, beside the toast that says the connection failed.
  await expect(page.locator('.gcal').getByText(MESSAGES.demoNoGoogle)).toBeVisible();
  await expect(page.getByText(GCAL_MESSAGES.connectToastFailed)).toBeVisible();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByText('Not connected', { exact: true })).toBeVisible();
});
