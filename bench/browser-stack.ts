import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startLocalStack, type LocalStackOptions } from '../local/stack';
import { PASSWORD_MIN_LENGTH } from '../shared/constants';
import { FULL_CHROMIUM } from '../scripts/system-packages';

/** The browser tests' flags (playwright.config.ts), for Debian's full Chromium. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];

/**
 * A fresh local stack serving a fresh production build of the SPA, the way `npm start` serves it.
 * Everything lives in a temporary folder, which `stop` removes.
 */
export async function startServedBuild(options: Partial<LocalStackOptions> = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'tempo-bench-'));
  const webDir = join(folder, 'web');
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], {
    env: { ...process.env, WEB_DIST: webDir },
    stdio: 'inherit',
  });
  const stack = await startLocalStack({
    dataDir: join(folder, 'data'),
    port: 0,
    cognitoPort: 9400 + Math.floor(Math.random() * 500),
    webDir,
    ...options,
  });
  return {
    stack,
    folder,
    async stop() {
      await stack.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The served build, and Debian's Chromium to visit it: what a benchmark of what a person sees needs. */
export async function startBrowserStack(options: Partial<LocalStackOptions> = {}, chromiumArgs: string[] = []) {
  const served = await startServedBuild(options);
  const browser: Browser = await chromium.launch({ executablePath: FULL_CHROMIUM, args: [...CHROMIUM_ARGS, ...chromiumArgs] });
  return {
    stack: served.stack,
    browser,
    async stop() {
      await browser.close();
      await served.stop();
    },
  };
}

/** Signs `page` in to a demo account of its own (/demo fills the form in); with `rememberMe`, the session stays in localStorage. */
export async function signInToDemo(page: Page, siteUrl: string, { rememberMe = false } = {}): Promise<void> {
  await page.goto(`${siteUrl}/demo`);
  if (rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

/** A new page signed in, through the sign-in form, as an account of the bench's own (`<purpose>@tempo.local`), on /dashboard. */
export async function signedInPage(
  stack: { url: string; ensureUser(email: string, password: string, name: string): Promise<unknown> },
  browser: Browser,
  purpose: string,
  name: string,
): Promise<Page> {
  const email = `${purpose}@tempo.local`;
  const password = `Bench-${'x'.repeat(PASSWORD_MIN_LENGTH)}1!`;
  await stack.ensureUser(email, password, name);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${stack.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
  return page;
}
