import { expect, test } from '@playwright/test';
import { AUTH_THROTTLE } from '../../shared/constants';
import { callCognito, createAccount, PASSWORD, RESET_SUBJECT, signUpUnconfirmed, uniqueEmail, VERIFICATION_SUBJECT } from './support/accounts';
import { advancePageClock, installPageClock, stopPageClock } from './support/clock';
import { waitForMail } from './support/outbox';
import { signInThroughForm } from './support/sign-in';

test('sign up, confirm from the mailed link, sign in, reach a protected page, sign out', { tag: '@phone' }, async ({ page }, testInfo) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  const create = page.getByRole('button', { name: 'Create Account' });

  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem')).toHaveText([
    /At least 8 characters \(not met yet\)/,
    /An uppercase letter \(not met yet\)/,
    /A lowercase letter \(met\)/,
    /A number \(not met yet\)/,
    /A special character \(not met yet\)/,
  ]);
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription('Password does not meet the requirements');

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(`${PASSWORD}x`);
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(create).toHaveAccessibleDescription('Passwords do not match');
  await expect(create).toBeDisabled();

  await page.getByLabel('Confirm password').fill(PASSWORD);
  await create.click();
  await expect(page.getByText('Confirmation email sent')).toBeVisible();
  await expect(page.getByText('Please check your inbox to confirm your email')).toBeVisible();
  await expect(page).toHaveURL('/login');
  // The sign-up page stays until the sign-in page's code has loaded, and its Email field holds the address too.
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);

  const mail = await waitForMail(email, VERIFICATION_SUBJECT);
  expect(mail.link?.pathname).toBe('/verify-email');
  await page.goto(mail.link!.href);
  await expect(page.getByRole('heading', { name: 'Email Verified Successfully!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'mailto:support@tempo.app');

  await page.getByRole('link', { name: 'Sign In' }).click();
  await signInThroughForm(page, email);
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();
  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Successfully Signed Out' })).toBeVisible();
});

test('a verification link with a wrong code is refused', async ({ page, request }) => {
  const email = uniqueEmail('bad-link');
  await signUpUnconfirmed(request, email);
  await page.goto(`/verify-email?email=${encodeURIComponent(email)}&code=000000`);
  await expect(page.getByRole('alert')).toHaveText('Invalid verification code');

  // A new link can be sent from here; it confirms the account.
  const first = await waitForMail(email, VERIFICATION_SUBJECT);
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText('Confirmation email sent')).toBeVisible();
  await expect.poll(async () => (await waitForMail(email, VERIFICATION_SUBJECT)).link?.href).not.toBe(first.link?.href);
  await page.goto((await waitForMail(email, VERIFICATION_SUBJECT)).link!.href);
  await expect(page.getByRole('heading', { name: 'Email Verified Successfully!' })).toBeVisible();
});

test('an unconfirmed account is asked to confirm its email first', async ({ page, request }) => {
  const email = uniqueEmail('unconfirmed');
  await signUpUnconfirmed(request, email);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Please check your email and click the confirmation link before signing in.');
  const first = await waitForMail(email, VERIFICATION_SUBJECT);
  await alert.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText('Please check your inbox to confirm your email')).toBeVisible();
  await expect.poll(async () => (await waitForMail(email, VERIFICATION_SUBJECT)).link?.href).not.toBe(first.link?.href);
});

test('signing up with an address that has an account answers as for a new one, and in any letter case', async ({ page, request }) => {
  const email = await createAccount(request, 'taken');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Confirmation email sent')).toBeVisible();
  await expect(page).toHaveURL('/login');
  // The account is the same one, signed in with the address in capitals too.
  await signInThroughForm(page, email.toUpperCase());
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();
});

test('five failed sign-ins start the cooldown, the server refuses a sixth with its wait, a stranger cannot lock the person out', async ({
  page,
  browser,
  request,
}) => {
  const email = await createAccount(request, 'throttle');
  // The form's countdown runs on the page's clock, moved by the test.
  await installPageClock(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Wrong-password-1!');
  const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
  for (let attempt = 1; attempt <= 4; attempt++) {
    await signIn.click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials and try again.');
    await expect(signIn).toBeEnabled();
  }
  await signIn.click();
  await expect(page.getByText(/^Too many sign-in attempts\. Please wait [1-5] seconds?\.$/)).toBeVisible();
  await expect(signIn).toBeDisabled();

  // The server counts per account and browser: the failures made here do not lock the account
  // out of another browser (the person's, if these were a stranger's).
  const fresh = await browser.newPage();
  await fresh.goto('/login');
  await fresh.getByLabel('Email').fill(email);
  await fresh.getByLabel('Password').fill(PASSWORD);
  await fresh.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(fresh).toHaveURL('/dashboard');
  await fresh.close();

  // A script does not use the form at all: the server refuses its sixth attempt of the minute too.
  const scriptedEmail = await createAccount(request, 'throttle-script');
  const attempt = (password: string) =>
    callCognito(request, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: scriptedEmail, PASSWORD: password } });
  for (let tries = 1; tries <= 5; tries++) expect((await attempt('Wrong-password-1!')).body.__type).toContain('NotAuthorizedException');
  const scripted = await attempt(PASSWORD);
  expect(scripted.status).toBe(400);
  expect(scripted.body.__type).toContain('UserLambdaValidationException');
  expect(scripted.body.message).toContain('Too many sign-in attempts');

  // The form counts down and lets the visitor try again; this browser's minute is still full, so
  // the server refuses, and the form shows the wait the server gives.
  await page.clock.fastForward(AUTH_THROTTLE.cooldownMs + 1_000);
  await expect(signIn).toBeEnabled();
  await signIn.click();
  await expect(page.getByText(/^Too many sign-in attempts\. Please wait [1-5] seconds?\.$/)).toBeVisible();
  await expect(signIn).toBeDisabled();
});

test('reset the password with the mailed code', async ({ page, request }) => {
  const email = await createAccount(request, 'reset');
  const newPassword = 'Brand-new-pass-7?';
  await installPageClock(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');

  await page.getByLabel('Email').fill('nope');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Verification code sent')).toBeVisible();
  await expect(page.getByText('Please check your email for a 6-digit code')).toBeVisible();
  const mail = await waitForMail(email, RESET_SUBJECT);
  const code = mail.code!;

  const codeField = page.getByLabel('Verification code');
  const verify = page.getByRole('button', { name: 'Verify Code' });
  await codeField.fill('12ab3');
  await expect(codeField).toHaveValue('123');
  await expect(verify).toBeDisabled();
  await codeField.blur();
  await expect(page.getByText('Please enter a valid 6-digit code')).toBeVisible();

  // The server sends at most one code a minute: Send again waits that long, counting down.
  const sendAgain = page.getByRole('button', { name: /^Send again/ });
  await expect(sendAgain).toBeDisabled();
  await expect(sendAgain).toHaveText(/^Send again in \d+ s$/);
  await page.clock.fastForward(61_000);
  await expect(sendAgain).toHaveText('Send again');
  const resent = page.waitForResponse((response) => response.url().endsWith('/api/auth/reset-code') && response.status() === 202);
  await sendAgain.click();
  await resent;
  await expect(sendAgain).toBeDisabled();

  // A wrong code is caught with the new password, and the right one can be entered again.
  const wrongCode = code === '000000' ? '111111' : '000000';
  await codeField.fill(wrongCode);
  await verify.click();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid verification code');
  await page.getByRole('button', { name: 'Enter the code again' }).click();

  await codeField.fill(`${code}9`);
  await expect(codeField).toHaveValue(code);
  await verify.click();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  // The page waits 2 s before it goes to sign in: on the page's clock, stopped and moved by hand.
  await stopPageClock(page);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful').first()).toBeVisible();
  await expect(page.getByText('You can now sign in with your new password')).toBeVisible();
  await advancePageClock(page, 1_900);
  await expect(page).toHaveURL('/forgot-password');
  await advancePageClock(page, 100);
  await expect(page).toHaveURL('/login');

  await signInThroughForm(page, email, { password: newPassword });
});

test('the reset page says so when the code cannot be sent or the password cannot be set', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.route('**/api/auth/reset-code', (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }), { times: 1 });
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Unable to send reset code. Please check your email address.');

  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification code').fill('123456');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await page.route('**/api/auth/reset-password', (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }), { times: 1 });
  await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-7?');
  await page.getByLabel('Confirm new password').fill('Brand-new-pass-7?');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Unable to reset password. Please try again.');
  // Past the failure, an unknown address is told exactly what a wrong code is told.
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid verification code');
});
