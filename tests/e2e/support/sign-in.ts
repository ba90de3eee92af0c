import { expect, type Page } from '@playwright/test';
import { DEMO } from '../../../shared/demo';
import { PASSWORD } from './accounts';

/**
 * Signs in through the /login form and waits for the page it leads to. The form is waited for
 * first: a page that led to /login (sign-up, a reset) stays on screen, with the address already
 * /login, until the sign-in page's code has loaded, and its own Email and Password fields are not the form's.
 */
export async function signInThroughForm(page: Page, email: string, options: { password?: string; rememberMe?: boolean; landsOn?: string } = {}) {
  const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(signIn).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(options.password ?? PASSWORD);
  if (options.rememberMe) await page.getByLabel('Remember me').check();
  await signIn.click();
  await expect(page).toHaveURL(options.landsOn ?? '/dashboard');
}

/** Opens /demo, which fills in a demo account made for this visit, and signs in with it as it stands. */
export async function signInToDemo(page: Page) {
  await page.goto('/demo');
  await expect(page.getByLabel('Email')).toHaveValue(new RegExp(`^demo-[0-9a-f-]{36}@${DEMO.emailDomain.replaceAll('.', '\\.')}$`));
  await expect(page.getByLabel('Password')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
}
