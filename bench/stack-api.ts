import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../local/stack';

/**
 * What benches share to drive a local stack's API as a person would, through HTTP.
 */

/** A signed-in call: JSON in and out; a failed one throws with its status and body. */
export function signedInApi(stackUrl: string) {
  return async function api(token: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${stackUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/**
 * Throttles and per-client limits no one meets, for a bench whose pace is not a person's: without
 * them most answers would be the limits' 429, which are not what it measures (their own tests
 * check them).
 */
export const LIMITS_NO_ONE_MEETS = {
  throttle: { ratePerSecond: 1_000_000, burst: 1_000_000 },
  clientLimits: { windowMs: 60_000, perPerson: 1_000_000, anonymousPerAddress: 1_000_000, perAddress: 1_000_000, publicRoutesPerAddress: 1_000_000 },
} as const;

/**
 * A fresh local stack (the API, no web build) in a temporary folder, with limits no one meets and a
 * signed-in caller; `stop` removes the folder.
 */
export async function startApiStack() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tempo-bench-'));
  const stack = await startLocalStack({ dataDir, port: 0, cognitoPort: 9400 + Math.floor(Math.random() * 500), apiLimits: LIMITS_NO_ONE_MEETS });
  return {
    stack,
    api: signedInApi(stack.url),
    async stop() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
