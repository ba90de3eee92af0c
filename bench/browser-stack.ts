import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { startLocalStack, type LocalStackOptions } from '../local/stack';

/** The browser tests' Chromium flags (playwright.config.ts), for benchmarks that drive the page. */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];

/**
 * A fresh local stack serving a fresh production build of the SPA, and Debian's Chromium to visit
 * it: what a benchmark of what a person sees needs. Everything lives in a temporary folder.
 */
export async function startBrowserStack(options: Partial<LocalStackOptions> = {}, chromiumArgs: string[] = []) {
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
  const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...chromiumArgs] });
  return {
    stack,
    browser,
    async stop() {
      await browser.close();
      await stack.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
