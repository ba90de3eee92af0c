import type { Page } from '@playwright/test';
import { recordScripts, totalBytes, type ScriptSize } from '../tests/e2e/support/script-bytes';
import { signInToDemo, startBrowserStack } from './browser-stack';

/**
 * The JavaScript a person downloads on a first visit (an empty cache), gzipped, file by file: to
 * the landing and sign-in pages, and, signed in (a session in storage), to the dashboard and the
 * calendar. The files are named after their chunk (web/vite.config.ts names the libraries' ones),
 * so the report shows what each page pulls in.
 */
const BUDGETS: Record<string, number> = { '/': 100, '/login': 100, '/dashboard': 150, '/calendar': 150 };
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const { stack, browser, stop } = await startBrowserStack();
const visits: Array<[string, ScriptSize[]]> = [];

async function firstVisit(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  const scripts = recordScripts(page);
  await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
  await ready(page);
  visits.push([path, await scripts()]);
}

try {
  for (const path of ['/', '/login']) {
    const visitor = await browser.newContext();
    await firstVisit(await visitor.newPage(), path, (page) => page.getByRole('heading', { level: 1 }).first().waitFor());
    await visitor.close();
  }

  const member = await browser.newContext();
  const signingIn = await member.newPage();
  await signInToDemo(signingIn, stack.url, { rememberMe: true });
  const storage = await member.storageState();
  await member.close();
  for (const [path, heading] of [
    ['/dashboard', /^Welcome back/],
    ['/calendar', 'Calendar'],
  ] as const) {
    // A context of its own: the session in storage, nothing in the cache.
    const context = await browser.newContext({ storageState: storage });
    await firstVisit(await context.newPage(), path, (page) => page.getByRole('heading', { name: heading, level: 1 }).waitFor());
    await context.close();
  }

  console.log('\nFirst-visit JavaScript, gzipped');
  for (const [path, scripts] of visits) {
    const total = totalBytes(scripts);
    console.log(`  ${path.padEnd(12)} ${kilobytes(total).padStart(9)}   budget ${BUDGETS[path]} KB ${total / 1024 <= BUDGETS[path]! ? 'ok' : 'OVER'}`);
    for (const { name, bytes } of scripts) console.log(`      ${kilobytes(bytes).padStart(9)}  ${name}`);
  }
} finally {
  await stop();
}
