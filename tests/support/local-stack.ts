import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { startLocalStack, type LocalStackOptions } from '../../local/stack';
import { randomCognitoPort } from './harness';

/**
 * One test file's whole local stack (`npm start` in miniature) on the engine of its project, its
 * state in a folder of its own, removed after. `local.stack` is there once the file's tests run.
 */
export function useLocalStack(name: string, options: Partial<LocalStackOptions> = {}) {
  const local = { dataDir: mkdtempSync(join(tmpdir(), `tempo-${name}-`)) } as {
    dataDir: string;
    stack: Awaited<ReturnType<typeof startLocalStack>>;
  };

  beforeAll(async () => {
    local.stack = await startLocalStack({
      dataDir: local.dataDir,
      port: 0,
      cognitoPort: randomCognitoPort(),
      dynamoEndpoint: inject('dynamoEndpoint'),
      ...options,
    });
  });

  afterAll(async () => {
    await local.stack?.stop();
    rmSync(local.dataDir, { recursive: true, force: true });
  });

  return local;
}
