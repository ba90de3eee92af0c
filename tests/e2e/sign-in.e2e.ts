import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, failSignInsUntilTheAccountWaits, PASSWORD, uniqueEmail } from './support/accounts';
import { signedInAccount } from './support/app-data';
import { signInThroughForm, signInToDemo } from './support/sign-in';

/** The Cognito entries Amplify keeps in one of the two browser storages. */
async function storedSessionKeys(page: Page, storage: 'localStorage' | 'sessionStorage'): Promise<string[]> {
  return page.evaluate((name) => Object.keys(window[name]).filter((key) => key.startsWith('CognitoIdentityServiceProvider.')), storage);
}

test('a protected page sends a visitor to sign in, and back there after', async ({ page, request }) => {
  const email = await createAccount(request, 'return');
  await page.goto('/dashboard?tab=goals');
  await expect(page).toHaveURL('/login');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await signInThroughForm(page, email, { landsOn: '/dashboard?tab=goals' });
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();
});

test('the sign-in page opens the connection to Cognito before the visitor signs in', async ({ page, request }) => {
  const { userPoolEndpoint } = await (await request.get('/config.json')).json();
  await page.goto('/login');
  await expect(page.locator(`link[rel="preconnect"][href="${new URL(userPoolEndpoint).origin}"]`)).toHaveCount(1);
});

test('/login is served with a noindex header for crawlers that do not run the app; other pages are not', async ({ request }) => {
  expect((await request.get('/login')).headers()['x-robots-tag']).toBe('noindex');
  expect((await request.get('/signup')).headers()['x-robots-tag']).toBeUndefined();
  expect((await request.get('/')).headers()['x-robots-tag']).toBeUndefined();
});

test('the demo page fills in a demo account of the visitor’s own, and signing out ends on /signout', { tag: '@phone' }, async ({ page }, testInfo) => {
  await signInToDemo(page);
  await expect(page.getByRole('heading', { name: 'Welcome back, Demo' })).toBeVisible();
  // The seeded sample data, through the API with the session's token.
  await expect(page.getByRole('list', { name: 'Summary' }).getByRole('link').first()).toHaveText(/^\d+ /);
  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/signout');
  await expect(page.getByRole('heading', { name: 'Successfully Signed Out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  expect(await storedSessionKeys(page, 'sessionStorage')).toEqual([]);

  await page.getByRole('link', { name: 'Sign In Again' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
});

test('a wrong password gets the shared message', async ({ page, request }) => {
  const email = await createAccount(request, 'wrong-password');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Not-the-password-1!');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials and try again.');

  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials and try again.');
});

test('another refusal from Cognito shows its own message, and one without a message says authentication failed', async ({ page, request }) => {
  const email = await createAccount(request, 'other-refusal');
  let refusal = { __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' };
  // Cognito's answer to the sign-in's first call, as its JSON protocol gives an error.
  await page.route('**/*', (route) =>
    route.request().headers()['x-amz-target']?.endsWith('.InitiateAuth')
      ? route.fulfill({ status: 400, headers: { 'access-control-allow-origin': '*' }, contentType: 'application/x-amz-json-1.1', json: refusal })
      : route.fallback(),
  );
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Attempt limit exceeded, please try after some time.');

  refusal = { __type: 'InternalErrorException', message: '' };
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Authentication failed');
});

test('an owner who signed in before on this browser, and closed the page at once, signs in after a hundred failures from other browsers', async ({
  browser,
  context,
  request,
}) => {
  const email = await createAccount(request, 'trusted-browser');
  // The trust comes with the sign-in's own answer: no request after it is needed (none would get through).
  await context.route('**/api/auth/device-token', (route) => route.abort());
  const signingIn = await context.newPage();
  await signingIn.goto('/login');
  await signInThroughForm(signingIn, email);
  await signingIn.close();

  await failSignInsUntilTheAccountWaits(request, email);
  // A browser that never signed in to the account is made to wait, even with the right password.
  const strangers = await browser.newContext();
  const stranger = await strangers.newPage();
  await stranger.goto('/login');
  await stranger.getByLabel('Email').fill(email);
  await stranger.getByLabel('Password').fill(PASSWORD);
  await stranger.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(stranger.getByText(/^Too many sign-in attempts\. Please wait \d+ seconds?\.$/)).toBeVisible();
  await strangers.close();

  // The owner's browser signs in all the same.
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughForm(page, email);
});

test('email and password are required', async ({ page }) => {
  await page.goto('/login-simple');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

/** What a browser keeps across a restart: everything but its session cookies (those without an expiry). */
function afterRestart(state: Awaited<ReturnType<BrowserContext['storageState']>>) {
  return { ...state, cookies: state.cookies.filter((cookie) => cookie.expires !== -1) };
}

test('without remember me, a link opened in a new tab is signed in until the browser closes; signing out in one tab signs out the other', async ({
  browser,
  context,
  request,
}) => {
  const email = await createAccount(request, 'tabs');
  const first = await context.newPage();
  await first.goto('/login');
  await signInThroughForm(first, email);
  expect(await storedSessionKeys(first, 'sessionStorage')).not.toEqual([]);
  expect(await storedSessionKeys(first, 'localStorage')).toEqual([]);

  const otherTab = await context.newPage();
  await otherTab.goto('/tasks');
  await expect(otherTab.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  expect(await storedSessionKeys(otherTab, 'sessionStorage')).not.toEqual([]);

  // A restart: the session was the tabs', so a browser opened again from what it keeps is signed out.
  const restarted = await browser.newContext({ storageState: afterRestart(await context.storageState()) });
  const afterRestartTab = await restarted.newPage();
  await afterRestartTab.goto('/dashboard');
  await expect(afterRestartTab).toHaveURL('/login');
  await restarted.close();

  await first.goto('/signout');
  await expect(first.getByRole('heading', { name: 'Successfully Signed Out' })).toBeVisible();
  await expect(otherTab).toHaveURL('/login');
  expect(await storedSessionKeys(otherTab, 'sessionStorage')).toEqual([]);
  const laterTab = await context.newPage();
  await laterTab.goto('/dashboard');
  await expect(laterTab).toHaveURL('/login');
});

test('a tab that finds the session marker but no tab to answer shows the sign-in page, and keeps the marker for later tabs (the holder may only have been busy)', async ({
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'tempo-session', value: '1', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain('tempo-session');
});

test('with remember me, the session outlives a restart; signing out in one tab signs out the others', async ({ browser, context, request }) => {
  const email = await createAccount(request, 'remember');
  const first = await context.newPage();
  await first.goto('/login');
  await signInThroughForm(first, email, { rememberMe: true });
  expect(await storedSessionKeys(first, 'localStorage')).not.toEqual([]);
  expect(await storedSessionKeys(first, 'sessionStorage')).toEqual([]);
  const otherTab = await context.newPage();
  await otherTab.goto('/dashboard');
  await expect(otherTab.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();

  const restarted = await browser.newContext({ storageState: afterRestart(await context.storageState()) });
  const afterRestartTab = await restarted.newPage();
  await afterRestartTab.goto('/dashboard');
  await expect(afterRestartTab.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();
  await restarted.close();

  await first.goto('/signout');
  await expect(first.getByRole('heading', { name: 'Successfully Signed Out' })).toBeVisible();
  await expect(otherTab).toHaveURL('/login');
  expect(await storedSessionKeys(otherTab, 'localStorage')).toEqual([]);
});

test('signing out in one tab signs out another at once, even one that missed the word of it', async ({ context, request }) => {
  const first = await context.newPage();
  const { email, openInTab } = await signedInAccount(first, request, 'sign-out-tabs');
  const other = await context.newPage();
  await openInTab(other, '/goals');
  await expect(other.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible();
  // On a page without the app, the tab keeps its copy of the session and hears no message from the others.
  await other.goto('/config.json');

  await first.goto('/signout');
  await expect(first.getByRole('heading', { name: 'Successfully Signed Out' })).toBeVisible();
  await other.goto('/goals');
  await expect(other).toHaveURL('/login');
  // Its copy of the ended session is gone: Amplify, finding one, would refuse a new sign-in.
  await signInThroughForm(other, email, { landsOn: '/goals' });
});

test('signed-in visitors on the home, sign-in and sign-up pages go to the dashboard', async ({ page, request }) => {
  const email = await createAccount(request, 'guest-pages');
  await page.goto('/login');
  await signInThroughForm(page, email);
  for (const path of ['/', '/login', '/signup']) {
    await page.goto(path);
    await expect(page).toHaveURL('/dashboard');
  }
});

test('Google sign-in says it is not configured here', async ({ page }) => {
  await page.goto('/login');
  const google = page.getByRole('button', { name: 'Sign in with Google' });
  await expect(google).toBeDisabled();
  await expect(google).toHaveAccessibleDescription('Google sign-in is not configured on this server');
});

test('a failed token refresh ends the session and asks to sign in again', async ({ page, request }) => {
  const email = await createAccount(request, 'expired');
  await page.goto('/login');
  await signInThroughForm(page, email);
  // Tokens that look expired (a day of clock drift) and a refresh token Cognito refuses, written
  // from a page of the same origin that runs no app, so the dashboard's own polling cannot act on
  // them before the visit below.
  await page.goto('/favicon.svg');
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) {
      if (key.endsWith('.clockDrift')) sessionStorage.setItem(key, String(24 * 60 * 60 * 1000));
      if (key.endsWith('.refreshToken')) sessionStorage.setItem(key, 'revoked');
    }
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?message=session_expired');
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  expect(await storedSessionKeys(page, 'sessionStorage')).toEqual([]);

  await signInThroughForm(page, email);
});
