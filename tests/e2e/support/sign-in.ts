import { expect, type Page } from '@playwright/test';
import { PASSWORD } from './accounts';

/** Signs in through the /login form and waits for the page it leads to. */
export async function signInThroughForm(page: Page, email: string, options: { password?: string; rememberMe?: boolean; landsOn?: string } = {}) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(options.password ?? PASSWORD);
  if (options.rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(options.landsOn ?? '/dashboard');
}
