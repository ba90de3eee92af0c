/**
 * Error reporting's code in two chunks of its own, fetched after the first paint and only with a
 * DSN (web/src/lib/error-reporting.ts): `sentry`, the SDK with its start and scrubber, and
 * `sentry-replay`, session replay, fetched only for a sampled session (or one buffering for an
 * error). Neither takes its dependencies along: what they share stays in `sentry`, so `sentry`
 * never imports replay. The first-visit budgets count neither (tests/e2e/support/script-bytes.ts).
 */
export const ERROR_REPORTING_CHUNKS = [
  {
    name: 'sentry-replay',
    priority: 3,
    includeDependenciesRecursively: false,
    test: /node_modules[\\/]@sentry[\\/]replay[\\/]|web[\\/]src[\\/]lib[\\/]error-reporting[\\/]session-replay\.ts$/,
  },
  { name: 'sentry', priority: 2, includeDependenciesRecursively: false, test: /node_modules[\\/]@sentry[\\/]|web[\\/]src[\\/]lib[\\/]error-reporting[\\/]/ },
];

export const ERROR_REPORTING_CHUNK_NAMES: readonly string[] = ERROR_REPORTING_CHUNKS.map(({ name }) => name);
