import { createHash } from 'node:crypto';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2WithLambdaAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { ACCESS_TOKEN_MESSAGES, scopeAllows, type AccessTokenScope } from '../../shared/access-tokens';
import { API_LIMITS } from '../../shared/constants';
import { API_ERRORS } from '../../shared/messages';
import type { AuthorizerContext } from '../access-tokens/authorizer';
import { isTokenStillValid } from '../access-tokens/still-valid';
import { routesByKey, type HandlerName, type Route, type RouteKey, type RouteKeyOf, type RouteOf } from '../routes';
import { now } from './clock';
import { reportAsUser, reportError, traceHeadersOf, withErrorReporting } from './error-reporting';
import { HttpError, invalidField, notFound, unauthorized, validationError } from './errors';
import { claimKey, findRequest, keepAnswer, releaseKey, type IdempotentRequest } from './idempotent-requests.repository';
import { log, logger } from './log';
import { cameThroughTheSite } from './origin';
import { isIssuedAfterReset } from './token-cutoffs.repository';
import { isWellFormedText } from '../../shared/text';

/**
 * What API Gateway hands a handler: `requestContext.authorizer.lambda` holds the authorizer's
 * context (functions/access-tokens/authorizer.ts) on every route not marked public, and is absent
 * on a public one (which the type, from @types/aws-lambda, cannot say).
 */
export type HttpEvent = APIGatewayProxyEventV2WithLambdaAuthorizer<AuthorizerContext>;
export type HttpResult = APIGatewayProxyStructuredResultV2;

type BodyOf<K extends RouteKey> =
  RouteOf<K> extends { body: infer S extends z.ZodType } ? z.output<S> : RouteOf<K> extends { fileBody: object } ? Uint8Array : undefined;
type UserOf<K extends RouteKey> = RouteOf<K> extends { public: true } ? string | null : string;

/**
 * Who is calling: the person in a signed-in session (a Cognito token), or a script or an outside
 * assistant with one of their personal access tokens (shared/access-tokens.ts).
 */
export type Caller = { kind: 'session' } | { kind: 'token'; tokenId: string; scope: AccessTokenScope; name: string };

export interface HttpRequest<B, U extends string | null = string> {
  /** The signed-in user, from the verified token's `sub` claim; never from the body or query. */
  userId: U;
  caller: Caller;
  body: B;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  now: Date;
  event: HttpEvent;
}

export interface Reply {
  /** A 4xx only with `text`: a protocol's own error body (the MCP server's JSON-RPC errors). */
  status: 200 | 201 | 202 | 204 | 302 | 304 | 400 | 405 | 406 | 413 | 415;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body that is not JSON (the calendar feed), sent as it is under its own content-type header. */
  text?: string;
  /** A binary body (an export's zip) under its own content-type header: API Gateway takes it base64 encoded, and sends the bytes. */
  bytes?: Uint8Array;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
export const noContent = (): Reply => ({ status: 204 });
/** For a route a browser follows (the OAuth callback). */
export const redirect = (location: string): Reply => ({ status: 302, headers: { location } });

export type Operations<H extends HandlerName> = {
  [K in RouteKeyOf<H>]: (request: HttpRequest<BodyOf<K>, UserOf<K>>) => Promise<Reply>;
};

/**
 * A Lambda handler serving the routes of one handler name: checks the caller, parses and validates
 * the body with the route's schema, runs the operation (a signed-in change with an Idempotency-Key
 * once: answerOnce) and answers JSON. Errors become
 * `{ error: { code, message, fields? } }`; anything unexpected is logged, reported and answered as a
 * bare 500; a 502 (a service it relies on failed) is reported too. Each request is a span named by
 * its route, continuing the signed-in browser's trace from its headers.
 */
export function httpHandler<H extends HandlerName>(name: H, operations: Operations<H>) {
  const handler = middy<HttpEvent, HttpResult, Error, Context>()
    // Never the event in the log (POWERTOOLS_LOGGER_LOG_EVENT cannot turn it on): its path and headers may hold secrets.
    .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
    .use(jsonErrors())
    .handler(async (event) => {
      logger.setCorrelationId(event.requestContext.requestId);
      // API Gateway's own words for a refusal, as the authorizer answers.
      if (!cameThroughTheSite(event.headers)) return toResult(403, { message: 'Forbidden' });
      const route = routesByKey.get(event.routeKey);
      const operation = (operations as Record<string, (request: HttpRequest<unknown, string | null>) => Promise<Reply>>)[event.routeKey];
      if (!route || route.handler !== name || !operation) throw notFound();

      const authorized = authorizedCaller(event);
      const userId = authorized?.userId ?? null;
      reportAsUser(userId);
      if (!route.public && !authorized) throw unauthorized();
      const caller: Caller = authorized?.kind === 'token' ? authorized.token : { kind: 'session' };
      if (!route.public && caller.kind === 'token') mayCallWithToken(route, caller);
      const body = route.body ? parseWith(route.body, readJson(event)) : route.fileBody ? readFileBody(event, route.fileBody) : undefined;
      const query = route.query ? parseWith(route.query, event.queryStringParameters ?? {}) : (event.queryStringParameters ?? {});
      const idempotencyKey = !route.public && CHANGING_METHODS.has(route.method) ? idempotencyKeyOf(event) : undefined;
      const requestTime = now();
      // After the cheap checks, so that a malformed request costs no read.
      if (!route.public && !(await isStillValid(authorized!, requestTime))) throw unauthorized();

      const answer = () =>
        operation({ userId, caller, body, params: (event.pathParameters ?? {}) as Record<string, string>, query, now: requestTime, event }).then(
          resultOf,
          (error) => errorResult(error, event.routeKey),
        );
      if (idempotencyKey === undefined) return answer();
      return answerOnce({ userId: userId!, key: idempotencyKey, fingerprint: fingerprintOf(event) }, answer);
    });
  return (event: HttpEvent, context: Context): Promise<HttpResult> =>
    withErrorReporting(
      {
        name: event.routeKey,
        op: 'http.server',
        // A public route's caller is anonymous: its request starts a trace of its own, and nothing
        // it sends (a trace to join, baggage that names a user or a release) goes in the report.
        trace: routesByKey.get(event.routeKey)?.public ? undefined : traceHeadersOf(event.headers),
        // The route's path, never the request's: a path may hold a secret (the calendar feed's token).
        request: { method: event.requestContext.http.method, url: `https://${event.requestContext.domainName}${pathOfRoute(event.routeKey)}` },
      },
      () => handler(event, context),
      (result) => result.statusCode ?? 200,
    );
}

function resultOf(reply: Reply): HttpResult {
  if (reply.bytes !== undefined) {
    return { statusCode: reply.status, headers: reply.headers, body: Buffer.from(reply.bytes).toString('base64'), isBase64Encoded: true };
  }
  if (reply.text === undefined) return toResult(reply.status, reply.body, reply.headers);
  return { statusCode: reply.status, headers: reply.headers, body: reply.text };
}

const CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The request's Idempotency-Key, or undefined without one; a malformed key is a 400. */
function idempotencyKeyOf(event: HttpEvent): string | undefined {
  const key = event.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw invalidField('Idempotency-Key', API_ERRORS.invalidIdempotencyKey);
  return key;
}

/** What tells one request from another under one key: its method, path, query and body. */
function fingerprintOf(event: HttpEvent): string {
  const request = [event.requestContext.http.method, event.rawPath, event.rawQueryString, bodyText(event)];
  return createHash('sha256').update(JSON.stringify(request)).digest('base64url');
}

/**
 * Runs a signed-in change once per Idempotency-Key, after the IETF draft "The Idempotency-Key HTTP
 * Header Field": a retry of the same request within IDEMPOTENCY_WINDOW_HOURS gets the first answer
 * again, marked `idempotent-replayed`, and nothing runs twice; the key on another request is a 422,
 * and while its first request still runs, a 409. A 5xx or a 429 is not kept, so the client may retry.
 */
async function answerOnce(request: IdempotentRequest, answer: () => Promise<HttpResult>): Promise<HttpResult> {
  const lease = await claimKey(request, now());
  if (lease === undefined) return earlierAnswer(request);
  const result = await answer().catch(async (error: unknown) => {
    await releaseKey(request, lease);
    throw error;
  });
  const status = result.statusCode ?? 200;
  if (status >= 500 || status === 429) await releaseKey(request, lease);
  else await keepAnswer(request, lease, { status, contentType: String(result.headers?.['content-type'] ?? ''), body: result.body ?? '' });
  return result;
}

async function earlierAnswer(request: IdempotentRequest): Promise<HttpResult> {
  const earlier = await findRequest(request);
  if (earlier && earlier.fingerprint !== request.fingerprint) {
    throw new HttpError(422, 'idempotency_key_reused', API_ERRORS.idempotencyKeyReused);
  }
  // No answer yet: its first run still holds the key, or gave it up since (failed), which a retry may claim.
  if (!earlier?.answer) throw new HttpError(409, 'idempotency_in_progress', API_ERRORS.idempotencyInProgress, undefined, { 'retry-after': '1' });
  const { status, contentType, body } = earlier.answer;
  return { statusCode: status, headers: { 'content-type': contentType, 'cache-control': 'no-store', 'idempotent-replayed': 'true' }, body };
}

/** `/ical/{token}` of `GET /ical/{token}`. */
const pathOfRoute = (routeKey: string) => routeKey.slice(routeKey.indexOf(' ') + 1);

type TokenCaller = Extract<Caller, { kind: 'token' }>;
/** Who the authorizer let through, as its (perhaps cached) context says. */
type AuthorizedCaller = { kind: 'session'; userId: string; issuedAt: number; expiresAt: number } | { kind: 'token'; userId: string; token: TokenCaller };

/** The caller the authorizer's context names, or null on a public route (no authorizer runs there). */
function authorizedCaller(event: HttpEvent): AuthorizedCaller | null {
  // Absent on a public route, whatever the type says.
  const context: AuthorizerContext | undefined = event.requestContext.authorizer?.lambda;
  const userId = context?.sub;
  if (!context || typeof userId !== 'string' || userId === '') return null;
  if (context.token_id === undefined) return { kind: 'session', userId, issuedAt: Number(context.iat), expiresAt: Number(context.exp) };
  return {
    kind: 'token',
    userId,
    token: { kind: 'token', tokenId: context.token_id, scope: context.scope as AccessTokenScope, name: context.token_name ?? '' },
  };
}

/** The scope a token needs on a route: its own when it names one, else `read` to GET and `write` for anything else. */
export const scopeNeeded = (route: Route): AccessTokenScope => route.tokenScope ?? (route.method === 'GET' ? 'read' : 'write');

/** Refuses a personal access token a route only a session may call, or one whose scope is short of the route's (403, before any read). */
function mayCallWithToken(route: Route, token: TokenCaller): void {
  if (route.sessionOnly) throw new HttpError(403, 'token_not_allowed', ACCESS_TOKEN_MESSAGES.notAllowed);
  if (!scopeAllows(token.scope, scopeNeeded(route))) throw new HttpError(403, 'insufficient_scope', ACCESS_TOKEN_MESSAGES.insufficientScope);
}

/**
 * What the gateway's cached answer (AUTHORIZER_CACHE_SECONDS) cannot know, checked on every request
 * with one read: a Cognito token against the end of the user's sessions (a password reset, "Sign
 * out everywhere"), and its expiry, which may come while the answer is cached (read off the system
 * clock, as the verifier reads it); a personal access token against its record, gone once revoked.
 */
async function isStillValid(authorized: AuthorizedCaller, requestTime: Date): Promise<boolean> {
  if (authorized.kind === 'session') {
    return authorized.expiresAt * 1000 > Date.now() && (await isIssuedAfterReset(authorized.userId, authorized.issuedAt));
  }
  return isTokenStillValid(authorized.userId, authorized.token.tokenId, requestTime);
}

/** The request's body as text, decoded when API Gateway sent it base64 encoded. */
export function bodyText(event: HttpEvent): string {
  const raw = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
}

function readJson(event: HttpEvent): unknown {
  const text = bodyText(event);
  if (Buffer.byteLength(text, 'utf8') > API_LIMITS.maxBodyBytes) {
    throw new HttpError(413, 'payload_too_large', API_ERRORS.payloadTooLarge);
  }
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', API_ERRORS.invalidJson);
  }
  const field = illFormedField(body);
  if (field !== null) throw invalidField(field, API_ERRORS.illFormedText);
  return body;
}

/**
 * A route's file, as the bytes sent: API Gateway hands a body of a media type it does not read as
 * text in base64 (the local adapter as well), any other as text. Past the route's own limit, a 413
 * with its message, before the bytes are decoded.
 */
function readFileBody(event: HttpEvent, { maxBytes, tooLarge }: NonNullable<Route['fileBody']>): Uint8Array {
  const raw = event.body ?? '';
  const padding = raw.endsWith('==') ? 2 : raw.endsWith('=') ? 1 : 0;
  const sentBytes = event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) - padding : Buffer.byteLength(raw, 'utf8');
  if (sentBytes > maxBytes) throw new HttpError(413, 'payload_too_large', tooLarge);
  return new Uint8Array(Buffer.from(raw, event.isBase64Encoded ? 'base64' : 'utf8'));
}

/**
 * The path of a string (a value or a key) in a parsed body that is not well-formed
 * Unicode, or null: one check for every field of every route. Walked with a stack of its own, since
 * a body within the size limit may nest deeper than the call stack goes.
 */
export function illFormedField(body: unknown): string | null {
  const pending: Array<[value: unknown, path: string]> = [[body, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (!isWellFormedText(value)) return path || 'body';
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isWellFormedText(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function toResult(status: number, body?: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

function jsonErrors(): MiddlewareObj<HttpEvent, HttpResult, Error, Context> {
  return {
    onError: async (request) => {
      request.response = await errorResult(request.error, request.event.routeKey);
    },
  };
}

async function errorResult(error: unknown, routeKey: string): Promise<HttpResult> {
  if (error instanceof HttpError) {
    // A service the function relies on failed (Google, ElevenLabs): the operator's to see too. A 503
    // (not configured, or Google's rate limit) is a state the person is told of, not a failure.
    if (error.status === 502) await reportError(error);
    return toResult(error.status, error.toBody(), error.headers);
  }
  log.error('unhandled error', { routeKey, error });
  await reportError(error);
  return toResult(500, { error: { code: 'internal', message: API_ERRORS.internal } });
}
