import { defineConfig } from 'vitest/config';

const integration = (engine: 'dynalite' | 'dynamodb-local') => ({
  test: {
    name: `integration:${engine}`,
    include: ['tests/integration/**/*.integration.test.ts'],
    globalSetup: ['tests/support/engine.global.ts'],
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
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], env: { TZ: 'UTC' } } },
      integration('dynalite'),
      integration('dynamodb-local'),
      { test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 120_000 } },
    ],
  },
});
