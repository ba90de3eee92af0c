import { randomUUID } from 'node:crypto';
// eslint-disable-next-line no-restricted-imports -- the test reads the whole table to prove nothing of the account is left anywhere in it
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '../../shared/account-deletion';
import { ACCESS_TOKEN_MESSAGES } from '../../shared/access-tokens';
import { issueSignInLink } from '../../functions/auth/sign-in-links.repository';
import { trustDevice } from '../../functions/auth/trusted-devices.repository';
import { USER_SK, userKey } from '../../functions/data/keys';
import { db, tableName } from '../../functions/platform/dynamo';
import { useVirtualClock } from '../support/clock';
import { useLocalStack } from '../support/local-stack';
import { mailsTo } from '../support/outbox';

const PASSWORD = 'Leaving-for-good-1!';
const HOUR_MS = 3_600_000;

/**
 * "Delete my account" through the whole local stack: an account with one of everything, deleted,
 * then the whole table read and every schedule listed, and nothing of the account left but the
 * record that refuses its tokens until its TTL; a second account untouched; and the requests that
 * must change nothing: a sign-in too old, a wrong confirmation, a personal access token.
 */
describe('deleting one’s own account', () => {
  const local = useLocalStack('account-deletion', {
    googleDouble: true,
    pushDouble: true,
    webhookReceiverDoublePort: 0,
    apiLimits: { throttle: { ratePerSecond: 100_000, burst: 100_000 } },
  });

  /** A person with an account in the local user pool, signed in; `as(token)` calls as another token of theirs. */
  async function person() {
    const email = `leaving-${randomUUID()}@example.com`;
    const id = await local.stack.ensureUser(email, PASSWORD, 'Leaving');
    const call = async (token: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const answer = await local.stack.api({
        method,
        url,
        sourceIp: '203.0.113.7',
        headers: { authorization: `Bearer ${token}`, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
      });
      await local.stack.settle();
      return { status: answer.status, headers: answer.headers, body: answer.body ? JSON.parse(answer.body) : undefined };
    };
    const as = (token: string) => ({
      get: (url: string) => call(token, 'GET', url),
      post: (url: string, body: unknown = {}, headers?: Record<string, string>) => call(token, 'POST', url, body, headers),
      put: (url: string, body: unknown) => call(token, 'PUT', url, body),
      delete: (url: string, body?: unknown) => call(token, 'DELETE', url, body),
    });
    const signIn = () => local.stack.signIn(email, PASSWORD);
    return { id, email, signIn, as, ...as(await signIn()) };
  }

  /** Every record of the table (a scan: only a test may), as text, to look for the account in. */
  async function wholeTable(): Promise<Array<Record<string, unknown>>> {
    const records: Array<Record<string, unknown>> = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start, ConsistentRead: true }));
      records.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return records;
  }
  const mentioning = (records: Array<Record<string, unknown>>, ...names: string[]) =>
    records.filter((record) => names.some((name) => JSON.stringify(record).toLowerCase().includes(name.toLowerCase())));

  it('deletes an account with one of everything, and nothing of it is left in the table or the schedules; another account is untouched', async () => {
    const alice = await person();
    const bob = await person();
    expect((await bob.post('/api/tasks', { title: 'Bob stays' })).status).toBe(201);

    // One of everything: items of each kind, the trash, settings, a reminder, a change set, a request kept for its Idempotency-Key.
    expect((await alice.put('/api/settings', { lang: 'fr' })).status).toBe(200);
    const goal = (await alice.post('/api/goals', { title: 'Run a marathon', tags: ['health'] })).body;
    expect((await alice.post('/api/tags', { name: 'health' })).status).toBe(201);
    const due = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect(
      (await alice.post('/api/tasks', { title: 'Train', goal_id: goal.id, due_date: due, reminders: [60] }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(201);
    const start = new Date(Date.now() + 86_400_000).toISOString();
    expect((await alice.post('/api/events', { title: 'Race', start_time: start, end_time: new Date(Date.parse(start) + HOUR_MS).toISOString() })).status).toBe(
      201,
    );
    const trashed = (await alice.post('/api/tasks', { title: 'Old plan' })).body;
    expect((await alice.delete(`/api/tasks/${trashed.id}`)).status).toBe(204);
    expect((await alice.post('/api/planning/plans', { scope: 'week' })).status).toBe(201);
    // Reaching out: a push subscription, the calendar feed, an access token, a webhook whose delivery fails (a retry scheduled), Google.
    expect((await alice.post('/api/push-subscriptions', { ...local.stack.pushService!.subscribe(), label: 'Laptop' })).status).toBe(201);
    expect((await alice.post('/api/calendar-feed')).status).toBe(201);
    const { token: accessToken } = (await alice.post('/api/access-tokens', { name: 'Script', scope: 'write', expires_in_days: 30 })).body;
    const receiver = local.stack.webhookReceiver!;
    const endpoint = receiver.createEndpoint();
    const hooked = await alice.post('/api/webhooks', { url: endpoint.url, events: ['item.created'] });
    expect(hooked.status).toBe(201);
    receiver.configure(endpoint.id, { secret: hooked.body.secret, fail: 1 });
    expect((await alice.post('/api/tasks', { title: 'Told to the webhook' })).status).toBe(201);
    const google = local.stack.google!;
    const googleAccount = `${alice.id}@gmail.test`;
    google.signInAs(googleAccount);
    const connecting = await alice.post('/api/gcal/connect', { write: false });
    const callback = new URL(await google.consent(connecting.body.url), local.stack.url);
    const attempt = String(connecting.headers['set-cookie']).split(';')[0]!;
    await local.stack.api({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      sourceIp: '203.0.113.7',
      headers: { cookie: attempt },
      body: Buffer.alloc(0),
    });
    await local.stack.settle();
    expect((await alice.get('/api/gcal/status')).body).toMatchObject({ connected: true });
    // Kept apart from the account's partition: a trusted browser, a sign-in link.
    await trustDevice(alice.id, { token: undefined }, Date.now());
    await issueSignInLink(alice.id, alice.email, 'a-request', Date.now());

    const before = mentioning(await wholeTable(), alice.id, alice.email);
    const kinds = new Set(before.map((record) => String(record.SK).split('#')[0]));
    for (const kind of [
      'SETTINGS',
      'GOAL',
      'TASK',
      'EVENT',
      'TAG',
      'REMINDER',
      'CHANGESET',
      'PUSHSUB',
      'CALENDARFEED',
      'ACCESSTOKEN',
      'WEBHOOK',
      'GCAL',
      'DEVICES',
      'SIGNINLINK',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(before.some((record) => String(record.PK).startsWith('WEBHOOKLOG#'))).toBe(true);
    expect(before.some((record) => String(record.PK).startsWith('IDEMPOTENT#'))).toBe(true);
    expect(before.some((record) => record.TPK)).toBe(true);
    const schedulesOf = (userId: string) => local.stack.scheduler.list().filter((schedule) => JSON.stringify(schedule).includes(userId));
    expect(schedulesOf(alice.id).length).toBeGreaterThanOrEqual(2);

    const deleting = await alice.delete('/api/account', { confirmation: ` ${alice.email.toUpperCase()} ` });
    expect(deleting.status).toBe(202);
    await local.stack.settle();

    // Only the record that refuses the account's tokens is left, until its TTL a day on; no schedule, no Google grant.
    const left = mentioning(await wholeTable(), alice.id, alice.email);
    expect(left).toEqual([{ PK: userKey(alice.id), SK: USER_SK.sessions, valid_after: expect.any(Number), ttl: expect.any(Number) }]);
    expect(Number(left[0]!.ttl) * 1000 - Date.now()).toBeLessThanOrEqual(24 * HOUR_MS + 60_000);
    expect(schedulesOf(alice.id)).toEqual([]);
    expect(google.refreshTokensOf(googleAccount).every((issued) => issued.revoked)).toBe(true);
    await expect(alice.signIn()).rejects.toThrow();
    expect((await alice.get('/api/tasks')).status).toBe(401);
    expect((await alice.as(accessToken).get('/api/tasks')).status).toBe(401);
    const [mail] = mailsTo(local.stack.outbox.directory, alice.email).filter((sent) => sent.subject === 'Votre compte Tempo a été supprimé');
    expect(mail?.body).toContain('27 jours');

    // Bob's account is as it was.
    expect((await bob.get('/api/tasks')).body.items.map((task: { title: string }) => task.title)).toEqual(['Bob stays']);
  });

  it('changes nothing for a wrong confirmation, a personal access token, or a sign-in older than 5 minutes', async () => {
    const carol = await person();
    expect((await carol.post('/api/tasks', { title: 'Still here' })).status).toBe(201);
    const { token: accessToken } = (await carol.post('/api/access-tokens', { name: 'Script', scope: 'write', expires_in_days: 30 })).body;

    const wrong = await carol.delete('/api/account', { confirmation: 'someone-else@example.com' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'validation_failed', fields: { confirmation: ACCOUNT_DELETION_MESSAGES.confirmationMismatch } });
    expect((await carol.delete('/api/account', {})).status).toBe(400);

    const byToken = await carol.as(accessToken).delete('/api/account', { confirmation: carol.email });
    expect(byToken.status).toBe(403);
    expect(byToken.body.error).toMatchObject({ code: 'token_not_allowed', message: ACCESS_TOKEN_MESSAGES.notAllowed });

    const clock = useVirtualClock();
    try {
      clock.advance(5 * 60_000 + 1_000);
      const stale = await carol.delete('/api/account', { confirmation: carol.email });
      expect(stale.status).toBe(403);
      expect(stale.body.error).toMatchObject({ code: 'sign_in_again', message: ACCOUNT_DELETION_MESSAGES.signInAgain });
    } finally {
      clock.restore();
    }

    expect((await carol.get('/api/tasks')).body.items.map((task: { title: string }) => task.title)).toEqual(['Still here']);
    expect(await carol.signIn()).toEqual(expect.any(String));
    expect(mailsTo(local.stack.outbox.directory, carol.email).filter((sent) => sent.subject.includes('deleted'))).toEqual([]);
  });
});
