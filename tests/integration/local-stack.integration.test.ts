import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { startLocalStack } from '../../local/stack';
import { useLocalStack } from '../support/local-stack';

/** `npm start` in miniature: cognito-local, the adapter over real HTTP, the SPA's files. */
describe('the local stack', () => {
  // The SPA's build, in miniature.
  const webDir = mkdtempSync(join(tmpdir(), 'tempo-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<div id="root"></div>');
  writeFileSync(join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  const largeScript = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `text ${index}`))};`;
  writeFileSync(join(webDir, 'assets', 'texts-5678.js'), largeScript);
  afterAll(() => rmSync(webDir, { recursive: true, force: true }));
  const local = useLocalStack('stack', { webDir });

  it('serves an account’s items to a token from cognito-local, and only to it', async () => {
    const userId = await local.stack.ensureUser('stack@example.com', 'Stack-pass-1!', 'Stack');
    const token = await local.stack.signIn('stack@example.com', 'Stack-pass-1!');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const made = await fetch(`${local.stack.url}/api/goals`, { method: 'POST', headers, body: JSON.stringify({ title: 'Through the stack' }) });
    expect(made.status).toBe(201);
    const listed = await (await fetch(`${local.stack.url}/api/goals`, { headers })).json();
    expect(listed.items.map((goal: { title: string; user_id: string }) => [goal.title, goal.user_id])).toEqual([['Through the stack', userId]]);
  });

  it('turns away a request without a token, like the HTTP API’s authorizer', async () => {
    const response = await fetch(`${local.stack.url}/api/goals`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('serves the SPA’s files, and index.html for app routes and anything outside the build', async () => {
    for (const path of ['/', '/dashboard', '/goals?goalId=1', '/%2e%2e/%2e%2e/package.json']) {
      const response = await fetch(`${local.stack.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe('<div id="root"></div>');
    }
    const asset = await fetch(`${local.stack.url}/assets/app-1234.js`);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log(1)');
  });

  it('compresses what CloudFront compresses, with brotli or gzip as the browser takes them', async () => {
    const url = `${local.stack.url}/assets/texts-5678.js`;
    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await fetch(url, { headers: { 'accept-encoding': accepted } });
      expect(response.headers.get('content-encoding'), accepted).toBe(encoding);
      expect(response.headers.get('vary'), accepted).toBe('accept-encoding');
      expect(await response.text(), accepted).toBe(largeScript);
    }
    // Under 1 KB, as at CloudFront, a file goes as it is.
    expect((await fetch(`${local.stack.url}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding')).toBeNull();
  });

  it('serves robots.txt and a sitemap of the public pages for the address it was reached at', async () => {
    const robots = await fetch(`${local.stack.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    expect(await robots.text()).toBe(`User-agent: *\nDisallow: /api/\n\nSitemap: ${local.stack.url}/sitemap.xml\n`);
    const sitemap = await (await fetch(`${local.stack.url}/sitemap.xml`)).text();
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc)).toEqual(
      ['/', '/signup', '/demo', '/waitlist', '/privacy-terms'].map((path) => `${local.stack.url}${path}`),
    );
  });
});

describe('the local stack started again on another Cognito port', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tempo-port-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('follows COGNITO_PORT: the same pool and accounts at the new address, in config.json and pool.json', async () => {
    const start = (cognitoPort: number) => startLocalStack({ dataDir, port: 0, cognitoPort, dynamoEndpoint: inject('dynamoEndpoint') });
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
