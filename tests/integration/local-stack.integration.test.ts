import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { DEMO_ACCOUNT } from '../../shared/demo';
import { startLocalStack } from '../../local/stack';
import { storedProblems } from '../support/fuzz';

/** `npm start` in miniature: cognito-local, the adapter over real HTTP, the seeded demo account. */
describe('the local stack', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tempo-stack-'));
  let stack: Awaited<ReturnType<typeof startLocalStack>>;

  const webDir = join(dataDir, 'web');

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<div id="root"></div>');
    writeFileSync(join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
    stack = await startLocalStack({
      dataDir,
      webDir,
      port: 0,
      cognitoPort: 10_000 + Math.floor(Math.random() * 20_000),
      dynamoEndpoint: inject('dynamoEndpoint'),
    });
  });

  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the demo account’s seeded items to a token from cognito-local', async () => {
    const token = await stack.signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const get = async (path: string) => {
      const response = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, path).toBe(200);
      return response.json();
    };
    expect((await get('/api/goals')).items).toHaveLength(3);
    expect((await get('/api/tasks')).items).toHaveLength(6);
    expect((await get('/api/trash')).items.map((entry: { title: string }) => entry.title)).toEqual(['Call the plumber']);
    expect((await get('/api/events')).items.map((event: { title: string }) => event.title)[0]).toBe('Team stand-up');
    expect((await get('/api/tags')).items.map((tag: { name: string }) => tag.name)).toEqual(['health', 'home', 'learning', 'work']);
    const goal = (await get('/api/goals')).items[0];
    expect(goal.user_id).toBe(stack.demoUserId);
    // Seeded as the API creates: every stored record passes its own schema (events included).
    expect(await storedProblems(stack.demoUserId!)).toEqual([]);
  });

  it('turns away a request without a token, like the HTTP API’s authorizer', async () => {
    const response = await fetch(`${stack.url}/api/goals`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('serves the SPA’s files, and index.html for app routes and anything outside the build', async () => {
    for (const path of ['/', '/dashboard', '/goals?goalId=1', '/%2e%2e/%2e%2e/package.json']) {
      const response = await fetch(`${stack.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe('<div id="root"></div>');
    }
    const asset = await fetch(`${stack.url}/assets/app-1234.js`);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log(1)');
  });
});

describe('the local stack started again on another Cognito port', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tempo-port-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('follows COGNITO_PORT: the same pool and accounts at the new address, in config.json and pool.json', async () => {
    const start = (cognitoPort: number) => startLocalStack({ dataDir, port: 0, cognitoPort, dynamoEndpoint: inject('dynamoEndpoint'), seedDemo: false });
    const firstPort = 10_000 + Math.floor(Math.random() * 10_000);
    const first = await start(firstPort);
    const poolId = first.pool.userPoolId;
    try {
      await first.ensureUser('moved@example.com', 'Moved-pass-1!', 'Moved');
    } finally {
      await first.stop();
    }
    const secondPort = firstPort + 10_000;
    const second = await start(secondPort);
    try {
      const token = await second.signIn('moved@example.com', 'Moved-pass-1!');
      expect((await fetch(`${second.url}/api/goals`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      const config = await (await fetch(`${second.url}/config.json`)).json();
      expect(config.userPoolEndpoint).toBe(`http://127.0.0.1:${secondPort}`);
      const saved = JSON.parse(readFileSync(join(dataDir, 'cognito', 'pool.json'), 'utf8'));
      expect(saved).toEqual({ endpoint: `http://127.0.0.1:${secondPort}`, userPoolId: poolId, clientId: second.pool.clientId });
    } finally {
      await second.stop();
    }
  });
});
