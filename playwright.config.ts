import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { FULL_CHROMIUM, HEADLESS_SHELL } from './scripts/system-packages';

/**
 * Ports of their own, so a run never meets an `npm start` on the defaults (E2E_PORT, E2E_COGNITO_PORT to move them;
 * E2E_WEB_DIST builds the SPA into a folder of its own, for runs side by side). E2E_WEB_BUILT=1 says that folder
 * was built for this run already (`npm test` builds it beside the checks), so the stack starts at once.
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

/**
 * Debian's Chromium, as its headless shell: the same engine without the desktop browser's
 * compositor and GPU process, about 40% faster on a 2-core machine. The test of a refused
 * microphone launches the full browser, whose permission prompt can be refused as a person refuses
 * it (tests/e2e/voice.e2e.ts); the notification tests use it too.
 */
const CHROMIUM = {
  executablePath: HEADLESS_SHELL,
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
};

/**
 * The voice tests' microphone: Chromium's fake device playing speech that the tests make with
 * espeak-ng into the run's folder (tests/e2e/support/speech.ts, which the workers point to through
 * the environment they inherit) before any page asks for it.
 */
const SPEECH_WAV = (process.env.E2E_SPEECH_WAV ??= resolve(dataDir, 'speech.wav'));
const VOICE_TESTS = /voice.*\.e2e\.ts/;
/** Notifications shown by the service worker: the headless shell denies the permission, the full browser grants it. */
const NOTIFICATION_TESTS = /notifications\.e2e\.ts/;
const FULL_BROWSER_TESTS = [VOICE_TESTS, NOTIFICATION_TESTS];
/** A reload or a restart without the network: the service worker keeps the app's code (web/service-worker/). */
const OFFLINE_TESTS = /[\\/]offline\.e2e\.ts$/;
const OWN_PROJECT_TESTS = [...FULL_BROWSER_TESTS, OFFLINE_TESTS];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: /.*\.e2e\.ts/,
  workers: 2,
  forbidOnly: true,
  // In CI a failed test runs once more, only so a flaky one is reported as flaky (and then fixed) instead of failing the run.
  retries: process.env.CI ? 1 : 0,
  // `npm test` (scripts/test.ts) counts the tests and names the flaky ones from a JSON report.
  reporter: process.env.E2E_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_REPORT }]] : [['list']],
  // Whole user journeys on a busy 2-core CI machine: the defaults (30 s, 5 s) were exceeded there.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    // The browser's zone is fixed, as is the server's (TZ below), so no result depends on the machine's.
    timezoneId: 'UTC',
    locale: 'en-US',
    launchOptions: CHROMIUM,
    // Recording a trace doubles a test's CPU on two cores: only a retry records one, for the failure it repeats.
    trace: 'on-first-retry',
    // What a service worker answers (the app's assets, from its cache) never reaches page.route, which
    // many tests hold or fail requests with; the notifications and offline projects test the service worker itself.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Workers take the projects in this order, and a file's tests one after the other: the voice file,
    // the longest, starts first, so the run does not end on it with the other worker idle.
    {
      name: 'voice',
      testMatch: VOICE_TESTS,
      // The ElevenLabs double has one script and one record for the whole stack: one voice file at a time.
      workers: 1,
      use: {
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          ...CHROMIUM,
          args: [...CHROMIUM.args, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${SPEECH_WAV}`],
        },
      },
    },
    {
      name: 'notifications',
      testMatch: NOTIFICATION_TESTS,
      use: { viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow', launchOptions: { ...CHROMIUM, executablePath: FULL_CHROMIUM } },
    },
    { name: 'offline', testMatch: OFFLINE_TESTS, use: { viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' } },
    { name: 'desktop', testIgnore: OWN_PROJECT_TESTS, use: { viewport: { width: 1280, height: 800 } } },
    {
      // At 375 px, the tests of what a phone shows differently (tagged @phone: the drawer, the
      // list layouts, the 5-day week, the editors as sheets); what the server does is the same.
      name: 'mobile',
      testIgnore: OWN_PROJECT_TESTS,
      grep: /@phone/,
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: `${process.env.E2E_WEB_BUILT === '1' ? '' : 'npm run build:web && '}npx tsx local/start.ts`,
    url: `http://127.0.0.1:${PORT}/config.json`,
    env: {
      TZ: 'UTC',
      PORT: String(PORT),
      COGNITO_PORT: String(COGNITO_PORT),
      DATA_DIR: dataDir,
      // Google is the local double, on a port the tests reach for its knobs (E2E_GOOGLE_PORT, set
      // here when absent so the workers, which inherit the runner's environment, read the same).
      GOOGLE_DOUBLE: '1',
      GOOGLE_DOUBLE_PORT: (process.env.E2E_GOOGLE_PORT ??= '3120'),
      // The voice agent is the local ElevenLabs double; the voice tests script it on E2E_ELEVENLABS_PORT.
      ELEVENLABS_DOUBLE: '1',
      ELEVENLABS_DOUBLE_PORT: (process.env.E2E_ELEVENLABS_PORT ??= '3110'),
      // Errors, traces, replays and feedback go to the local Sentry double; tests read what it received on E2E_SENTRY_PORT.
      SENTRY_DOUBLE: '1',
      SENTRY_DOUBLE_PORT: (process.env.E2E_SENTRY_PORT ??= '3130'),
      // Web Push goes to the local push service double too; the notification tests subscribe there on E2E_PUSH_PORT.
      PUSH_DOUBLE: '1',
      PUSH_DOUBLE_PORT: (process.env.E2E_PUSH_PORT ??= '3140'),
      // The embedded DynamoDB engine on a port the tests reach, to fill an account's sign-in hour in one write (tests/e2e/support/sign-in-throttle.ts).
      DYNAMO_PORT: (process.env.E2E_DYNAMO_PORT ??= '3150'),
      // Webhooks go to the local receiver double; the webhook tests make its addresses and read what it verified on E2E_WEBHOOK_PORT.
      WEBHOOK_RECEIVER_DOUBLE_PORT: (process.env.E2E_WEBHOOK_PORT ??= '3160'),
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: resolve(process.env.E2E_WEB_DIST) } : {}),
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
