import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createAccount } from './support/accounts';
import { errorReportingStarts, isErrorReporting, recordScripts, totalBytes } from './support/script-bytes';
import { signInThroughForm } from './support/sign-in';

/**
 * The first-visit budgets as a guard; `npm run bench` prints the same figures file by file (bench/bundle.bench.ts).
 * The test server reports to the Sentry double: error reporting's chunks download after the first
 * paint, and the budgets count every script but them (tests/e2e/support/script-bytes.ts).
 */
/**
 * A first visit to `path` signed in as a new account: the session in storage (kept from a sign-in
 * in a context of its own), nothing in the cache. `ready` waits for the page to show; `loaded` gives the
 * scripts the visit downloaded, error reporting's apart.
 */
async function signedInFirstVisit(browser: Browser, request: APIRequestContext, path: string, ready: (page: Page) => Promise<void>) {
  const email = await createAccount(request, 'size');
  const signingIn = await browser.newContext();
  const signInPage = await signingIn.newPage();
  await signInPage.goto('/login');
  await signInThroughForm(signInPage, email, { rememberMe: true });
  const storageState = await signingIn.storageState();
  await signingIn.close();
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready(page);
  return { email, page, loaded: async () => (await scripts()).filter((script) => !isErrorReporting(script)) };
}

test.describe('first-visit JavaScript', () => {
  test('a first visit to / stays within 100 KB gzipped, with no Amplify and no zod', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    const loaded = (await scripts()).filter((script) => !isErrorReporting(script));
    console.log(`gzipped JavaScript of a first visit to /: ${(totalBytes(loaded) / 1024).toFixed(1)} KB`);
    expect(totalBytes(loaded) / 1024).toBeLessThan(100);
    expect(loaded.map(({ name }) => name).filter((name) => /amplify|cognito|zod/.test(name))).toEqual([]);
  });

  test('a signed-in first visit to /dashboard stays within 150 KB gzipped: the stored session needs no Amplify while it is fresh', async ({
    browser,
    request,
  }) => {
    const { email, page, loaded } = await signedInFirstVisit(browser, request, '/dashboard', (page) =>
      expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible(),
    );
    await expect(page.getByRole('banner').or(page.getByRole('complementary')).getByText(email)).toBeVisible();
    const scripts = await loaded();
    console.log(`gzipped JavaScript of a signed-in first visit to /dashboard: ${(totalBytes(scripts) / 1024).toFixed(1)} KB`);
    expect(totalBytes(scripts) / 1024).toBeLessThan(150);
    // Error reporting's SDK (with a DSN, as here) began to download only after the page had painted.
    const starts = await errorReportingStarts(page);
    expect(Object.keys(starts)).toContain('sentry');
    for (const [name, start] of Object.entries(starts)) expect(start, name).toBeGreaterThan(0);
    expect(scripts.map(({ name }) => name).filter((name) => /amplify|cognito|zod/.test(name))).toEqual([]);
  });

  // The editors come with the page (not when opened), so that a page visited once edits offline too: 8 KB more than the dashboard's budget.
  test('a signed-in first visit to /tasks stays within 158 KB gzipped: the drag and drop of reorder mode is not in it', async ({ browser, request }) => {
    const { loaded } = await signedInFirstVisit(browser, request, '/tasks', (page) =>
      expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible(),
    );
    const scripts = await loaded();
    console.log(`gzipped JavaScript of a signed-in first visit to /tasks: ${(totalBytes(scripts) / 1024).toFixed(1)} KB`);
    expect(totalBytes(scripts) / 1024).toBeLessThan(158);
    expect(scripts.map(({ name }) => name).filter((name) => /reorderable/.test(name))).toEqual([]);
  });
});
