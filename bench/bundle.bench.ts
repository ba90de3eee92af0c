import type { BrowserContext, Page } from '@playwright/test';
import { isErrorReporting, recordScripts, totalBytes, type ScriptSize } from '../tests/e2e/support/script-bytes';
import { signInToDemo, startBrowserStack } from './browser-stack';

/**
 * The JavaScript a person downloads on a first visit (an empty cache), gzipped, file by file: to
 * the landing and sign-in pages, and, signed in (a session in storage), to the dashboard, the
 * calendar, the tasks and the goals. The files are named after their chunk (web/vite.config.ts
 * names the libraries' ones), so the report shows what each page pulls in.
 * Each page is visited with error reporting off (/config.json's `errorReporting` null) and on (the
 * local Sentry double's DSN). The budgets count every script the visit downloads until the network
 * is idle but error reporting's chunks, which start after the first paint; those are shown apart.
 */
/** The pages with editors load them with the page, so that a page visited once edits offline too (docs/offline.md). */
const BUDGETS: Record<string, number> = { '/': 100, '/login': 100, '/dashboard': 150, '/calendar': 158, '/tasks': 158, '/goals': 158 };
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const { stack, browser, stop } = await startBrowserStack({ sentryDouble: true });
const visits: Array<[string, 'off' | 'on', ScriptSize[]]> = [];

/** A context of its own (nothing in the cache), with error reporting off or on. */
async function freshContext(reporting: 'off' | 'on', storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState });
  if (reporting === 'off') {
    await context.route('**/config.json', async (route) => route.fulfill({ json: { ...(await (await route.fetch()).json()), errorReporting: null } }));
  }
  return context;
}

async function firstVisit(page: Page, path: string, reporting: 'off' | 'on', ready: (page: Page) => Promise<unknown>): Promise<void> {
  const scripts = recordScripts(page);
  await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
  await ready(page);
  visits.push([path, reporting, await scripts()]);
}

try {
  const member = await browser.newContext();
  const signingIn = await member.newPage();
  await signInToDemo(signingIn, stack.url, { rememberMe: true });
  const storage = await member.storageState();
  await member.close();

  for (const reporting of ['off', 'on'] as const) {
    for (const path of ['/', '/login']) {
      const visitor = await freshContext(reporting);
      await firstVisit(await visitor.newPage(), path, reporting, (page) => page.getByRole('heading', { level: 1 }).first().waitFor());
      await visitor.close();
    }
    for (const [path, heading] of [
      ['/dashboard', /^Welcome back/],
      ['/calendar', 'Calendar'],
      ['/tasks', 'Tasks'],
      ['/goals', 'Goals'],
    ] as const) {
      // The session in storage, nothing in the cache.
      const context = await freshContext(reporting, storage);
      await firstVisit(await context.newPage(), path, reporting, (page) => page.getByRole('heading', { name: heading, level: 1 }).waitFor());
      await context.close();
    }
  }

  console.log('\nFirst-visit JavaScript, gzipped (error reporting off, then on)');
  for (const [path, reporting, scripts] of visits) {
    const counted = scripts.filter((script) => !isErrorReporting(script));
    const afterPaint = scripts.filter(isErrorReporting);
    const total = totalBytes(counted);
    console.log(
      `  ${path.padEnd(12)} reporting ${reporting.padEnd(3)} ${kilobytes(total).padStart(9)}   budget ${BUDGETS[path]} KB ${total / 1024 <= BUDGETS[path]! ? 'ok' : 'OVER'}` +
        (afterPaint.length ? `   + after the first paint ${kilobytes(totalBytes(afterPaint))}` : ''),
    );
    for (const { name, bytes } of scripts)
      console.log(`      ${kilobytes(bytes).padStart(9)}  ${name}${isErrorReporting({ name, bytes }) ? ' (after the first paint)' : ''}`);
  }
} finally {
  await stop();
}
