import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, inflateSync, unzipSync } from 'node:zlib';

/**
 * A stand-in for Sentry's ingest (Relay) on 127.0.0.1: `POST /api/<projectId>/envelope/`, checked
 * as Relay checks it, so what the official SDKs send here would be taken by sentry.io:
 * - auth: the DSN's public key, as `sentry_key` in the query, in `X-Sentry-Auth: Sentry
 *   sentry_key=…`, or in the envelope header's `dsn` (a tunnel's way); none answers 401, a key that
 *   is not the project's 403, a header `dsn` naming another key or project than the request 400;
 * - the envelope: a header line of JSON, then per item a header line with `type` and an optional
 *   `length` in bytes, its payload that many bytes (else up to the newline), each followed by a
 *   newline or the end; anything else answers 400;
 * - the item types the SDKs send (ITEM_CATEGORIES); others are taken and dropped, as Relay does;
 * - Relay's size limits (INGEST_LIMITS): 413 beyond them;
 * - gzip, deflate or br request bodies (Content-Encoding), and CORS for browsers;
 * - a quota per key (`setRateLimit`, or over HTTP `POST /knobs { rateLimit }`): beyond it, 429 with `Retry-After`
 *   and `X-Sentry-Rate-Limits` as Relay formats them, or, when only some items are over, 200 for
 *   the rest with the header naming what was refused.
 * A 200 answers `{ id: <event_id> }`. What it took is kept under `dataDir` (the last MAX_KEPT
 * envelopes, MAX_KEPT_BYTES at most), read back on a restart, served as JSON at `GET /received`
 * (`DELETE /received` forgets it), and listed for a person at `GET /`.
 */

const MiB = 1024 ** 2;

/**
 * Relay's size limits with its defaults (relay-config's `Limits::default()`, which sentry.io
 * applies too), per group of items as its `check_envelope_size_limits` groups them: the largest
 * item (a span or log container's items on average), how many of the group an envelope may hold,
 * and their total; beyond any, the envelope is refused 413. `envelope` bounds the decompressed
 * request body, `replayUncompressed` a replay recording once decompressed.
 */
export const INGEST_LIMITS = {
  envelope: 100 * MiB,
  replayUncompressed: 100 * MiB,
  groups: [
    { types: ['event', 'transaction', 'replay_event', 'feedback'], item: MiB, count: 1, total: MiB },
    { types: ['attachment', 'user_report'], item: 100 * MiB, count: Infinity, total: 100 * MiB },
    { types: ['replay_recording'], item: 10 * MiB, count: 1, total: 10 * MiB },
    { types: ['session', 'sessions'], item: Infinity, count: 100, total: Infinity },
    { types: ['client_report'], item: 4 * 1024, count: Infinity, total: 4 * 1024 },
    { types: ['check_in'], item: 100 * 1024, count: 1, total: 100 * 1024 },
    { types: ['span'], item: MiB, count: Infinity, total: Infinity },
    { types: ['log'], item: MiB, count: 1, total: Infinity },
  ],
} as const;

/**
 * The item types taken, with the data category each is counted and rate limited in (the names
 * Relay's `X-Sentry-Rate-Limits` uses and @sentry/core's transport reads). The product sends
 * events, transactions, replays and feedback; the SDKs add sessions, client reports, attachments,
 * user reports, check-ins, spans and logs on their own.
 */
const ITEM_CATEGORIES: Record<string, string> = {
  event: 'error',
  transaction: 'transaction',
  replay_event: 'replay',
  replay_recording: 'replay',
  feedback: 'feedback',
  session: 'session',
  sessions: 'session',
  client_report: 'internal',
  attachment: 'attachment',
  user_report: 'default',
  check_in: 'monitor',
  span: 'span',
  log: 'log_item',
};
/** Sentry's protocol version; Relay refuses a newer one. */
const PROTOCOL_VERSION = 7;
const MAX_KEPT = 1_000;
const MAX_KEPT_BYTES = 50 * MiB;
const ENVELOPE_PATH = /^\/api\/(\d+)\/envelope\/?$/;
/** The headers Relay allows in a browser's request and lets it read in the answer. */
const CORS_ALLOWED_HEADERS =
  'x-sentry-auth, x-requested-with, x-forwarded-for, origin, referer, accept, content-type, authentication, authorization, content-encoding, transfer-encoding';
const CORS_EXPOSED_HEADERS = 'x-sentry-error, x-sentry-rate-limits, retry-after';

export interface ReceivedItem {
  headers: { type: string; length?: number; [name: string]: unknown };
  /** JSON items parsed; a replay recording as `{ bytes, text }` (text decompressed); an attachment as `{ bytes }`. */
  payload: unknown;
}

export interface ReceivedEnvelope {
  receivedAt: string;
  projectId: string;
  headers: Record<string, unknown>;
  items: ReceivedItem[];
}

/** A key's quota: `envelopes` per window (aligned to the clock, as Relay's are) of the items in `categories` (all when absent). */
export interface RateLimitRule {
  envelopes: number;
  windowSeconds: number;
  categories?: string[];
}

export interface SentryDoubleOptions {
  /** Where what arrived is kept (.data/sentry for `npm start`). */
  dataDir: string;
  /** A free one when absent. */
  port?: number;
  /** Milliseconds since the epoch, for the quota's windows; tests move it. */
  clock?: () => number;
}

/** The public key of a project's DSN: derived from its id, so a DSN stays the same across restarts. */
export function sentryDoubleKey(projectId: string): string {
  return createHash('sha256').update(`tempo-sentry-double:${projectId}`).digest('hex').slice(0, 32);
}

/** Why a request is refused: Relay's status and its `{ detail }` body. */
class Refusal {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

export async function startSentryDouble(options: SentryDoubleOptions) {
  const clock = options.clock ?? Date.now;
  const store = openStore(options.dataDir);
  let rateLimit: RateLimitRule | null = null;
  const quotas = new Map<string, { window: number; used: number }>();

  /** The quota's verdict on an envelope: the categories refused now, and for how many seconds. */
  function overQuota(publicKey: string, categories: Set<string>): { categories: string[]; retryAfter: number } | null {
    if (!rateLimit) return null;
    // Relay never limits the SDK's own client reports.
    const counted = [...categories].filter((category) => category !== 'internal' && (!rateLimit!.categories || rateLimit!.categories.includes(category)));
    if (counted.length === 0) return null;
    const windowMs = rateLimit.windowSeconds * 1000;
    const now = clock();
    const window = Math.floor(now / windowMs);
    const quota = quotas.get(publicKey);
    const used = quota?.window === window ? quota.used : 0;
    if (used < rateLimit.envelopes) {
      quotas.set(publicKey, { window, used: used + 1 });
      return null;
    }
    return { categories: rateLimit.categories ?? [], retryAfter: Math.ceil(((window + 1) * windowMs - now) / 1000) };
  }

  /** Replaces the quota (null: none), starting its count afresh. */
  function setRateLimit(rule: RateLimitRule | null) {
    rateLimit = rule;
    quotas.clear();
  }

  function ingest(projectId: string, query: URLSearchParams, headers: IncomingMessage['headers'], raw: Buffer) {
    const auth = authOf(query, headers);
    if (auth.version > PROTOCOL_VERSION) throw new Refusal(400, `unsupported protocol version (${auth.version})`);
    const body = decode(raw, headers['content-encoding']);
    const envelope = parseEnvelope(body);
    const dsnKey = envelope.dsn?.publicKey;
    if (auth.publicKey && dsnKey && dsnKey !== auth.publicKey) throw new Refusal(400, 'invalid event envelope: public key mismatch');
    if (envelope.dsn && envelope.dsn.projectId !== projectId) throw new Refusal(400, 'invalid event envelope: project id mismatch');
    const publicKey = auth.publicKey ?? dsnKey;
    if (!publicKey) throw new Refusal(401, 'missing authorization information');
    if (publicKey !== sentryDoubleKey(projectId)) throw new Refusal(403, 'event submission rejected with_reason: ProjectId');
    checkSizes(envelope.items);

    // Read first: an event that is not JSON refuses the envelope before it counts against the quota.
    const known = envelope.items
      .filter((item) => item.headers.type in ITEM_CATEGORIES)
      .map((item) => ({ headers: item.headers, payload: readPayload(item), category: ITEM_CATEGORIES[item.headers.type]! }));
    const limited = overQuota(publicKey, new Set(known.map((item) => item.category)));
    const isLimited = (category: string) => category !== 'internal' && (limited!.categories.length === 0 || limited!.categories.includes(category));
    const taken = limited ? known.filter((item) => !isLimited(item.category)) : known;
    const limitHeader: Record<string, string> = limited ? { 'x-sentry-rate-limits': `${limited.retryAfter}:${limited.categories.join(';')}:key` } : {};
    if (limited && taken.length === 0)
      throw new Refusal(429, 'event rejected due to rate limit', { ...limitHeader, 'retry-after': String(limited.retryAfter) });

    const items = taken.filter((item) => item.payload !== undefined).map(({ headers, payload }) => ({ headers, payload }));
    if (items.length > 0) store.add({ receivedAt: new Date(clock()).toISOString(), projectId, headers: envelope.headers, items });
    const eventId = envelope.headers.event_id;
    return { body: typeof eventId === 'string' ? { id: eventId } : {}, headers: limitHeader };
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const [, projectId] = ENVELOPE_PATH.exec(url.pathname) ?? [];
    if (projectId) {
      const cors = {
        'access-control-allow-origin': request.headers.origin ?? '*',
        'access-control-expose-headers': CORS_EXPOSED_HEADERS,
        vary: 'origin',
      };
      if (method === 'OPTIONS') {
        response.writeHead(200, {
          ...cors,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': CORS_ALLOWED_HEADERS,
          'access-control-max-age': '3600',
        });
        return response.end();
      }
      if (method !== 'POST') return send(response, 405, { detail: 'method not allowed' }, cors);
      return void readBody(request, INGEST_LIMITS.envelope)
        .then((raw) => {
          const answer = ingest(projectId, url.searchParams, request.headers, raw);
          send(response, 200, answer.body, { ...cors, ...answer.headers });
        })
        .catch((error: unknown) => refuse(response, error, cors));
    }
    if (method === 'GET' && url.pathname === '/received') return send(response, 200, { envelopes: store.all() });
    if (method === 'DELETE' && url.pathname === '/received') {
      store.clear();
      return send(response, 204);
    }
    if (method === 'POST' && url.pathname === '/knobs') {
      return void readBody(request, 64 * 1024)
        .then((raw) => {
          const knobs = jsonObject(raw, 'the knobs must be a JSON object') as { rateLimit?: RateLimitRule | null };
          if ('rateLimit' in knobs) setRateLimit(knobs.rateLimit ?? null);
          send(response, 204);
        })
        .catch((error: unknown) => refuse(response, error));
    }
    if (method === 'GET' && url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(page(store.all()));
    }
    send(response, 404, { detail: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** The DSN of a project (1 unless named): http://<publicKey>@127.0.0.1:<port>/<projectId>. */
    dsn(projectId = '1'): string {
      return `http://${sentryDoubleKey(projectId)}@${url.slice('http://'.length)}/${projectId}`;
    },
    /** What arrived, oldest first. */
    received: (): ReceivedEnvelope[] => store.all(),
    setRateLimit,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SentryDouble = Awaited<ReturnType<typeof startSentryDouble>>;

// ---- the envelope ----

interface RawItem {
  headers: ReceivedItem['headers'];
  payload: Buffer;
}

/** The envelope's header and items, as Relay reads them (its `Envelope::parse_bytes`). */
function parseEnvelope(body: Buffer): { headers: Record<string, unknown>; dsn: { publicKey: string; projectId: string } | null; items: RawItem[] } {
  if (body.length === 0) throw new Refusal(400, 'empty request body');
  let offset = 0;
  /** The line from `offset` to the next newline (or the end), which is consumed. */
  const line = () => {
    const end = body.indexOf(10, offset);
    const text = body.subarray(offset, end < 0 ? body.length : end);
    offset = end < 0 ? body.length : end + 1;
    return text;
  };
  const headers = jsonObject(line(), 'invalid envelope header');
  if (headers.event_id !== undefined && !isEventId(headers.event_id)) throw new Refusal(400, 'invalid envelope header: event_id');
  const items: RawItem[] = [];
  while (offset < body.length) {
    const itemHeaders = jsonObject(line(), 'invalid item header');
    const { type, length } = itemHeaders;
    if (typeof type !== 'string') throw new Refusal(400, 'invalid item header: missing type');
    let payload: Buffer;
    if (length === undefined || length === null) payload = line();
    else if (!Number.isInteger(length) || (length as number) < 0) throw new Refusal(400, 'invalid item header: length');
    else {
      if (offset + (length as number) > body.length) throw new Refusal(400, 'invalid event envelope: unexpected end of file');
      payload = body.subarray(offset, offset + (length as number));
      offset += length as number;
      if (offset < body.length && body[offset] !== 10) throw new Refusal(400, 'invalid event envelope: missing newline after header or payload');
      offset += 1;
    }
    items.push({ headers: itemHeaders as ReceivedItem['headers'], payload });
  }
  let dsn = null;
  if (headers.dsn !== undefined) {
    const parsed = typeof headers.dsn === 'string' ? dsnParts(headers.dsn) : null;
    if (!parsed) throw new Refusal(400, 'invalid envelope header: dsn');
    dsn = parsed;
  }
  return { headers, dsn, items };
}

function jsonObject(bytes: Buffer, refusal: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new Refusal(400, refusal);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refusal(400, refusal);
  return value as Record<string, unknown>;
}

const isEventId = (value: unknown) =>
  typeof value === 'string' && /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.test(value);

function dsnParts(dsn: string): { publicKey: string; projectId: string } | null {
  try {
    const url = new URL(dsn);
    const projectId = url.pathname.split('/').filter(Boolean).pop();
    return url.username && projectId && /^\d+$/.test(projectId) ? { publicKey: url.username, projectId } : null;
  } catch {
    return null;
  }
}

/** Relay's size limits per group of items (INGEST_LIMITS): 413 for an envelope beyond any. */
function checkSizes(items: RawItem[]): void {
  const used = INGEST_LIMITS.groups.map(() => ({ count: 0, total: 0 }));
  for (const { headers, payload } of items) {
    const index = INGEST_LIMITS.groups.findIndex((group) => (group.types as readonly string[]).includes(headers.type));
    if (index < 0) continue;
    const limit = INGEST_LIMITS.groups[index]!;
    const group = used[index]!;
    const contained = typeof headers.item_count === 'number' && headers.item_count > 0 ? headers.item_count : 1;
    group.count += 1;
    group.total += payload.length;
    if (payload.length / contained > limit.item || group.count > limit.count || group.total > limit.total) {
      throw new Refusal(413, `envelope exceeds size limits: ${headers.type}`);
    }
  }
}

/**
 * An item as kept: JSON parsed (an event or transaction that is not JSON refuses the envelope, as
 * Relay reads their ids at once; another is dropped, as Relay drops it later); a replay recording
 * (a JSON header line, then the rrweb events, zlib-compressed by the SDK's worker or plain) with its text.
 */
function readPayload({ headers, payload }: RawItem): unknown {
  if (headers.type === 'attachment') return { bytes: payload.length };
  if (headers.type === 'replay_recording') {
    const newline = payload.indexOf(10);
    const events = newline < 0 ? Buffer.alloc(0) : payload.subarray(newline + 1);
    const compressed = events[0] === 0x78 || (events[0] === 0x1f && events[1] === 0x8b);
    let text = payload.toString('utf8');
    if (compressed) {
      try {
        text = `${payload.subarray(0, newline + 1).toString('utf8')}${unzipSync(events, { maxOutputLength: INGEST_LIMITS.replayUncompressed }).toString('utf8')}`;
      } catch {
        return undefined;
      }
    }
    return { bytes: payload.length, text };
  }
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    if (headers.type === 'event' || headers.type === 'transaction') throw new Refusal(400, 'invalid JSON data');
    return undefined;
  }
}

// ---- HTTP ----

function authOf(query: URLSearchParams, headers: IncomingMessage['headers']): { publicKey: string | undefined; version: number } {
  const fields = new Map<string, string>();
  const header = headers['x-sentry-auth'];
  if (typeof header === 'string' && /^sentry\s/i.test(header)) {
    for (const pair of header.replace(/^sentry\s+/i, '').split(',')) {
      const [name, ...value] = pair.trim().split('=');
      if (name) fields.set(name, value.join('='));
    }
  }
  const publicKey = fields.get('sentry_key') ?? query.get('sentry_key') ?? undefined;
  return { publicKey: publicKey || undefined, version: Number(fields.get('sentry_version') ?? query.get('sentry_version') ?? PROTOCOL_VERSION) };
}

function decode(raw: Buffer, encoding: string | undefined): Buffer {
  const limit = { maxOutputLength: INGEST_LIMITS.envelope };
  try {
    if (!encoding || encoding === 'identity') return raw;
    if (encoding === 'gzip' || encoding === 'x-gzip') return unzipSync(raw, limit);
    if (encoding === 'deflate') return inflateSync(raw, limit);
    if (encoding === 'br') return brotliDecompressSync(raw, limit);
  } catch (error) {
    if (error instanceof RangeError) throw new Refusal(413, 'envelope exceeds size limits');
    throw new Refusal(400, 'failed to read request body');
  }
  throw new Refusal(415, `unsupported content encoding: ${encoding}`);
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Refusal(413, 'envelope exceeds size limits'));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Relay's answer to a refused request; anything else is the double's own failure. */
function refuse(response: ServerResponse, error: unknown, headers: Record<string, string> = {}): void {
  if (error instanceof Refusal) return send(response, error.status, { detail: error.detail }, { ...headers, ...error.headers });
  console.error('The Sentry double failed:', error);
  send(response, 500, { detail: 'internal server error' }, headers);
}

function send(response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, body === undefined ? headers : { ...headers, 'content-type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

// ---- what was kept ----

/**
 * The envelopes kept, oldest first: the last MAX_KEPT, MAX_KEPT_BYTES at most. On disk they are JSON
 * lines in `dir/envelopes.jsonl`, one appended per envelope; the file is written again with only the
 * kept ones when it holds twice as many lines or bytes. A file per envelope, made and later removed,
 * held up the local stack's one thread some 5 s in 2 minutes of browser tests (an API call sends one).
 */
function openStore(dir: string) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'envelopes.jsonl');
  const kept: Array<{ bytes: number; envelope: ReceivedEnvelope }> = [];
  let keptBytes = 0;
  let fileLines = 0;
  let fileBytes = 0;

  const keep = (envelope: ReceivedEnvelope, bytes: number) => {
    kept.push({ bytes, envelope });
    keptBytes += bytes;
    while (kept.length > MAX_KEPT || (keptBytes > MAX_KEPT_BYTES && kept.length > 1)) keptBytes -= kept.shift()!.bytes;
  };
  const rewrite = () => {
    const lines = kept.map(({ envelope }) => `${JSON.stringify(envelope)}\n`).join('');
    writeFileSync(file, lines);
    fileLines = kept.length;
    fileBytes = Buffer.byteLength(lines);
  };

  // A line cut short (the stack stopped while writing it) is skipped.
  for (const line of existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []) {
    try {
      if (line) keep(JSON.parse(line) as ReceivedEnvelope, Buffer.byteLength(line) + 1);
    } catch {
      continue;
    }
  }
  rewrite();

  return {
    add(envelope: ReceivedEnvelope) {
      const line = `${JSON.stringify(envelope)}\n`;
      const bytes = Buffer.byteLength(line);
      keep(envelope, bytes);
      if (fileLines >= 2 * MAX_KEPT || fileBytes + bytes > 2 * MAX_KEPT_BYTES) return rewrite();
      appendFileSync(file, line);
      fileLines += 1;
      fileBytes += bytes;
    },
    all: () => kept.map((entry) => entry.envelope),
    clear() {
      kept.splice(0);
      keptBytes = 0;
      rewrite();
    },
  };
}

// ---- the page ----

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

interface Timed {
  start_timestamp?: number;
  timestamp?: number;
}

/** The fields of events, transactions, replay events and feedback the page shows (all optional: it shows what came). */
interface Shown extends Timed {
  exception?: { values?: Array<{ type?: string; value?: string }> };
  message?: string | { formatted?: string };
  level?: string;
  release?: string;
  environment?: string;
  user?: { id?: string };
  contexts?: { trace?: { trace_id?: string; op?: string }; feedback?: { name?: string; contact_email?: string; message?: string } };
  transaction?: string;
  spans?: Array<Timed & { op?: string; description?: string }>;
  replay_id?: string;
  segment_id?: number;
  replay_type?: string;
  urls?: string[];
}

/** A developer's view of what arrived, newest first: errors, transactions with their spans, replays, feedback. */
function page(envelopes: ReceivedEnvelope[]): string {
  const items = envelopes
    .slice()
    .reverse()
    .flatMap((envelope) => envelope.items.map((item) => ({ at: envelope.receivedAt, type: item.headers.type, payload: item.payload as Shown })));
  const of = (type: string) => items.filter((item) => item.type === type);
  const when = (at: string) => `<time>${escapeHtml(at.slice(11, 19))}</time>`;
  const section = (title: string, rows: string[]) =>
    `<h2>${escapeHtml(title)} (${rows.length})</h2>${rows.length ? `<ul>${rows.join('')}</ul>` : '<p>None yet.</p>'}`;
  const errors = of('event').map(({ at, payload }) => {
    const exception = payload.exception?.values?.at(-1);
    const message = typeof payload.message === 'string' ? payload.message : payload.message?.formatted;
    const title = exception ? `${exception.type ?? 'Error'}: ${exception.value ?? ''}` : (message ?? 'event');
    return `<li>${when(at)} <strong>${escapeHtml(title)}</strong> <small>${escapeHtml(payload.level)} · ${escapeHtml(payload.release)} · ${escapeHtml(payload.environment)} · user ${escapeHtml(payload.user?.id)} · trace ${escapeHtml(payload.contexts?.trace?.trace_id)}</small></li>`;
  });
  const seconds = (span: Timed) => `${Math.round(((span.timestamp ?? 0) - (span.start_timestamp ?? 0)) * 1000)} ms`;
  const transactions = of('transaction').map(({ at, payload }) => {
    const spans = payload.spans ?? [];
    return `<li>${when(at)} <strong>${escapeHtml(payload.transaction)}</strong> <small>${escapeHtml(payload.contexts?.trace?.op)} · ${seconds(payload)} · trace ${escapeHtml(payload.contexts?.trace?.trace_id)}</small>${
      spans.length
        ? `<ul>${spans.map((span) => `<li>${escapeHtml(span.op)} ${escapeHtml(span.description)} <small>${seconds(span)}</small></li>`).join('')}</ul>`
        : ''
    }</li>`;
  });
  const replays = of('replay_event').map(
    ({ at, payload }) =>
      `<li>${when(at)} <strong>${escapeHtml(payload.replay_id)}</strong> <small>segment ${escapeHtml(payload.segment_id)} · ${escapeHtml(payload.replay_type)} · ${escapeHtml((payload.urls ?? []).join(' '))}</small></li>`,
  );
  const feedback = of('feedback').map(({ at, payload }) => {
    const { name, contact_email: email, message } = payload.contexts?.feedback ?? {};
    return `<li>${when(at)} <strong>${escapeHtml(name)}</strong> &lt;${escapeHtml(email)}&gt;: ${escapeHtml(message)}</li>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sentry double</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:70rem}small,time{color:#555}li{margin:.3rem 0}</style></head>
<body><h1>What reached the Sentry double</h1><p>${envelopes.length} envelopes kept. JSON at <a href="/received">/received</a>.</p>
${section('Errors', errors)}${section('Transactions', transactions)}${section('Replays', replays)}${section('Feedback', feedback)}</body></html>`;
}
