import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import { FULL_CHROMIUM } from '../scripts/system-packages';
import { CHROMIUM_ARGS, signInToDemo, startServedBuild } from './browser-stack';

/**
 * Lighthouse on a phone: its default mobile preset (a mid-range phone on slow 4G, simulated), on
 * Debian's Chromium, against a fresh production build served as `npm start` serves it. Each page
 * three times from an empty cache; the median of each figure is printed beside the targets.
 * The public pages run signed out, /dashboard and /calendar with a session in storage: first with
 * nothing remembered from an earlier visit and no service worker, then again ("again"), when they
 * paint what they showed last time (web/src/lib/remembered-data.ts) and the service worker the first
 * visits installed answers what it cached.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** LIGHTHOUSE_PAGES=/dashboard,/calendar audits only those. */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',');
const chosen = (path: string) => !ONLY || ONLY.includes(path);
const PUBLIC_PAGES = ['/', '/login'].filter(chosen);
const SIGNED_IN_PAGES = ['/dashboard', '/calendar'].filter(chosen);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Figures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  largestPaintMs: number;
  /** What painted it, as Lighthouse names the element. */
  largestPaintElement: string;
  layoutShift: number;
  blockingMs: number;
}

/** A port nothing listens on now (a random one met the local Cognito's, which is random too). */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const served = await startServedBuild();
const DEBUGGING_PORT = await freePort();
// One profile that Lighthouse's tabs share, so a session signed in here is theirs too.
const context: BrowserContext = await chromium.launchPersistentContext(join(served.folder, 'profile'), {
  executablePath: FULL_CHROMIUM,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
});

async function audit(path: string): Promise<Figures> {
  // An empty cache each run; the storage (the session) stays.
  const page = context.pages()[0] ?? (await context.newPage());
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  const result = await lighthouse(`${served.stack.url}${path}`, {
    port: DEBUGGING_PORT,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: true,
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  const { categories, audits } = result.lhr;
  return {
    scores: Object.fromEntries(CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)])) as Figures['scores'],
    largestPaintMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    largestPaintElement: largestPaintElement(audits['lcp-breakdown-insight']?.details),
    layoutShift: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    blockingMs: audits['total-blocking-time']?.numericValue ?? NaN,
  };
}

/** The largest paint's element and where its time went, from Lighthouse's LCP breakdown insight. */
function largestPaintElement(details: unknown): string {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const item = value as { type?: string; selector?: string; snippet?: string; subpart?: string; duration?: number; items?: unknown };
    if (item.type === 'node') found.push(item.snippet ?? item.selector ?? 'node');
    if (item.subpart && typeof item.duration === 'number') found.push(`${item.subpart} ${Math.round(item.duration)} ms`);
    visit(item.items);
  };
  visit(details);
  return found.join(', ') || '?';
}

/**
 * A first visit has no service worker yet: the one an earlier run installed, and what it cached,
 * would answer the page's code from the phone itself, which no first visit can.
 */
async function forgetServiceWorker(): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  await (await context.newCDPSession(page)).send('Storage.clearDataForOrigin', { origin: served.stack.url, storageTypes: 'service_workers,cache_storage' });
}

/** A first visit: what the pages showed is forgotten (a page of the app's origin that runs none of its code reaches the storage). */
async function forgetRememberedData(): Promise<void> {
  await forgetServiceWorker();
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${served.stack.url}/robots.txt`);
  // Each account keeps its data in an IndexedDB database of its own, `tempo-<user id>` (web/src/lib/offline/database.ts).
  await page.evaluate(async () => {
    const databases = await indexedDB.databases();
    await Promise.all(
      databases
        .filter((database) => database.name?.startsWith('tempo-'))
        .map(
          (database) =>
            new Promise((resolve) => {
              const request = indexedDB.deleteDatabase(database.name!);
              request.onsuccess = request.onerror = request.onblocked = resolve;
            }),
        ),
    );
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function medianOf(path: string, beforeEach?: () => Promise<void>): Promise<Figures> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run++) {
    await beforeEach?.();
    runs.push(await audit(path));
  }
  return {
    scores: Object.fromEntries(CATEGORIES.map((name) => [name, median(runs.map((figures) => figures.scores[name]))])) as Figures['scores'],
    largestPaintMs: median(runs.map((figures) => figures.largestPaintMs)),
    largestPaintElement: runs.map((figures) => figures.largestPaintElement).join(' | '),
    layoutShift: median(runs.map((figures) => figures.layoutShift)),
    blockingMs: median(runs.map((figures) => figures.blockingMs)),
  };
}

try {
  const results: Array<[string, Figures]> = [];
  for (const path of PUBLIC_PAGES) results.push([path, await medianOf(path, forgetServiceWorker)]);

  await signInToDemo(await context.newPage(), served.stack.url, { rememberMe: true });
  for (const path of SIGNED_IN_PAGES) {
    results.push([path, await medianOf(path, forgetRememberedData)]);
    results.push([`${path} again`, await medianOf(path)]);
  }

  console.log(`\nLighthouse, mobile preset, median of ${RUNS} runs (targets: performance ≥ 90, largest paint ≤ 2.5 s, layout shift ≤ 0.02)`);
  console.log('  page                perf  a11y  best   seo   largest paint   layout shift   blocking');
  for (const [path, { scores, largestPaintMs, layoutShift, blockingMs }] of results) {
    const cells = [scores.performance, scores.accessibility, scores['best-practices'], scores.seo].map((score) => String(score).padStart(4));
    console.log(
      `  ${path.padEnd(18)} ${cells.join('  ')}   ${`${(largestPaintMs / 1000).toFixed(2)} s`.padStart(12)}   ${layoutShift.toFixed(3).padStart(12)}   ${`${Math.round(blockingMs)} ms`.padStart(8)}`,
    );
  }
  console.log('\n  What painted largest, run by run:');
  for (const [path, { largestPaintElement }] of results) console.log(`  ${path.padEnd(18)} ${largestPaintElement}`);
} finally {
  await context.close();
  await served.stop();
}
