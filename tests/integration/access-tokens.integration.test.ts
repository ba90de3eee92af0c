import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import type { TokenContext } from '../../functions/access-tokens/authorizer';
import { createAccessToken } from '../../functions/access-tokens/repository';
import { issueResetCode } from '../../functions/auth/reset-codes.repository';
import { accessTokenLookupKey, userKey } from '../../functions/data/keys';
import { register } from '../../functions/demo/register.repository';
import { handler as items } from '../../functions/items/handler';
import { cognito, userPool } from '../../functions/platform/cognito';
import { db, queryItems, tableName } from '../../functions/platform/dynamo';
import type { HttpEvent } from '../../functions/platform/http';
import { routes } from '../../functions/routes';
import { ACCESS_TOKEN_LIMITS, ACCESS_TOKEN_MESSAGES, ACCESS_TOKEN_PREFIX } from '../../shared/access-tokens';
import { useVirtualClock } from '../support/clock';
import { integrationHarness, type TestUser } from '../support/harness';

// With a user pool, so that signing out everywhere and a password reset run whole.
const { world, call, user } = integrationHarness({ userPool: true });

const DAY_MS = 86_400_000;
const UNAUTHORIZED = { status: 401, body: { message: 'Unauthorized' } };

let restoreClock: (() => void) | undefined;
afterEach(() => {
  restoreClock?.();
  restoreClock = undefined;
});
const virtualClock = () => {
  const clock = useVirtualClock();
  restoreClock = clock.restore;
  return clock;
};

async function makeToken(owner: TestUser, request: { name?: string; scope?: 'read' | 'write'; expires_in_days?: number } = {}) {
  const answer = await owner.post('/api/access-tokens', { name: 'My script', scope: 'write', expires_in_days: 30, ...request });
  expect(answer.status).toBe(201);
  return answer.body as {
    token: string;
    access_token: { id: string; name: string; scope: string; hint: string; created_at: string; expires_at: string; last_used_at: string | null };
  };
}

/** Calls the API as a script would, with the token in the Authorization header. */
const asScript = (token: string) => ({
  get: (url: string) => call('GET', url, { token }),
  post: (url: string, body?: unknown) => call('POST', url, { token, body }),
  patch: (url: string, body?: unknown) => call('PATCH', url, { token, body }),
  delete: (url: string) => call('DELETE', url, { token }),
});

const tokensOf = async (owner: TestUser) => (await owner.get('/api/access-tokens')).body.items as Array<{ id: string; last_used_at: string | null }>;

/** Every record the table holds for a person, and the lookup record of a token. */
async function recordsOf(userId: string, token: string) {
  const records: unknown[] = [];
  for await (const record of queryItems({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': userKey(userId) } })) records.push(record);
  const hash = createHash('sha256').update(token).digest('base64url');
  const { Item: lookup } = await db().send(new GetCommand({ TableName: tableName(), Key: accessTokenLookupKey(hash) }));
  return { records, lookup };
}

describe('personal access tokens', () => {
  it('are shown once, when made, and kept only as a hash', async () => {
    const alice = await user();
    const { token, access_token: entry } = await makeToken(alice, { name: 'Backup script', scope: 'read', expires_in_days: 90 });
    expect(token).toMatch(new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(entry).toMatchObject({ name: 'Backup script', scope: 'read', hint: token.slice(0, ACCESS_TOKEN_PREFIX.length + 4), last_used_at: null });
    expect(Date.parse(entry.expires_at) - Date.parse(entry.created_at)).toBe(90 * DAY_MS);

    const listed = await alice.get('/api/access-tokens');
    expect(listed.body).toEqual({ items: [entry] });
    const { records, lookup } = await recordsOf(alice.id, token);
    expect(lookup).toMatchObject({ sub: alice.id, token_id: entry.id, scope: 'read' });
    const stored = JSON.stringify([records, lookup]);
    expect(stored).toContain(entry.id);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(token.slice(ACCESS_TOKEN_PREFIX.length));
  });

  it('refuse a request to make one that is not valid, and make nothing', async () => {
    const alice = await user();
    const invalid = await alice.post('/api/access-tokens', { name: ' ', scope: 'admin', expires_in_days: 10_000 });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.error.fields).sort()).toEqual(['expires_in_days', 'name', 'scope']);
    expect(await tokensOf(alice)).toEqual([]);
  });

  it('are listed newest first with their last use, written at most every few minutes', async () => {
    const clock = virtualClock();
    const alice = await user();
    const older = await makeToken(alice, { name: 'Older' });
    clock.advance(1_000);
    const newer = await makeToken(alice, { name: 'Newer' });
    expect((await tokensOf(alice)).map((entry) => entry.id)).toEqual([newer.access_token.id, older.access_token.id]);

    expect((await asScript(older.token).get('/api/goals')).status).toBe(200);
    const firstUse = new Date(clock.now()).toISOString().slice(0, 16);
    const [, used] = await tokensOf(alice);
    expect(used!.last_used_at?.slice(0, 16)).toBe(firstUse);
    expect((await tokensOf(alice))[0]!.last_used_at).toBeNull();

    clock.advance(ACCESS_TOKEN_LIMITS.lastUseEveryMs - 60_000);
    await asScript(older.token).get('/api/goals');
    expect((await tokensOf(alice))[1]!.last_used_at).toBe(used!.last_used_at);
    clock.advance(120_000);
    await asScript(older.token).get('/api/goals');
    expect((await tokensOf(alice))[1]!.last_used_at?.slice(0, 16)).toBe(new Date(clock.now()).toISOString().slice(0, 16));
  });

  it('with the read scope read everything and change nothing; with write, change too', async () => {
    const alice = await user();
    const goal = (await alice.post('/api/goals', { title: 'Run a marathon' })).body;
    const reader = asScript((await makeToken(alice, { scope: 'read' })).token);
    expect((await reader.get('/api/goals')).body.items).toEqual([goal]);
    expect((await reader.get(`/api/goals/${goal.id}`)).body).toEqual(goal);
    for (const refused of [
      await reader.post('/api/goals', { title: 'From a script' }),
      await reader.patch(`/api/goals/${goal.id}`, { title: 'Changed' }),
      await reader.delete(`/api/goals/${goal.id}`),
    ]) {
      expect(refused).toMatchObject({ status: 403, body: { error: { code: 'insufficient_scope', message: ACCESS_TOKEN_MESSAGES.insufficientScope } } });
    }
    expect((await alice.get('/api/goals')).body.items).toEqual([goal]);

    const writer = asScript((await makeToken(alice, { scope: 'write' })).token);
    expect((await writer.post('/api/goals', { title: 'From a script' })).status).toBe(201);
    expect((await writer.patch(`/api/goals/${goal.id}`, { title: 'Changed' })).body).toMatchObject({ title: 'Changed' });
    expect((await writer.delete(`/api/goals/${goal.id}`)).status).toBe(204);
  });

  it('are refused on every route only a signed-in session may call: a token cannot make tokens, nor manage sessions', async () => {
    const alice = await user();
    const { token } = await makeToken(alice);
    const sessionOnly = routes.filter((route) => 'sessionOnly' in route);
    expect(sessionOnly.map((route) => route.key)).toEqual(expect.arrayContaining(['POST /api/access-tokens', 'POST /api/auth/sign-out-everywhere']));
    for (const route of sessionOnly) {
      const answer = await call(route.method, route.path.replace(/\{\w+\}/g, randomUUID()), { token, body: {} });
      expect([route.key, answer.status, answer.body?.error?.code]).toEqual([route.key, 403, 'token_not_allowed']);
    }
    expect(await tokensOf(alice)).toHaveLength(1);
    // Still signed in everywhere: the token's attempt ended nothing.
    expect((await alice.get('/api/goals')).status).toBe(200);
  });

  it('stop working when they expire', async () => {
    const clock = virtualClock();
    const alice = await user();
    const { token } = await makeToken(alice, { expires_in_days: 7 });
    expect((await asScript(token).get('/api/goals')).status).toBe(200);
    clock.advance(7 * DAY_MS - 1_000);
    expect((await asScript(token).get('/api/goals')).status).toBe(200);
    clock.advance(2_000);
    // The gateway's cached answer still lets it through: the handler's own check refuses it.
    expect(await asScript(token).get('/api/goals')).toMatchObject(UNAUTHORIZED);
    expect(await tokensOf(alice)).toEqual([]);
  });

  it('stop working at once when revoked, even while the gateway keeps the authorizer’s earlier answer', async () => {
    const alice = await user();
    const made = await makeToken(alice);
    const script = asScript(made.token);
    expect((await script.get('/api/goals')).status).toBe(200);

    const bob = await user();
    expect((await bob.delete(`/api/access-tokens/${made.access_token.id}`)).status).toBe(404);
    expect((await script.get('/api/goals')).status).toBe(200);

    expect((await alice.delete(`/api/access-tokens/${made.access_token.id}`)).status).toBe(204);
    expect(await script.get('/api/goals')).toMatchObject(UNAUTHORIZED);
    // The handler given the authorizer's context from before the revocation, as a cached answer hands it over.
    const stale: TokenContext = { sub: alice.id, token_id: made.access_token.id, scope: 'write', token_name: made.access_token.name };
    const result = await items(gatewayEvent('GET /api/goals', stale), { awsRequestId: 'test', getRemainingTimeInMillis: () => 1000 } as unknown as Context);
    expect([result.statusCode, JSON.parse(result.body!)]).toEqual([401, { message: 'Unauthorized' }]);
    expect(await recordsOf(alice.id, made.token)).toMatchObject({ lookup: undefined });
    expect((await alice.delete(`/api/access-tokens/${made.access_token.id}`)).status).toBe(404);
    expect((await alice.delete('/api/access-tokens/not-an-id')).status).toBe(404);
  });

  it('outlive "Sign out everywhere" unless the person revokes them with it', async () => {
    const alice = await user();
    const { token } = await makeToken(alice);
    expect((await alice.post('/api/auth/sign-out-everywhere', {})).body).toEqual({ signed_out: true });
    expect(await alice.get('/api/goals')).toMatchObject(UNAUTHORIZED);
    expect((await asScript(token).get('/api/goals')).status).toBe(200);

    const again = await signedInAgain(alice);
    expect(await again.post('/api/auth/sign-out-everywhere', { revoke_access_tokens: 'yes' })).toMatchObject({ status: 400 });
    expect((await again.post('/api/auth/sign-out-everywhere', { revoke_access_tokens: true })).status).toBe(200);
    expect(await asScript(token).get('/api/goals')).toMatchObject(UNAUTHORIZED);
    expect(await tokensOf(await signedInAgain(alice))).toEqual([]);
  });

  it('are revoked by a password reset when the person asks for it', async () => {
    const keeps = await user();
    const revokes = await user();
    const [kept, revoked] = [await makeToken(keeps), await makeToken(revokes)];
    for (const [person, revoke_access_tokens] of [
      [keeps, undefined],
      [revokes, true],
    ] as const) {
      const email = `${person.id}@example.com`;
      await cognito().send(
        new AdminCreateUserCommand({
          UserPoolId: userPool().userPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
      const code = (await issueResetCode(email, person.id, randomUUID(), Date.now()))!;
      const reset = await call('POST', '/api/auth/reset-password', { body: { email, code, password: 'New-password-2!', revoke_access_tokens } });
      expect(reset.body).toEqual({ reset: true });
    }
    expect((await asScript(kept.token).get('/api/goals')).status).toBe(200);
    expect(await asScript(revoked.token).get('/api/goals')).toMatchObject(UNAUTHORIZED);
  });

  it('are bounded per account, also when made side by side', async () => {
    const alice = await user();
    // Made without the HTTP round trip, to keep the test short.
    for (let index = 0; index < ACCESS_TOKEN_LIMITS.perAccount - 1; index += 1) {
      await createAccessToken(alice.id, { name: `Script ${index}`, scope: 'read', expires_in_days: 7 }, new Date());
    }
    const sideBySide = await Promise.all(
      [1, 2, 3].map((index) => alice.post('/api/access-tokens', { name: `Last ${index}`, scope: 'read', expires_in_days: 7 })),
    );
    expect(sideBySide.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(sideBySide.find((answer) => answer.status === 409)!.body.error).toMatchObject({ code: 'conflict', message: ACCESS_TOKEN_MESSAGES.tooMany });
    const listed = await tokensOf(alice);
    expect(listed).toHaveLength(ACCESS_TOKEN_LIMITS.perAccount);
    expect((await alice.delete(`/api/access-tokens/${listed[0]!.id}`)).status).toBe(204);
    await makeToken(alice);
  });

  it('are not made for a demo account', async () => {
    const demo = await user();
    await register({ userId: demo.id, email: `${demo.id}@demo.invalid`, expiresAt: new Date(Date.now() + DAY_MS).toISOString() });
    const refused = await demo.post('/api/access-tokens', { name: 'Script', scope: 'read', expires_in_days: 7 });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'demo_limit', message: ACCESS_TOKEN_MESSAGES.demo } } });
    expect(await tokensOf(demo)).toEqual([]);
  });

  it("never reach another person's data", async () => {
    const alice = await user();
    const bob = await user();
    const goal = (await alice.post('/api/goals', { title: 'Alice goal' })).body;
    const bobScript = asScript((await makeToken(bob)).token);
    for (const answer of [
      await bobScript.get(`/api/goals/${goal.id}`),
      await bobScript.patch(`/api/goals/${goal.id}`, { title: 'hijacked' }),
      await bobScript.delete(`/api/goals/${goal.id}`),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect((await bobScript.get('/api/goals')).body.items).toEqual([]);
    expect((await alice.get(`/api/goals/${goal.id}`)).body).toEqual(goal);
  });

  it('refuse anything that is not a live token of ours with a 401, as the gateway answers', async () => {
    const alice = await user();
    const { token } = await makeToken(alice);
    const unknown = `${ACCESS_TOKEN_PREFIX}${'A'.repeat(43)}`;
    for (const bearer of [unknown, `${token}x`, token.slice(0, -1), ACCESS_TOKEN_PREFIX, `${token.slice(0, -1)}!`]) {
      expect(await asScript(bearer).get('/api/goals'), bearer).toMatchObject(UNAUTHORIZED);
    }
    const raw = await world.adapter({ method: 'GET', url: '/api/goals', headers: { authorization: token }, body: Buffer.alloc(0) });
    expect(raw.status).toBe(401);
  });
});

/** A new session of the same person, as a sign-in after "Sign out everywhere" gives. */
async function signedInAgain(person: TestUser): Promise<TestUser> {
  return user(person.id);
}

/** An event as API Gateway hands it over with the authorizer's (cached) context. */
function gatewayEvent(routeKey: string, context: TokenContext): HttpEvent {
  const [method, path] = routeKey.split(' ') as [string, string];
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      routeKey,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: '' },
      requestId: randomUUID(),
      authorizer: { lambda: context },
    },
  } as unknown as HttpEvent;
}
