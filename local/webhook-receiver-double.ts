import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A stand-in for the person's webhook receiver on 127.0.0.1 (the local stack admits its origin by
 * WEBHOOK_ALLOWED_ORIGINS), verifying every delivery with `standardwebhooks`' Webhook.verify, as a
 * receiver following Standard Webhooks would, and answering as told:
 * - `POST /endpoints` makes a receiving address: `{ id, url }` (201); a webhook is saved with `url`;
 * - `PUT /endpoints/<id>` with `{ secret?, fail?, failStatus?, hang?, redirectTo? }` sets its knobs:
 *   the secret shown once when the webhook was made (deliveries are verified with it), `fail` the
 *   next N deliveries (answered `failStatus`, 500 by default), `hang` (hold every delivery open,
 *   answering nothing), `redirectTo` (answer 302 to that address; null to stop); answers its knobs;
 * - `POST /hooks/<id>` takes a delivery: 401 when it does not verify (or no secret is set yet),
 *   else as the knobs say, else 204. Every delivery is recorded, with how it was answered;
 * - `GET /endpoints/<id>/received` lists them, oldest first; `DELETE /endpoints/<id>/received`
 *   forgets them and answers how many there were.
 */

export interface ReceivedDelivery {
  webhookId: string | null;
  timestamp: string | null;
  /** Whether Webhook.verify took it, and why not. */
  verified: boolean;
  error: string | null;
  /** The body, parsed, when it verified. */
  payload: unknown;
  /** The status it was answered with; null while held (hang). */
  answered: number | null;
  receivedAt: string;
}

export interface EndpointKnobs {
  secret: string | null;
  fail: number;
  failStatus: number;
  hang: boolean;
  redirectTo: string | null;
}

export interface WebhookReceiverDoubleOptions {
  port?: number;
  /** The one clock (ms since the epoch): Standard Webhooks' five-minute window is read on it. */
  clock?: () => number;
}

/** The most a delivery's body is read: the product sends far less. */
const MAX_BODY_BYTES = 256 * 1024;

export async function startWebhookReceiverDouble(options: WebhookReceiverDoubleOptions = {}) {
  const clock = options.clock ?? Date.now;
  const endpoints = new Map<string, { knobs: EndpointKnobs; received: ReceivedDelivery[] }>();
  const held = new Set<ServerResponse>();
  let origin = '';

  function createEndpoint(): { id: string; url: string } {
    const id = randomUUID();
    endpoints.set(id, { knobs: { secret: null, fail: 0, failStatus: 500, hang: false, redirectTo: null }, received: [] });
    return { id, url: `${origin}/hooks/${id}` };
  }

  function configure(id: string, knobs: Partial<EndpointKnobs>): EndpointKnobs | null {
    const endpoint = endpoints.get(id);
    if (!endpoint) return null;
    Object.assign(endpoint.knobs, knobs);
    return { ...endpoint.knobs };
  }

  /**
   * Webhook.verify reads Date.now for the timestamp's window; the functions sign on the one clock,
   * which a test moves. For the verify call alone (synchronous), Date.now reads that clock.
   */
  function verify(secret: string, body: string, headers: Record<string, string>): unknown {
    const at = clock();
    const systemNow = Date.now;
    Date.now = () => at;
    try {
      return new Webhook(secret).verify(body, headers);
    } finally {
      Date.now = systemNow;
    }
  }

  function take(id: string, request: IncomingMessage, response: ServerResponse, body: string): void {
    const endpoint = endpoints.get(id);
    if (!endpoint) return void respond(response, 404);
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : null);
    const entry: ReceivedDelivery = {
      webhookId: header('webhook-id'),
      timestamp: header('webhook-timestamp'),
      verified: false,
      error: null,
      payload: null,
      answered: null,
      receivedAt: new Date(clock()).toISOString(),
    };
    endpoint.received.push(entry);
    const { knobs } = endpoint;
    try {
      if (!knobs.secret) throw new Error('No secret set for this endpoint');
      entry.payload = verify(knobs.secret, body, request.headers as Record<string, string>);
      entry.verified = true;
    } catch (error) {
      entry.error = (error as Error).message;
      return void respond(response, (entry.answered = 401));
    }
    if (knobs.hang) {
      held.add(response);
      response.on('close', () => held.delete(response));
      return;
    }
    if (knobs.redirectTo) return void respond(response, (entry.answered = 302), { location: knobs.redirectTo });
    if (knobs.fail > 0) {
      knobs.fail -= 1;
      return void respond(response, (entry.answered = knobs.failStatus));
    }
    respond(response, (entry.answered = 204));
  }

  function respond(response: ServerResponse, status: number, headers: Record<string, string> = {}, value?: unknown): void {
    response.writeHead(status, value === undefined ? headers : { 'content-type': 'application/json', ...headers });
    response.end(value === undefined ? undefined : JSON.stringify(value));
  }

  function answer(request: IncomingMessage, response: ServerResponse, body: string): void {
    const path = new URL(request.url ?? '/', origin).pathname;
    const method = request.method ?? 'GET';
    const [, section, id, rest] = /^\/([\w-]+)(?:\/([\w-]+))?(?:\/(\w+))?$/.exec(path) ?? [];
    if (method === 'POST' && section === 'hooks' && id && !rest) return take(id, request, response, body);
    if (section !== 'endpoints') return respond(response, 404, {}, { message: 'Not found' });
    if (method === 'POST' && !id) return respond(response, 201, {}, createEndpoint());
    const endpoint = id ? endpoints.get(id) : undefined;
    if (!endpoint) return respond(response, 404, {}, { message: 'No such endpoint' });
    if (method === 'PUT' && !rest) return respond(response, 200, {}, configure(id!, JSON.parse(body || '{}') as Partial<EndpointKnobs>));
    if (method === 'GET' && rest === 'received') return respond(response, 200, {}, endpoint.received);
    if (method === 'DELETE' && rest === 'received') return respond(response, 200, {}, endpoint.received.splice(0).length);
    respond(response, 404, {}, { message: 'Not found' });
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => answer(request, response, Buffer.concat(chunks).toString('utf8')));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    createEndpoint,
    configure,
    received: (id: string) => [...(endpoints.get(id)?.received ?? [])],
    /** Deliveries held open now (hang): a try the sender has not given up on yet. */
    heldOpen: () => held.size,
    async close(): Promise<void> {
      held.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookReceiverDouble = Awaited<ReturnType<typeof startWebhookReceiverDouble>>;
