import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../shared/demo';
import { DemoAccountSchema } from '../../shared/demo.schema';
import { DAY_MS } from '../../shared/dates';
import { MESSAGES } from '../../shared/messages';
import { demoQuota } from '../../functions/demo/handler';
import { handler as cleanUp } from '../../functions/demo/clean-up';
import { handler as sendResetCode } from '../../functions/auth/send-reset-code';
import { db, tableName } from '../../functions/platform/dynamo';
import { takeQuota } from '../../functions/platform/quota.repository';
import { useVirtualClock } from '../support/clock';
import { useLocalStack } from '../support/local-stack';
import { storedProblems } from '../support/fuzz';
import { mailsTo } from '../support/outbox';
import { lambdaContext } from '../../local/lambda-context';

/** Each visitor of /demo gets an account of their own: POST /api/demo through the local stack, as the page calls it. */
describe('the public demo', () => {
  const local = useLocalStack('demo');

  const makeDemo = () => fetch(`${local.stack.url}/api/demo`, { method: 'POST' });
  async function visit() {
    const response = await makeDemo();
    expect(response.status).toBe(201);
    const account = DemoAccountSchema.parse(await response.json());
    const token = await local.stack.signIn(account.email, account.password);
    const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    return { account, token, userId };
  }
  const call = async (token: string, path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${local.stack.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, body: response.status === 204 ? null : await response.json() };
  };
  const titles = (items: Array<{ title: string }>) => items.map((item) => item.title);

  // Ten demos of about 35 items each, seeded at once, and every stream consumer's work on them, in one process: 11–14 s alone on 2 cores, over 20 s beside the other suites.
  it('gives ten visitors of one minute ten accounts, each seeded, each seeing only its own changes', async () => {
    const visitors = await Promise.all(Array.from({ length: 10 }, visit));
    expect(new Set(visitors.map((visitor) => visitor.account.email)).size).toBe(10);
    expect(new Set(visitors.map((visitor) => visitor.userId)).size).toBe(10);
    for (const { account } of visitors) {
      expect(account.email.endsWith(`@${DEMO.emailDomain}`)).toBe(true);
      expect(Date.parse(account.expires_at) - Date.now()).toBeGreaterThan(DEMO.lifetimeMs - 60_000);
    }

    await Promise.all(
      visitors.map(async ({ token }, index) => {
        expect((await call(token, '/api/tasks', { method: 'POST', body: { title: `Visitor ${index}'s task` } })).status).toBe(201);
        const [goal] = (await call(token, '/api/goals')).body.items;
        expect((await call(token, `/api/goals/${goal.id}`, { method: 'PATCH', body: { title: `Visitor ${index}'s goal` } })).status).toBe(200);
      }),
    );

    for (const [index, { token, userId }] of visitors.entries()) {
      const tasks = titles((await call(token, '/api/tasks')).body.items);
      expect(tasks.filter((title) => title.startsWith('Visitor'))).toEqual([`Visitor ${index}'s task`]);
      expect(tasks).toHaveLength(7);
      const goals = (await call(token, '/api/goals')).body.items as Array<{ title: string; user_id: string }>;
      expect(titles(goals).filter((title) => title.startsWith('Visitor'))).toEqual([`Visitor ${index}'s goal`]);
      expect(goals.every((goal) => goal.user_id === userId)).toBe(true);
    }

    // The sample data, as the API makes it: every stored record passes its own schema.
    const { token, userId } = visitors[0]!;
    expect(titles((await call(token, '/api/trash')).body.items)).toEqual(['Call the plumber']);
    expect((await call(token, '/api/tags')).body.items.map((tag: { name: string }) => tag.name)).toEqual(['health', 'home', 'learning', 'work']);
    expect(titles((await call(token, '/api/events')).body.items)).toHaveLength(4);
    expect((await call(token, '/api/settings')).body).toMatchObject({ full_name: DEMO.fullName, sync_past_days: 30 });
    expect(await storedProblems(userId)).toEqual([]);
  }, 60_000);

  it('mails nothing to a demo address: no reset code, and no sign-up with one', async () => {
    const { account } = await visit();
    await sendResetCode(
      { id: 'demo-reset', 'detail-type': 'password.reset-requested', detail: { email: account.email, occurredAt: new Date().toISOString() } } as never,
      lambdaContext('auth/send-reset-code'),
    );
    expect(mailsTo(join(local.dataDir, 'outbox'), account.email)).toEqual([]);

    const signUp = await fetch(`${local.stack.pool.endpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
      body: JSON.stringify({
        ClientId: local.stack.pool.clientId,
        Username: `someone@${DEMO.emailDomain}`,
        Password: 'Correct-horse-9!',
        UserAttributes: [{ Name: 'name', Value: 'Someone' }],
      }),
    });
    expect(signUp.status).toBe(400);
    expect(await signUp.text()).toContain(MESSAGES.invalidEmail);
  });

  it('refuses a demo beyond the hour’s quota of one address with 429, the message and Retry-After', async () => {
    // This address's quota used up to its last demo (by the route's own counter), then the route's last one and one more.
    const now = new Date();
    const quota = demoQuota('127.0.0.1');
    for (;;) {
      const taken = await takeQuota(quota, now).then(
        () => true,
        () => false,
      );
      if (!taken) break;
    }
    const refused = await makeDemo();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatchObject({ code: 'rate_limited', message: MESSAGES.tooManyDemos });
  });

  it('deletes an account a day on, with its Cognito user, its tokens and every record under it', async () => {
    const clock = useVirtualClock();
    try {
      // A fresh hour's quota for this address.
      clock.advance(60 * 60_000);
      const { account, token, userId } = await visit();
      expect((await call(token, '/api/tasks', { method: 'POST', body: { title: 'Mine' } })).status).toBe(201);

      clock.advance(DAY_MS - 60 * 60_000);
      await cleanUp();
      expect((await call(token, '/api/tasks')).status).toBe(200);

      clock.advance(61 * 60_000);
      const { deleted, failed } = await cleanUp();
      expect(failed).toBe(0);
      expect(deleted).toBeGreaterThanOrEqual(1);
      await expect(local.stack.signIn(account.email, account.password)).rejects.toThrow();
      expect((await call(token, '/api/tasks')).status).toBe(401);
      const { Items } = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': `USER#${userId}` },
          ConsistentRead: true,
        }),
      );
      // Only the record that refuses its tokens is left, until its TTL.
      expect(Items?.map((item) => item.SK)).toEqual(['SESSIONS']);
      expect(Items?.[0]?.ttl).toBeGreaterThan(clock.now() / 1000);

      // Every account made in this file is gone, and the register with them.
      expect(await cleanUp()).toEqual({ deleted: 0, failed: 0 });
    } finally {
      clock.restore();
    }
  });
});
