import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { API_LIMITS } from '../../shared/constants';
import { API_ERRORS } from '../../shared/messages';
import { routesByKey, type HandlerName, type RouteKey, type RouteKeyOf, type RouteOf } from '../routes';
import { now } from './clock';
import { reportAsUser, reportError, traceHeadersOf, withErrorReporting } from './error-reporting';
import { HttpError, invalidField, notFound, unauthorized, validationError } from './errors';
import { log, logger } from './log';
import { cameThroughTheSite } from './origin';
import { isIssuedAfterReset } from './token-cutoffs.repository';
import { isWellFormedText } from '../../shared/text';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

type BodyOf<K extends RouteKey> = RouteOf<K> extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;
type UserOf<K extends RouteKey> = RouteOf<K> extends { public: true } ? string | null : string;

export interface HttpRequest<B, U extends string | null = string> {
  /** The signed-in user, from the verified token's `sub` claim; never from the body or query. */
  userId: U;
  body: B;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  now: Date;
  event: HttpEvent;
}

export interface Reply {
  status: 200 | 201 | 202 | 204 | 302 | 304;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body that is not JSON (the calendar feed), sent as it is under its own content-type header. */
  text?: string;
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
 * the body with the route's schema, runs the operation and answers JSON. Errors become
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

      const userId = callerId(event);
      reportAsUser(userId);
      if (!route.public && !userId) throw unauthorized();
      const body = route.body ? parseWith(route.body, readJson(event)) : undefined;
      const query = route.query ? parseWith(route.query, event.queryStringParameters ?? {}) : (event.queryStringParameters ?? {});
      // After the cheap checks, so that a malformed request costs no read.
      if (!route.public && !(await isIssuedAfterReset(userId!, Number(event.requestContext.authorizer.jwt.claims.iat)))) throw unauthorized();

      const reply = await operation({ userId, body, params: (event.pathParameters ?? {}) as Record<string, string>, query, now: now(), event });
      if (reply.text === undefined) return toResult(reply.status, reply.body, reply.headers);
      return { statusCode: reply.status, headers: reply.headers, body: reply.text };
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

/** `/ical/{token}` of `GET /ical/{token}`. */
const pathOfRoute = (routeKey: string) => routeKey.slice(routeKey.indexOf(' ') + 1);

/** The `sub` claim the API Gateway JWT authorizer verified, or null on a public route without a token. */
function callerId(event: HttpEvent): string | null {
  const sub = event.requestContext.authorizer?.jwt?.claims?.sub;
  return typeof sub === 'string' && sub.length > 0 ? sub : null;
}

function readJson(event: HttpEvent): unknown {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
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
 * The path of a string (a value or a key) in a parsed body that is not well-formed
 * Unicode, or null: one check for every field of every route. Walked with a stack of its own, since
 * a body within the size limit may nest deeper than the call stack goes.
 */
function illFormedField(body: unknown): string | null {
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
      const error = request.error;
      if (error instanceof HttpError) {
        // A service the function relies on failed (Google, ElevenLabs): the operator's to see too. A 503
        // (not configured, or Google's rate limit) is a state the person is told of, not a failure.
        if (error.status === 502) await reportError(error);
        request.response = toResult(error.status, error.toBody(), error.headers);
        return;
      }
      log.error('unhandled error', { routeKey: request.event.routeKey, error });
      await reportError(error);
      request.response = toResult(500, { error: { code: 'internal', message: API_ERRORS.internal } });
    },
  };
}
