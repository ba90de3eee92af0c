import { defineConfig } from 'vitest/config';

type Engine = 'dynalite' | 'dynamodb-local';

/**
 * The slowest integration files run on one engine only, to keep CI short: their reads and writes
 * are the same Get, Put, conditional Update and Query the other files try on both engines. The
 * fuzzer and the files that start the whole local stack run on dynalite, the engine `npm start`
 * uses (and a deep payload once crashed); Google and voice on DynamoDB Local, nearest to AWS.
 */
const ONE_ENGINE: Record<string, Engine> = {
  'tests/integration/fuzz.integration.test.ts': 'dynalite',
  'tests/integration/gcal.integration.test.ts': 'dynamodb-local',
  'tests/integration/voice.integration.test.ts': 'dynamodb-local',
  'tests/integration/demo.integration.test.ts': 'dynalite',
  'tests/integration/demo-limits.integration.test.ts': 'dynalite',
  'tests/integration/accounts.integration.test.ts': 'dynalite',
  'tests/integration/change-notices.integration.test.ts': 'dynalite',
  // Hundreds of generated requests through the same item writes offline-writes tries on both engines.
  'tests/integration/offline-outbox.integration.test.ts': 'dynalite',
  // It compares the local stream stand-in with DynamoDB Local's own stream, which dynalite lacks.
  'tests/integration/table-stream.integration.test.ts': 'dynamodb-local',
  // Rules of the service over the same reads and writes (no engine-specific case: that is items,
  // bad-input, isolation, offline-writes), on the engine nearest to AWS: the browser tests run
  // their journeys on dynalite through the local stack. Their dynalite run took 32 s of CPU.
  'tests/integration/planning.integration.test.ts': 'dynamodb-local',
  'tests/integration/reminders.integration.test.ts': 'dynamodb-local',
  'tests/integration/reminder-schedules.integration.test.ts': 'dynamodb-local',
  'tests/integration/calendar-feed.integration.test.ts': 'dynamodb-local',
  'tests/integration/mail-feedback.integration.test.ts': 'dynamodb-local',
  'tests/integration/auth.integration.test.ts': 'dynamodb-local',
  'tests/integration/error-reporting.integration.test.ts': 'dynamodb-local',
  // The open platform's rules over item writes the files above already try on both engines.
  'tests/integration/access-tokens.integration.test.ts': 'dynamodb-local',
  'tests/integration/mcp.integration.test.ts': 'dynalite',
  'tests/integration/webhooks.integration.test.ts': 'dynalite',
  // A person's data: the same reads and writes again, in bulk.
  'tests/integration/account-deletion.integration.test.ts': 'dynalite',
  'tests/integration/data-export.integration.test.ts': 'dynalite',
  'tests/integration/imports.integration.test.ts': 'dynalite',
};

/** Unit files that mock a module or replace a global, which would leak into the files after them in a shared worker. */
const UNIT_FILES_ALONE = [
  'tests/unit/error-reporting-resilience.test.ts',
  'tests/unit/log.test.ts',
  'tests/unit/offline-outbox.test.ts',
  'tests/unit/read-list-again.test.ts',
  'tests/unit/system-packages.test.ts',
  'tests/unit/voice-client.test.ts',
];

const integration = (engine: Engine) => ({
  test: {
    name: `integration:${engine}`,
    include: ['tests/integration/**/*.integration.test.ts'],
    exclude: Object.keys(ONE_ENGINE).filter((file) => ONE_ENGINE[file] !== engine),
    globalSetup: ['tests/support/engine.global.ts'],
    // A worker's files share one process and its imports: the two projects took 128 s of CPU instead of 172 s.
    // The functions make their clients again when the endpoints change; each file puts back the clock
    // it moved, and tests/support/file-environment.ts the environment.
    isolate: false,
    setupFiles: ['tests/support/file-environment.ts'],
    env: { TEST_ENGINE: engine, TZ: 'UTC', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Logs of passing tests are noise (many tests cause failures on purpose); a failing test shows its logs.
    silent: 'passed-only',
    // Vitest's default is one worker on two cores; the integration files mostly wait on their engine,
    // so three run side by side.
    maxWorkers: 3,
    projects: [
      // The property tests walk thousands of generated series: seconds of CPU, more on a busy machine, so
      // the same hang guard as the integration files rather than vitest's 5 s.
      // A worker's files share one process (isolate: false): 35 s of CPU became 19 s. The files that mock a
      // module or change a global run apart, each in its own (UNIT_FILES_ALONE).
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: UNIT_FILES_ALONE, isolate: false, env: { TZ: 'UTC' }, testTimeout: 20_000 } },
      { test: { name: 'unit alone', include: UNIT_FILES_ALONE, env: { TZ: 'UTC' }, testTimeout: 20_000 } },
      integration('dynalite'),
      integration('dynamodb-local'),
      // The infra files share nothing but aws-cdk-lib, which takes seconds to load: once per worker halves the project.
      { test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 120_000, isolate: false } },
    ],
  },
});
