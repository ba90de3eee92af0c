import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Ports of their own, so a run never meets an `npm start` on the defaults (E2E_PORT, E2E_COGNITO_PORT to move them;
 * E2E_WEB_DIST builds the SPA into a folder of its own, for runs side by side).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const COGNITO_PORT = Number(process.env.E2E_COGNITO_PORT ?? 9339);

/**
 * A fresh state folder per run (.data/e2e-*): made once by the runner and handed to its workers
 * through the environment, which they inherit; the tests read its outbox. Folders of earlier runs
 * are removed first.
 */
function runDataDir(): string {
  if (process.env.E2E_DATA_DIR) {
    mkdirSync(process.env.E2E_DATA_DIR, { recursive: true });
    return process.env.E2E_DATA_DIR;
  }
  const parent = resolve('.data');
  mkdirSync(parent, { recursive: true });
  for (const earlier of readdirSync(parent).filter((name) => name.startsWith('e2e-'))) {
    rmSync(join(parent, earlier), { recursive: true, force: true });
  }
  process.env.E2E_DATA_DIR = mkdtempSync(join(parent, 'e2e-'));
  return process.env.E2E_DATA_DIR;
}

const dataDir = runDataDir();

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: /.*\.e2e\.ts/,
  workers: 2,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
  webServer: {
    command: 'npm run build:web && npx tsx local/start.ts',
    url: `http://127.0.0.1:${PORT}/config.json`,
    env: {
      PORT: String(PORT),
      COGNITO_PORT: String(COGNITO_PORT),
      DATA_DIR: dataDir,
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: resolve(process.env.E2E_WEB_DIST) } : {}),
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
