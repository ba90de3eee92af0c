import { createECDH, createPrivateKey, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkVapid, decryptPushMessage, MAX_PUSH_BODY_BYTES, type SubscriptionKeys } from './web-push-protocol';

/**
 * A stand-in for a browser vendor's push service on 127.0.0.1, answering as the real ones do
 * (RFC 8030, with FCM's and Mozilla autopush's status codes):
 * - `POST /subscriptions` makes a subscription, as a browser's `pushManager.subscribe()` would: its
 *   endpoint on this double and its public keys (`p256dh`, `auth`); the double keeps the private key,
 *   so it can open what is sent there;
 * - `POST /push/<id>` takes a message: VAPID checked (401 without, 403 wrong: ./web-push-protocol.ts),
 *   `TTL` required (400), `Content-Encoding: aes128gcm` (415 otherwise), `Urgency` and `Topic`
 *   as RFC 8030 spells them (400), at most 4096 bytes (413), a known subscription (404) not
 *   expired (410), within the quota (429 with `Retry-After`), a body that opens (400). It answers
 *   201 with the message's `Location`;
 * - `GET /received` lists what it took, opened; `DELETE /received` forgets it;
 *   `POST /knobs { expire: [id], rateLimit: { messages, windowSeconds } | null }` turns subscriptions
 *   gone and sets a quota per subscription.
 */

const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
/** RFC 8030 §5.4: a topic is at most 32 characters of the URL- and filename-safe base64 alphabet. */
const TOPIC = /^[\w-]{1,32}$/;

export interface ReceivedPush {
  subscriptionId: string;
  receivedAt: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  /** The sender's VAPID subject (`mailto:` or `https:`). */
  subject: string;
  /** The opened body as text (the product sends JSON). */
  payload: string;
}

export interface PushDoubleOptions {
  port?: number;
  /** The one clock (ms since the epoch): VAPID's `exp` and the quota's windows read it. */
  clock?: () => number;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export async function startPushDouble(options: PushDoubleOptions = {}) {
  const clock = options.clock ?? Date.now;
  const subscriptions = new Map<string, SubscriptionKeys & { expired: boolean; sent: { window: number; count: number } }>();
  const received: ReceivedPush[] = [];
  let rateLimit: { messages: number; windowSeconds: number } | null = null;
  let origin = '';

  function subscribe() {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const publicPoint = ecdh.getPublicKey();
    const auth = randomBytes(16);
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      d: ecdh.getPrivateKey().toString('base64url'),
      x: publicPoint.subarray(1, 33).toString('base64url'),
      y: publicPoint.subarray(33).toString('base64url'),
    };
    const id = randomUUID();
    subscriptions.set(id, { privateKey: createPrivateKey({ key: jwk, format: 'jwk' }), publicPoint, auth, expired: false, sent: { window: 0, count: 0 } });
    return { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: publicPoint.toString('base64url'), auth: auth.toString('base64url') } };
  }

  function take(id: string, requestHeaders: IncomingMessage['headers'], body: Buffer, size: number): string {
    // Each of these headers comes once; Node answers a list only for set-cookie.
    const headers = requestHeaders as Record<string, string | undefined>;
    const vapid = checkVapid(headers.authorization, origin, Math.floor(clock() / 1000));
    if (!vapid.ok) throw new Refusal(headers.authorization ? 403 : 401, vapid.reason);
    const ttl = Number(headers.ttl);
    if (headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'TTL header required');
    if (headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'Content-Encoding must be aes128gcm');
    const urgency = headers.urgency ?? 'normal';
    if (!URGENCIES.has(urgency)) throw new Refusal(400, 'Urgency must be very-low, low, normal or high');
    const topic = headers.topic ?? null;
    if (topic !== null && !TOPIC.test(topic)) throw new Refusal(400, 'Topic must be at most 32 base64url characters');
    if (size > MAX_PUSH_BODY_BYTES) throw new Refusal(413, `Payload larger than ${MAX_PUSH_BODY_BYTES} bytes`);
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Refusal(404, 'Subscription not found');
    if (subscription.expired) throw new Refusal(410, 'Subscription expired');
    if (rateLimit) {
      const windowMs = rateLimit.windowSeconds * 1000;
      const window = Math.floor(clock() / windowMs);
      if (subscription.sent.window !== window) subscription.sent = { window, count: 0 };
      if (subscription.sent.count >= rateLimit.messages)
        throw new Refusal(429, 'Too many messages', { 'retry-after': String(Math.ceil(((window + 1) * windowMs - clock()) / 1000)) });
      subscription.sent.count += 1;
    }
    let payload: string;
    try {
      payload = decryptPushMessage(body, subscription).toString('utf8');
    } catch (error) {
      throw new Refusal(400, `The message does not open: ${(error as Error).message}`);
    }
    received.push({ subscriptionId: id, receivedAt: new Date(clock()).toISOString(), ttl, urgency, topic, subject: vapid.subject, payload });
    return `${origin}/message/${randomUUID()}`;
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the body is not kept: its size alone answers.
      if (size <= MAX_PUSH_BODY_BYTES + 1) chunks.push(chunk);
    });
    request.on('end', () => answer(request, response, Buffer.concat(chunks), size));
  });

  function answer(request: IncomingMessage, response: ServerResponse, body: Buffer, size: number): void {
    const url = new URL(request.url ?? '/', origin);
    const method = request.method ?? 'GET';
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(value));
    };
    try {
      const pushTo = /^\/push\/([\w-]+)$/.exec(url.pathname)?.[1];
      if (method === 'POST' && pushTo) {
        const location = take(pushTo, request.headers, body, size);
        response.writeHead(201, { location });
        response.end();
      } else if (method === 'POST' && url.pathname === '/subscriptions') json(201, subscribe());
      else if (method === 'GET' && url.pathname === '/received') json(200, received);
      else if (method === 'DELETE' && url.pathname === '/received') json(200, received.splice(0).length);
      else if (method === 'POST' && url.pathname === '/knobs') {
        const knobs = JSON.parse(body.toString() || '{}') as { expire?: string[]; rateLimit?: typeof rateLimit };
        for (const id of knobs.expire ?? []) {
          const subscription = subscriptions.get(id);
          if (subscription) subscription.expired = true;
        }
        if ('rateLimit' in knobs) rateLimit = knobs.rateLimit ?? null;
        json(200, {});
      } else json(404, { message: 'Not found' });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      json(error.status, { code: error.status, message: error.message }, error.headers);
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    subscribe,
    received: () => [...received],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushDouble = Awaited<ReturnType<typeof startPushDouble>>;
