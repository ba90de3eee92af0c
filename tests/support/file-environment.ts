import { afterAll } from 'vitest';

/**
 * The integration files of a worker share one process (isolate: false, vitest.config.ts): each file
 * leaves the environment as it found it, whatever its tests and local stacks set.
 */
const found = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in found)) delete process.env[name];
  Object.assign(process.env, found);
});
