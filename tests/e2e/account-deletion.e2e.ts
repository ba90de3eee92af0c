import { expect, test } from '@playwright/test';
import { PASSWORD } from './support/accounts';
import { signedInAccount } from './support/app-data';
import { waitForMail } from './support/outbox';

/**
 * Settings → "Delete my account", end to end: the password again and the address typed, then the
 * person is signed out and lands on the home page with a notice, gets a mail, and cannot sign in again.
 */
test('deletes the account from Settings: signed out, home with a notice, a confirming mail, and no sign-in again', async ({ page, request }) => {
  const { email, api } = await signedInAccount(page, request, 'deletion', '/settings');
  await api.create('tasks', { title: 'Soon gone' });

  const section = page.getByRole('region', { name: 'Delete my account' });
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const remove = dialog.getByRole('button', { name: 'Delete my account', exact: true });

  // Nothing typed: both fields say what they need, and nothing is sent.
  await remove.click();
  await expect(dialog.getByText('Enter your password')).toBeVisible();
  await expect(dialog.getByText('Type your email address exactly as shown to confirm')).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toBeFocused();

  // A wrong password is refused by Cognito, before the API is asked.
  await dialog.getByLabel('Your password').fill('Not-my-password-1!');
  await dialog.getByLabel('To confirm, type your email address').fill(email);
  await remove.click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();

  await dialog.getByLabel('Your password').fill(PASSWORD);
  await remove.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account was deleted')).toBeVisible();
  await expect(page.getByText(`A confirmation is on its way to ${email}.`, { exact: false })).toBeVisible();

  const mail = await waitForMail(email, 'Your Tempo account was deleted');
  expect(mail.body).toContain('Copies in our backups are overwritten within 27 days.');

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials and try again.');
});
