import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createEnvelope, serializeEnvelope, type Envelope } from '@sentry/core';
import { captureException, captureFeedback, close, flush, getClient, init, startSpan } from '@sentry/node-core/light';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sentryDoubleKey, startSentryDouble, type ReceivedItem, type SentryDouble } from '../../local/sentry-double';

/** The double's clock: a fixed instant 15 s into a minute, moved by the tests. */
let now = Date.parse('2026-01-01T10:00:15Z');
let dataDir: string;
let double: SentryDouble;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sentry-double-'));
  double = await startSentryDouble({ dataDir, clock: () => now });
});
beforeEach(async () => {
  now = Date.parse('2026-01-01T10:00:15Z');
  double.setRateLimit(null);
  await fetch(`${double.url}/received`, { method: 'DELETE' });
});
afterEach(async () => {
  await close();
});
afterAll(async () => {
  await double.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const EVENT_ID = '9ec79c33ec9942ab8353589fcb2e04dc';
const items = (type: string): ReceivedItem[] => double.received().flatMap((envelope) => envelope.items.filter((item) => item.headers.type === type));

/** The official SDK's light client (what the functions run), sending to `dsn`; the answers the transport got, in order. */
function officialClient(dsn = double.dsn()) {
  init({ dsn, tracesSampleRate: 1, defaultIntegrations: false, release: 'tempo@test', environment: 'test' });
  const statuses: Array<number | undefined> = [];
  getClient()!.on('afterSendEvent', (_event, response) => statuses.push(response.statusCode));
  return statuses;
}

/** An envelope as @sentry/core serialises it, as a body fetch takes. */
function serialize(envelope: Envelope): string | Uint8Array<ArrayBuffer> {
  const serialized = serializeEnvelope(envelope);
  return typeof serialized === 'string' ? serialized : new Uint8Array(serialized);
}

/** Posts bytes to the envelope endpoint with the project's key in the query, as the browser SDK sends. */
function post(body: string | Uint8Array<ArrayBuffer>, { projectId = '1', key = sentryDoubleKey('1'), headers = {} as Record<string, string> } = {}) {
  return fetch(`${double.url}/api/${projectId}/envelope/?sentry_version=7&sentry_key=${key}`, { method: 'POST', body, headers });
}

const eventEnvelope = (payload: Record<string, unknown> = { message: 'hello' }): Envelope =>
  createEnvelope({ event_id: EVENT_ID, sent_at: new Date(now).toISOString() }, [[{ type: 'event' }, { event_id: EVENT_ID, ...payload }]]) as Envelope;

describe('the official SDK', () => {
  it("delivers an error, a transaction with its spans, and feedback, which the double keeps parsed and answers with the event's id", async () => {
    const statuses = officialClient();
    const errorId = captureException(new Error('Boom in a handler'));
    startSpan({ name: 'GET /api/tasks', op: 'http.server' }, () => startSpan({ name: 'Query tempo', op: 'db' }, () => undefined));
    captureFeedback({ name: 'Ada', email: 'ada@example.com', message: 'The list is empty' });
    await flush(2_000);

    expect(statuses).toEqual([200, 200, 200]);
    const [error] = items('event');
    expect(error!.payload).toMatchObject({
      event_id: errorId,
      release: 'tempo@test',
      environment: 'test',
      exception: { values: [{ type: 'Error', value: 'Boom in a handler' }] },
    });
    const [transaction] = items('transaction');
    expect(transaction!.payload).toMatchObject({
      transaction: 'GET /api/tasks',
      contexts: { trace: { op: 'http.server' } },
      spans: [{ op: 'db', description: 'Query tempo' }],
    });
    const [feedback] = items('feedback');
    expect(feedback!.payload).toMatchObject({ contexts: { feedback: { name: 'Ada', contact_email: 'ada@example.com', message: 'The list is empty' } } });
    expect(double.received().every((envelope) => envelope.projectId === '1')).toBe(true);
    const page = await (await fetch(double.url)).text();
    for (const shown of ['Error: Boom in a handler', 'GET /api/tasks', 'Query tempo', 'The list is empty', 'ada@example.com']) expect(page).toContain(shown);
  });

  it('is refused with a key that is not the project’s, and the SDK drops the event', async () => {
    const statuses = officialClient(double.dsn('1').replace(sentryDoubleKey('1'), sentryDoubleKey('2')));
    captureException(new Error('Sent with the wrong key'));
    await flush(2_000);
    expect(statuses).toEqual([403]);
    expect(items('event')).toEqual([]);
  });

  it('stops sending a category the 429 named until its time is up, and sends the others', async () => {
    double.setRateLimit({ envelopes: 1, windowSeconds: 60, categories: ['error'] });
    const statuses = officialClient();
    captureException(new Error('first'));
    await flush(2_000);
    captureException(new Error('second, over the quota'));
    await flush(2_000);
    expect(statuses).toEqual([200, 429]);

    // The double's quota is fresh again in the next minute: anything the SDK sent now would be taken.
    now += 60_000;
    captureException(new Error('third, within the SDK’s 45 s'));
    startSpan({ name: 'a transaction is another category', op: 'test' }, () => undefined);
    await flush(2_000);
    // No status for the error: the transport dropped it without a request.
    expect(statuses).toEqual([200, 429, undefined, 200]);
    expect(items('event').map((item) => (item.payload as any).exception.values[0].value)).toEqual(['first']);
    expect(items('transaction')).toHaveLength(1);
  });

  it('reads a body the SDK gzipped (over 32 KiB)', async () => {
    const statuses = officialClient();
    captureException(new Error('x'.repeat(40_000)));
    await flush(2_000);
    expect(statuses).toEqual([200]);
    expect((items('event')[0]!.payload as any).exception.values[0].value).toHaveLength(40_000);
  });
});

describe('the envelope endpoint', () => {
  it('answers 429 with Retry-After and X-Sentry-Rate-Limits as Relay formats them, until the window ends', async () => {
    double.setRateLimit({ envelopes: 2, windowSeconds: 60 });
    const body = serialize(eventEnvelope());
    expect((await post(body)).status).toBe(200);
    expect((await post(body)).status).toBe(200);
    const limited = await post(body);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('45');
    expect(limited.headers.get('x-sentry-rate-limits')).toBe('45::key');
    now += 45_000;
    expect((await post(body)).status).toBe(200);
  });

  it('takes what a quota on some categories leaves, naming the rest in X-Sentry-Rate-Limits', async () => {
    double.setRateLimit({ envelopes: 0, windowSeconds: 60, categories: ['replay'] });
    const envelope = createEnvelope({ event_id: EVENT_ID }, [
      [{ type: 'event' }, { message: 'kept' }],
      [{ type: 'attachment', length: 2, filename: 'a.txt' }, 'hi'],
      [{ type: 'replay_recording', length: 19 }, '{"segment_id":0}\n[]'],
    ] as any) as Envelope;
    const answer = await post(serialize(envelope));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: EVENT_ID });
    expect(answer.headers.get('x-sentry-rate-limits')).toBe('45:replay:key');
    expect(double.received()[0]!.items.map((item) => item.headers.type)).toEqual(['event', 'attachment']);
  });

  it('refuses a request without a key (401), another project’s key (403), and a path that is no project (404)', async () => {
    const body = serialize(eventEnvelope());
    expect((await fetch(`${double.url}/api/1/envelope/`, { method: 'POST', body })).status).toBe(401);
    expect((await post(body, { projectId: '2' })).status).toBe(403);
    expect((await post(body, { key: 'not-a-key' })).status).toBe(403);
    expect((await fetch(`${double.url}/api/tempo/envelope/?sentry_key=${sentryDoubleKey('1')}`, { method: 'POST', body })).status).toBe(404);
    expect(double.received()).toEqual([]);
  });

  it('takes the key from X-Sentry-Auth, or from the envelope header’s dsn, which must name the request’s key and project', async () => {
    const auth = `Sentry sentry_version=7, sentry_key=${sentryDoubleKey('1')}, sentry_client=test/1.0`;
    const body = serialize(eventEnvelope());
    expect((await fetch(`${double.url}/api/1/envelope/`, { method: 'POST', body, headers: { 'x-sentry-auth': auth } })).status).toBe(200);
    const withDsn = (dsn: string) => serialize(createEnvelope({ event_id: EVENT_ID, dsn }, [[{ type: 'event' }, { message: 'tunnelled' }]] as any) as Envelope);
    expect((await fetch(`${double.url}/api/1/envelope/`, { method: 'POST', body: withDsn(double.dsn()) })).status).toBe(200);
    expect((await post(withDsn(double.dsn('2')))).status).toBe(400);
    expect((await fetch(`${double.url}/api/1/envelope/`, { method: 'POST', body: withDsn(double.dsn('1').replace(/\/1$/, '/2')) })).status).toBe(400);
    expect(items('event')).toHaveLength(2);
  });

  it('refuses a malformed envelope or item header, a length past the end or short of the newline (400)', async () => {
    const event = '{"message":"hi"}';
    for (const body of [
      'not json\n{"type":"event"}\n{}',
      '{}\n{"length":2}\n{}',
      '{}\n{"type":"event"\n{}',
      `{}\n{"type":"event","length":${event.length + 5}}\n${event}`,
      `{}\n{"type":"event","length":${event.length - 1}}\n${event}\n`,
      `{}\n{"type":"event"}\nnot json\n`,
      '{"event_id":"not-an-id"}\n',
      '',
    ]) {
      const answer = await post(body);
      expect(answer.status, body).toBe(400);
      expect(await answer.json()).toMatchObject({ detail: expect.any(String) });
    }
    expect(double.received()).toEqual([]);
  });

  it('counts a length in bytes, not characters, and ends an item without one at its newline', async () => {
    const title = 'Café ☕ straße';
    const payload = JSON.stringify({ message: title });
    const body = `{}\n{"type":"event","length":${Buffer.byteLength(payload)}}\n${payload}\n{"type":"feedback"}\n{"contexts":{"feedback":{"message":"ok"}}}`;
    expect((await post(body)).status).toBe(413); // two event-like items: Relay takes one per envelope
    expect((await post(body.slice(0, body.lastIndexOf('\n{"type":"feedback"}')))).status).toBe(200);
    expect(items('event')[0]!.payload).toEqual({ message: title });
  });

  it('refuses an event over 1 MiB and a replay recording over 10 MiB (413)', async () => {
    const big = serialize(eventEnvelope({ message: 'x'.repeat(1024 ** 2) }));
    expect((await post(big)).status).toBe(413);
    const recording = Buffer.alloc(10 * 1024 ** 2 + 1, 'a');
    const replay = serialize(createEnvelope({ event_id: EVENT_ID }, [[{ type: 'replay_recording', length: recording.length }, recording]] as any) as Envelope);
    expect((await post(replay)).status).toBe(413);
    expect(double.received()).toEqual([]);
  });

  it('takes an unknown item type and drops it, as Relay does', async () => {
    const body = serialize(
      createEnvelope({ event_id: EVENT_ID }, [
        [{ type: 'hologram' }, { x: 1 }],
        [{ type: 'event' }, { message: 'kept' }],
      ] as any) as Envelope,
    );
    expect((await post(body)).status).toBe(200);
    expect(double.received()[0]!.items.map((item) => item.headers.type)).toEqual(['event']);
  });

  it('reads gzip, deflate and br bodies, and a replay recording zlib-compressed after its header line', async () => {
    const events = JSON.stringify([{ type: 3, data: { source: 0, texts: [{ value: '*** ****' }] } }]);
    const recording = Buffer.concat([Buffer.from('{"segment_id":0}\n'), deflateSync(events)]);
    const envelope = createEnvelope({ event_id: EVENT_ID }, [
      [{ type: 'replay_event' }, { type: 'replay_event', replay_id: EVENT_ID, segment_id: 0, replay_type: 'session' }],
      [{ type: 'replay_recording', length: recording.length }, recording],
    ] as any) as Envelope;
    expect((await post(gzipSync(serialize(envelope)), { headers: { 'content-encoding': 'gzip' } })).status).toBe(200);
    expect((await post(deflateSync(serialize(eventEnvelope())), { headers: { 'content-encoding': 'deflate' } })).status).toBe(200);
    expect((await post(brotliCompressSync(serialize(eventEnvelope())), { headers: { 'content-encoding': 'br' } })).status).toBe(200);
    expect(items('replay_recording')[0]!.payload).toEqual({ bytes: recording.length, text: `{"segment_id":0}\n${events}` });
    expect(items('replay_event')[0]!.payload).toMatchObject({ replay_id: EVENT_ID });
    expect(items('event')).toHaveLength(2);
  });

  it('lets a browser send: a preflight names the headers the SDK uses, and answers expose the rate-limit headers', async () => {
    const preflight = await fetch(`${double.url}/api/1/envelope/`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    const answer = await post(serialize(eventEnvelope()), { headers: { origin: 'http://127.0.0.1:3000' } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(answer.headers.get('access-control-expose-headers')).toContain('x-sentry-rate-limits');
  });
});

describe('what the double keeps', () => {
  it('survives a restart, is served at /received, forgotten on DELETE, and listed escaped on its page', async () => {
    await post(serialize(eventEnvelope({ message: '<script>alert(1)</script>' })));
    await double.close();
    double = await startSentryDouble({ dataDir, clock: () => now });
    const { envelopes } = await (await fetch(`${double.url}/received`)).json();
    expect(envelopes).toEqual([
      { receivedAt: '2026-01-01T10:00:15.000Z', projectId: '1', headers: expect.objectContaining({ event_id: EVENT_ID }), items: [expect.anything()] },
    ]);
    const page = await (await fetch(double.url)).text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
    expect((await fetch(`${double.url}/received`, { method: 'DELETE' })).status).toBe(204);
    expect(double.received()).toEqual([]);
  });

  it('keeps the last 1,000 envelopes, also across a restart after its file was written again and a line cut short', async () => {
    const send = (index: number) => post(serialize(eventEnvelope({ message: `#${index}` })));
    const messages = () => double.received().map((envelope) => (envelope.items[0]!.payload as { message: string }).message);
    // One at a time, so in order; past 2,000 lines the file is written again with the kept 1,000.
    for (let index = 0; index < 2_100; index += 1) await send(index);
    const last = Array.from({ length: 1_000 }, (_, offset) => `#${1_100 + offset}`);
    expect(messages()).toEqual(last);

    await double.close();
    appendFileSync(join(dataDir, 'envelopes.jsonl'), '{"receivedAt":"2026-01-01T10:0');
    double = await startSentryDouble({ dataDir, clock: () => now });
    expect(messages()).toEqual(last);
  }, 60_000);
});
