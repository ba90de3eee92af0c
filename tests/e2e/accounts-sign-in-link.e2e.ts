import { expect, test } from '@playwright/test';
import { createAccount, failSignInsUntilTheAccountWaits, PASSWORD } from './support/accounts';
import { waitForMail } from './support/outbox';

test('an owner on a new browser, held up by strangers’ failures, gets in with a sign-in link mailed to them', async ({ page, request }) => {
  const email = await createAccount(request, 'sign-in-link');
  await failSignInsUntilTheAccountWaits(request, email);

  // The owner, in a browser that never signed in to the account, is made to wait even with the right password...
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(/^Too many sign-in attempts\. Please wait \d+ seconds?\.$/)).toBeVisible();
  // ...and is offered a way in that only their mailbox opens.
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText(`If ${email} has an account, a sign-in link is on its way. Open it in this browser.`)).toBeVisible();

  const mail = await waitForMail(email, 'Your Tempo sign-in link');
  await page.goto(mail.link!.href);
  await expect(page.getByRole('heading', { name: 'This browser is now yours' })).toBeVisible();
  // The link's token leaves the address bar; the form has the account's address.
  await expect(page).toHaveURL('/sign-in-link');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
});
