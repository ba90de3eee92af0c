import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { webhookKey } from '../../functions/data/keys';
import { db, tableName } from '../../functions/platform/dynamo';
import { setResolver } from '../../functions/webhooks/addresses';
import { createDelivery, deliveryIdOf } from '../../functions/webhooks/deliveries.repository';
import { handler as onEvent } from '../../functions/webhooks/on-event';
import { sendSigned } from '../../functions/webhooks/sender';
import { lambdaContext } from '../../local/lambda-context';
import type { BusEvent } from '../../events/catalogue';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES, WEBHOOK_SECRET_PREFIX } from '../../shared/webhooks';
import { useVirtualClock } from '../support/clock';
import { useLocalStack } from '../support/local-stack';
import { mailsTo } from '../support/outbox';

const DAY_MS = 86_400_000;

/**
 * Webhooks through the whole local stack: the routes and their address checks, deliveries from the
 * bus signed and verified by the local receiver double, later tries on EventBridge Scheduler's
 * stand-in (on the one clock, which the tests move), the dead letter, and the switch-off's mail.
 */
describe('webhooks', () => {
  const local = useLocalStack('webhooks', { webhookReceiverDoublePort: 0, apiLimits: { throttle: { ratePerSecond: 100_000, burst: 100_000 } } });
  const clock = useVirtualClock();
  afterAll(clock.restore);
  let restoreResolver = () => {};
  afterEach(() => restoreResolver());

  /** A person with an account in the local user pool, signed in; each call carries their token. */
  async function person() {
    const email = `hooks-${randomUUID()}@example.com`;
    const id = await local.stack.ensureUser(email, 'Hooks-pass-1!', 'Hooks');
    const token = await local.stack.signIn(email, 'Hooks-pass-1!');
    const call = async (method: string, url: string, body?: unknown) => {
      const answer = await local.stack.api({
        method,
        url,
        sourceIp: '203.0.113.9',
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
      });
      // What the request wrote reaches the bus, and the webhooks, from the table's stream.
      await local.stack.settle();
      return { status: answer.status, body: answer.body ? JSON.parse(answer.body) : undefined };
    };
    return {
      id,
      email,
      get: (url: string) => call('GET', url),
      post: (url: string, body?: unknown) => call('POST', url, body ?? {}),
      patch: (url: string, body: unknown) => call('PATCH', url, body),
      put: (url: string, body: unknown) => call('PUT', url, body),
      delete: (url: string) => call('DELETE', url),
    };
  }
  type Person = Awaited<ReturnType<typeof person>>;

  const receiver = () => local.stack.webhookReceiver!;

  /** A webhook of the person's to a new address of the receiver double, which knows its secret. */
  async function hooked(someone: Person, events: string[] = ['item.created', 'item.updated', 'item.deleted', 'item.restored']) {
    const endpoint = receiver().createEndpoint();
    const made = await someone.post('/api/webhooks', { url: endpoint.url, events });
    expect(made.status).toBe(201);
    receiver().configure(endpoint.id, { secret: made.body.secret });
    return { endpoint, webhook: made.body.webhook as { id: string }, received: () => receiver().received(endpoint.id) };
  }

  /** The switch-off mails in the local outbox (the account's sign-up mailed it a confirmation before). */
  const switchOffMails = (someone: Person) =>
    mailsTo(local.stack.outbox.directory, someone.email).filter((mail) => mail.subject === 'Your Tempo webhook was switched off');

  const deliveries = async (someone: Person, webhookId: string) => (await someone.get(`/api/webhooks/${webhookId}/deliveries`)).body.items;

  /** Moves the one clock by `ms` and runs the schedules due by then (the later tries). */
  async function after(ms: number) {
    clock.advance(ms);
    await local.stack.scheduler.runDue();
    await local.stack.settle();
  }

  describe('the routes', () => {
    it('make a webhook with a secret shown once, kept sealed, and list it without', async () => {
      const alice = await person();
      const url = receiver().createEndpoint().url;
      const made = await alice.post('/api/webhooks', { url, events: ['reminder.due', 'item.created'] });
      expect(made.status).toBe(201);
      expect(made.body.secret).toMatch(new RegExp(`^${WEBHOOK_SECRET_PREFIX}[A-Za-z0-9+/]{32}$`));
      expect(made.body.webhook).toMatchObject({ url, events: ['item.created', 'reminder.due'], enabled: true, switched_off: null, failing_since: null });
      const listed = await alice.get('/api/webhooks');
      expect(listed.body).toEqual({ items: [made.body.webhook] });
      const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: webhookKey(alice.id, made.body.webhook.id) }));
      expect(JSON.stringify(Item)).not.toContain(made.body.secret.slice(WEBHOOK_SECRET_PREFIX.length));
    });

    it('refuse what is not an https address or no event, with the field’s message, saving nothing', async () => {
      const alice = await person();
      const refusals: Array<[unknown, string]> = [
        [{ url: 'ftp://hooks.example.com/', events: ['item.created'] }, WEBHOOK_MESSAGES.url],
        [{ url: 'http://hooks.example.com/', events: ['item.created'] }, WEBHOOK_MESSAGES.url],
        [{ url: 'not an address', events: ['item.created'] }, WEBHOOK_MESSAGES.url],
        [{ url: 'https://hooks.example.com/', events: [] }, WEBHOOK_MESSAGES.events],
      ];
      for (const [body, message] of refusals) {
        const answer = await alice.post('/api/webhooks', body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.error.message, JSON.stringify(body)).toBe(message);
      }
      // An event webhooks do not hear of is named with the ones they do.
      const unknown = await alice.post('/api/webhooks', { url: 'https://hooks.example.com/', events: ['item.purged'] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.fields['events.0']).toContain('item.restored');
      expect((await alice.get('/api/webhooks')).body.items).toEqual([]);
    });

    it('refuse an address that is not public, written as an address or as a name that resolves to one', async () => {
      const alice = await person();
      restoreResolver = setResolver(async (host) =>
        host === 'inside.example.com'
          ? [
              { address: '93.184.216.34', family: 4 },
              { address: '10.0.0.7', family: 4 },
            ]
          : [{ address: '93.184.216.34', family: 4 }],
      );
      const inside = [
        'https://127.0.0.1/hook',
        'https://10.1.2.3/hook',
        'https://169.254.169.254/latest/meta-data/',
        'https://[::1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://0x7f000001/hook',
        'https://inside.example.com/hook',
      ];
      for (const url of inside) {
        const answer = await alice.post('/api/webhooks', { url, events: ['item.created'] });
        expect(answer.status, url).toBe(400);
        expect(answer.body.error.fields, url).toEqual({ url: WEBHOOK_MESSAGES.notPublic });
      }
      expect((await alice.get('/api/webhooks')).body.items).toEqual([]);
      const outside = await alice.post('/api/webhooks', { url: 'https://outside.example.com/hook', events: ['item.created'] });
      expect(outside.status).toBe(201);
      const moved = await alice.patch(`/api/webhooks/${outside.body.webhook.id}`, { url: 'https://inside.example.com/hook' });
      expect(moved.body.error.fields).toEqual({ url: WEBHOOK_MESSAGES.notPublic });
      expect((await alice.get('/api/webhooks')).body.items.map((webhook: { url: string }) => webhook.url)).toEqual(['https://outside.example.com/hook']);
    });

    it(`hold at most ${WEBHOOK_LIMITS.perAccount} per account, also sent side by side, and give a place back when one is removed`, async () => {
      const alice = await person();
      const url = receiver().createEndpoint().url;
      const answers = await Promise.all(
        Array.from({ length: WEBHOOK_LIMITS.perAccount + 3 }, () => alice.post('/api/webhooks', { url, events: ['item.created'] })),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(WEBHOOK_LIMITS.perAccount);
      for (const refused of answers.filter((answer) => answer.status !== 201)) {
        expect(refused).toMatchObject({ status: 409, body: { error: { message: WEBHOOK_MESSAGES.tooMany } } });
      }
      const [first] = answers.filter((answer) => answer.status === 201);
      expect((await alice.delete(`/api/webhooks/${first!.body.webhook.id}`)).status).toBe(204);
      expect((await alice.post('/api/webhooks', { url, events: ['item.created'] })).status).toBe(201);
      expect((await alice.post('/api/webhooks', { url, events: ['item.created'] })).status).toBe(409);
    });

    it('refuse a demo account, which may have none', async () => {
      const demo = await local.stack.api({ method: 'POST', url: '/api/demo', headers: {}, body: Buffer.alloc(0), sourceIp: '203.0.113.10' });
      expect(demo.status).toBe(201);
      const { email, password } = JSON.parse(demo.body) as { email: string; password: string };
      const token = await local.stack.signIn(email, password);
      const answer = await local.stack.api({
        method: 'POST',
        url: '/api/webhooks',
        sourceIp: '203.0.113.10',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ url: receiver().createEndpoint().url, events: ['item.created'] })),
      });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body).error).toMatchObject({ code: 'demo_limit', message: WEBHOOK_MESSAGES.demo });
    });

    it('keep each person’s webhooks and deliveries their own', async () => {
      const [alice, mallory] = [await person(), await person()];
      const { webhook } = await hooked(alice);
      await alice.post('/api/tasks', { title: 'Private' });
      const [delivery] = await deliveries(alice, webhook.id);
      expect(delivery).toMatchObject({ status: 'delivered' });
      expect((await mallory.get('/api/webhooks')).body.items).toEqual([]);
      expect((await mallory.get(`/api/webhooks/${webhook.id}/deliveries`)).status).toBe(404);
      expect((await mallory.patch(`/api/webhooks/${webhook.id}`, { enabled: false })).status).toBe(404);
      expect((await mallory.post(`/api/webhooks/${webhook.id}/deliveries/${delivery.id}/retry`)).status).toBe(404);
      expect((await mallory.delete(`/api/webhooks/${webhook.id}`)).status).toBe(404);
      expect((await alice.get('/api/webhooks')).body.items).toMatchObject([{ id: webhook.id, enabled: true }]);
    });
  });

  describe('deliveries', () => {
    it('send each change asked for, signed, in the Standard Webhooks format; a move in the list alone is no change', async () => {
      const alice = await person();
      const hook = await hooked(alice);
      const made = await alice.post('/api/tasks', { title: 'Write the report' });
      await alice.post('/api/tasks', { title: 'Second' });
      const taskId = made.body.id as string;
      await alice.patch(`/api/tasks/${taskId}`, { title: 'Write the whole report' });
      const before = hook.received().length;
      const listed = (await alice.get('/api/tasks')).body.items.map((task: { id: string }) => task.id);
      expect((await alice.put('/api/tasks/order', { ids: [...listed].reverse() })).status).toBe(204);
      expect(hook.received()).toHaveLength(before);
      expect((await alice.delete(`/api/tasks/${taskId}`)).status).toBe(204);
      await alice.post('/api/trash/restore', { items: [{ kind: 'tasks', id: taskId }] });

      const received = hook.received();
      expect(received.every((delivery) => delivery.verified && delivery.answered === 204)).toBe(true);
      expect(received.map((delivery) => (delivery.payload as { type: string }).type)).toEqual([
        'item.created',
        'item.created',
        'item.updated',
        'item.deleted',
        'item.restored',
      ]);
      expect(received[2]!.payload).toMatchObject({
        type: 'item.updated',
        timestamp: expect.any(String),
        data: { entity: 'task', id: taskId, item: { id: taskId, title: 'Write the whole report' } },
      });
      expect(new Set(received.map((delivery) => delivery.webhookId)).size).toBe(received.length);
      const log = await deliveries(alice, hook.webhook.id);
      expect(log).toHaveLength(5);
      expect(log[0]).toMatchObject({ event: 'item.restored', status: 'delivered', attempts: 1, last_status_code: 204, last_error: null });
    });

    it('send a reminder as it falls due', async () => {
      const alice = await person();
      const hook = await hooked(alice, ['reminder.due']);
      const due = new Date(Math.ceil(clock.now() / 60_000) * 60_000 + 10 * 60_000).toISOString();
      const made = await alice.post('/api/tasks', { title: 'Call back', due_date: due, reminders: [0] });
      expect(hook.received()).toEqual([]);
      await after(Date.parse(due) - clock.now());
      expect(hook.received()).toMatchObject([
        { verified: true, payload: { type: 'reminder.due', data: { kind: 'tasks', item_id: made.body.id, title: 'Call back', offset: 0 } } },
      ]);
    });

    it('send only the events a webhook asked for, and nothing while it is off', async () => {
      const alice = await person();
      const hook = await hooked(alice, ['item.deleted']);
      const made = await alice.post('/api/tasks', { title: 'Quiet' });
      expect(hook.received()).toEqual([]);
      await alice.patch(`/api/webhooks/${hook.webhook.id}`, { enabled: false });
      await alice.delete(`/api/tasks/${made.body.id}`);
      expect(hook.received()).toEqual([]);
    });

    it('a change the bus hands over again is not sent twice, unless its first try was lost', async () => {
      const alice = await person();
      const hook = await hooked(alice);
      await alice.post('/api/tasks', { title: 'Once' });
      const event = local.stack.bus.published.findLast((published) => (published.detail as { userId?: string }).userId === alice.id)! as BusEvent;
      await onEvent(event as never, lambdaContext('webhooks/on-event'));
      await Promise.all([
        onEvent({ ...event, id: randomUUID() } as never, lambdaContext('webhooks/on-event')),
        onEvent(event as never, lambdaContext('webhooks/on-event')),
      ]);
      expect(hook.received()).toHaveLength(1);
      expect(await deliveries(alice, hook.webhook.id)).toHaveLength(1);

      // A run cut off after putting its delivery, before its first try: the bus's retry, a while on, makes that try, once.
      const lost = { ...event, detail: { ...(event.detail as object), changeId: 'lost-change' } } as BusEvent;
      const { occurredAt } = lost.detail as { occurredAt: string };
      await createDelivery(
        alice.id,
        hook.webhook.id,
        { id: deliveryIdOf('lost-change', hook.webhook.id, occurredAt), event: 'item.created', body: '{}' },
        new Date(clock.now()),
      );
      await onEvent(lost as never, lambdaContext('webhooks/on-event'));
      expect(hook.received()).toHaveLength(1);
      clock.advance(2 * WEBHOOK_LIMITS.timeoutMs + 1_000);
      await onEvent(lost as never, lambdaContext('webhooks/on-event'));
      await onEvent(lost as never, lambdaContext('webhooks/on-event'));
      expect(hook.received()).toHaveLength(2);
      expect(hook.received()[1]).toMatchObject({ verified: true, payload: {} });
    });

    it('try again on the schedule after failures, with the same message, until one is taken', async () => {
      const alice = await person();
      const hook = await hooked(alice);
      receiver().configure(hook.endpoint.id, { fail: 3 });
      await alice.post('/api/tasks', { title: 'Eventually' });
      const [first] = await deliveries(alice, hook.webhook.id);
      expect(first).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'The receiver answered 500' });
      expect(Date.parse(first.next_attempt_at) - clock.now()).toBeLessThanOrEqual(WEBHOOK_LIMITS.retryDelaysMs[0]);

      // Not before its time.
      await after(WEBHOOK_LIMITS.retryDelaysMs[0] - 2_000);
      expect(hook.received()).toHaveLength(1);
      await after(2_000);
      expect(hook.received()).toHaveLength(2);
      await after(WEBHOOK_LIMITS.retryDelaysMs[1]);
      await after(WEBHOOK_LIMITS.retryDelaysMs[2]);
      const received = hook.received();
      expect(received.map((delivery) => delivery.answered)).toEqual([500, 500, 500, 204]);
      expect(new Set(received.map((delivery) => delivery.webhookId))).toEqual(new Set([first.id]));
      expect(received.every((delivery) => delivery.verified)).toBe(true);
      expect((await deliveries(alice, hook.webhook.id))[0]).toMatchObject({ status: 'delivered', attempts: 4, next_attempt_at: null, last_error: null });
      expect((await alice.get('/api/webhooks')).body.items[0]).toMatchObject({ failing_since: null, enabled: true });
      // A retry's schedule run again finds its try made, and sends nothing.
      await after(DAY_MS);
      expect(hook.received()).toHaveLength(4);
    });

    it('dead-letter a delivery after its last try, which the person can send again', async () => {
      const alice = await person();
      const hook = await hooked(alice);
      receiver().configure(hook.endpoint.id, { fail: 1_000 });
      await alice.post('/api/tasks', { title: 'Never taken' });
      for (const delay of WEBHOOK_LIMITS.retryDelaysMs) await after(delay);
      const [failed] = await deliveries(alice, hook.webhook.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: WEBHOOK_LIMITS.retryDelaysMs.length + 1, next_attempt_at: null });
      await after(DAY_MS);
      expect(hook.received()).toHaveLength(WEBHOOK_LIMITS.retryDelaysMs.length + 1);

      receiver().configure(hook.endpoint.id, { fail: 0 });
      const retried = await alice.post(`/api/webhooks/${hook.webhook.id}/deliveries/${failed.id}/retry`);
      expect(retried).toMatchObject({ status: 202, body: { id: failed.id, status: 'delivered', attempts: WEBHOOK_LIMITS.retryDelaysMs.length + 2 } });
      expect(hook.received().at(-1)).toMatchObject({ webhookId: failed.id, verified: true, answered: 204 });
      const again = await alice.post(`/api/webhooks/${hook.webhook.id}/deliveries/${failed.id}/retry`);
      expect(again).toMatchObject({ status: 409, body: { error: { message: WEBHOOK_MESSAGES.deliveryNotFailed } } });
    });

    it('switch off an address that took nothing for days, and tell the person by mail; switched on again, it starts afresh', async () => {
      const alice = await person();
      const hook = await hooked(alice);
      receiver().configure(hook.endpoint.id, { fail: 1_000 });
      await alice.post('/api/tasks', { title: 'First failure' });
      const failingSince = (await alice.get('/api/webhooks')).body.items[0].failing_since;
      expect(failingSince).toEqual(expect.any(String));

      await after(WEBHOOK_LIMITS.switchOffAfterMs - 60_000);
      await alice.post('/api/tasks', { title: 'Still failing, not for long enough' });
      expect((await alice.get('/api/webhooks')).body.items[0]).toMatchObject({ enabled: true, failing_since: failingSince });
      expect(switchOffMails(alice)).toEqual([]);

      await after(120_000);
      await alice.post('/api/tasks', { title: 'Failing for days' });
      const [switched] = (await alice.get('/api/webhooks')).body.items;
      expect(switched).toMatchObject({ enabled: false, switched_off: { reason: 'failing', at: expect.any(String) } });
      const [mail, ...more] = switchOffMails(alice);
      expect(more).toEqual([]);
      expect(mail!.body).toContain(hook.endpoint.url);
      expect(mail!.body.trim().split('\n').at(-1)).toBe(`${local.stack.url}/settings`);

      // Off, it is sent nothing, and its pending tries give up.
      const sent = hook.received().length;
      await alice.post('/api/tasks', { title: 'While off' });
      await after(DAY_MS);
      expect(hook.received()).toHaveLength(sent);
      expect((await deliveries(alice, hook.webhook.id)).filter((delivery: { status: string }) => delivery.status === 'pending')).toEqual([]);

      receiver().configure(hook.endpoint.id, { fail: 0 });
      const on = await alice.patch(`/api/webhooks/${hook.webhook.id}`, { enabled: true });
      expect(on.body).toMatchObject({ enabled: true, switched_off: null, failing_since: null });
      await alice.post('/api/tasks', { title: 'Back' });
      expect(hook.received().at(-1)).toMatchObject({ verified: true, answered: 204 });
      expect(switchOffMails(alice)).toHaveLength(1);
    });
  });

  describe('each try’s bounds', () => {
    it('a redirect is not followed, not even to the receiver itself', async () => {
      const alice = await person();
      const hook = await hooked(alice);
      const target = receiver().createEndpoint();
      receiver().configure(hook.endpoint.id, { redirectTo: 'http://127.0.0.1:9/private' });
      await alice.post('/api/tasks', { title: 'Redirected' });
      receiver().configure(hook.endpoint.id, { redirectTo: target.url });
      await alice.post('/api/tasks', { title: 'Redirected again' });
      expect(receiver().received(target.id)).toEqual([]);
      const log = await deliveries(alice, hook.webhook.id);
      expect(log.map((delivery: { last_status_code: number; last_error: string }) => [delivery.last_status_code, delivery.last_error])).toEqual([
        [302, 'The receiver answered with a redirect; redirects are not followed'],
        [302, 'The receiver answered with a redirect; redirects are not followed'],
      ]);
    });

    it('an address that resolves to a private one by the time of a try is not connected to', async () => {
      const alice = await person();
      let answer = '93.184.216.34';
      restoreResolver = setResolver(async () => [{ address: answer, family: 4 }]);
      const made = await alice.post('/api/webhooks', { url: 'https://rebinding.example.com/hook', events: ['item.created'] });
      expect(made.status).toBe(201);
      answer = '127.0.0.1';
      await alice.post('/api/tasks', { title: 'Rebound' });
      expect((await deliveries(alice, made.body.webhook.id))[0]).toMatchObject({
        status: 'pending',
        last_status_code: null,
        last_error: 'The address does not lead to a public server',
      });
    });

    it('a receiver that does not answer is cut off at the timeout', async () => {
      const { id, url } = receiver().createEndpoint();
      receiver().configure(id, { secret: `${WEBHOOK_SECRET_PREFIX}${Buffer.alloc(24, 7).toString('base64')}`, hang: true });
      const started = performance.now();
      const outcome = await sendSigned(
        url,
        { id: 'msg_slow', secret: `${WEBHOOK_SECRET_PREFIX}${Buffer.alloc(24, 7).toString('base64')}`, body: '{}', at: new Date(clock.now()) },
        300,
      );
      expect(outcome).toEqual({ ok: false, statusCode: null, error: 'No answer within 0.3 s' });
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(receiver().received(id)).toMatchObject([{ webhookId: 'msg_slow', verified: true, answered: null }]);
    });
  });
});
