import { expect, test } from '@playwright/test';
import { createAccount } from './support/accounts';
import { countScriptBytes } from './support/script-bytes';
import { signInThroughForm } from './support/sign-in';

/** The first-visit budget as a guard; `npm run bench` prints the same figures (bench/bundle.bench.ts). */
test.describe('first-visit JavaScript', () => {
  test.skip(({ isMobile }) => isMobile, 'the same bytes on every screen size');

  test('a first visit to / stays under 150 KB gzipped and loads no Amplify', async ({ page }) => {
    const scriptUrls: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scriptUrls.push(request.url());
    });
    const total = countScriptBytes(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    const kilobytes = (await total()) / 1024;
    console.log(`gzipped JavaScript of a first visit to /: ${kilobytes.toFixed(1)} KB`);
    expect(kilobytes).toBeLessThan(150);
    expect(scriptUrls.filter((url) => /amplify|cognito/.test(url))).toEqual([]);
  });

  test('a signed-in first visit to /dashboard', async ({ browser, request }) => {
    const email = await createAccount(request, 'size');
    const context = await browser.newContext();
    const signingIn = await context.newPage();
    await signingIn.goto('/login');
    await signInThroughForm(signingIn, email, { rememberMe: true });
    const page = await context.newPage();
    const total = countScriptBytes(page);
    await page.goto('/dashboard', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
    console.log(`gzipped JavaScript of a signed-in first visit to /dashboard: ${((await total()) / 1024).toFixed(1)} KB`);
    await context.close();
  });
});
