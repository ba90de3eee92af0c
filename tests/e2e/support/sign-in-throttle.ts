import { expect } from '@playwright/test';

/**
 * Points this worker's AWS SDK at the local stack's table, on the embedded engine whose port
 * playwright.config.ts gives the server (E2E_DYNAMO_PORT). The engine checks a signature's form,
 * not its value. The table's name is local/stack.ts's TABLE_NAME: a wrong one fails the write.
 */
function useLocalTable(): void {
  const port = process.env.E2E_DYNAMO_PORT;
  if (!port) throw new Error('E2E_DYNAMO_PORT is not set: run the tests through playwright.config.ts');
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${port}`,
    TABLE_NAME: 'tempo',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'e2e',
    AWS_SECRET_ACCESS_KEY: 'e2e',
    // As the local stack says it (local/environment.ts): this machine's Node is older than the SDK will want.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
}

/**
 * Writes the sign-in throttle's record of `account` as `failures` failed sign-ins by strangers, each
 * from a browser of its own, would leave it: each attempt judged by the throttle's own rules
 * (functions/auth/pre-authentication.ts) and the record saved through its repository, in one write
 * instead of a request per attempt. The functions' modules are loaded here only, for the tests that fill an account's hour.
 */
export async function recordStrangersFailures(account: string, failures: number): Promise<void> {
  useLocalTable();
  const [{ judge }, { readAttemptLog, saveAttemptLog }] = await Promise.all([
    import('../../../functions/auth/pre-authentication'),
    import('../../../functions/auth/sign-in-throttle.repository'),
  ]);
  const read = await readAttemptLog(account);
  let log = read;
  for (let index = 0; index < failures; index += 1) {
    const { next, verdict } = judge(log, { key: `stranger-browser-${index}`, trusted: false }, Date.now());
    expect(verdict).toBe('allowed');
    log = next!;
  }
  expect(await saveAttemptLog(account, log, read.version, Date.now()), 'no sign-in to the account raced the write').toBe(true);
}
