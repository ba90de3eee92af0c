import type * as Sentry from '@sentry/node-core/light';
import type { Event } from '@sentry/node-core/light';
import type { TraceHeaders } from '../../events/catalogue';
import { withoutFeedTokens } from '../../shared/calendar-feed-path';
import { ERROR_REPORTING_SAMPLING, parseDsn, TRACE_HEADERS } from '../../shared/error-reporting';
import { log } from './log';
import { loadSecrets } from './secrets';

/**
 * Error reporting of the functions over the Sentry protocol (docs/deploy.md, docs/events.md), with
 * `@sentry/node-core/light`: no OpenTelemetry, one AsyncLocalStorage isolation scope per invocation.
 * The DSN is `SENTRY_DSN`, read from Secrets Manager in AWS (by `SENTRY_DSN_ARN`) and from the
 * environment locally. Without a DSN (or with the secret's generated stand-in, which is no DSN) the
 * SDK is never loaded, and every helper here only runs what it is given. Reporting never fails what
 * it reports on: a secret that cannot be read, an SDK that cannot start or a service that does not
 * answer leaves reporting off or late, and the invocation answers as it would without it.
 */

/** The DSN's secret, read once per cold start, beside the function's own start; a failed read turns reporting off. */
const dsnRead = loadSecrets(['SENTRY_DSN']).catch((error: unknown) => log.warn('SENTRY_DSN could not be read: nothing is reported', { error: String(error) }));

/**
 * How long a function waits, before it answers, for its reports to be sent (a frozen Lambda sends
 * nothing), as Sentry's own Lambda wrapper does. Once a wait ran out (the service is down or slow),
 * the next invocations wait only briefly, until one sends in time: what is not sent waits in the
 * SDK's buffer for the next invocation, so a slow service slows one answer per warm function.
 */
const FLUSH_TIMEOUT_MS = 2_000;
const FLUSH_TIMEOUT_WHILE_SLOW_MS = 100;
/** How long a bug report's consumer waits for the service to take the feedback, well within a consumer's 30 s (infra/stacks/events-stack.ts). */
const FEEDBACK_ANSWER_TIMEOUT_MS = 10_000;
let flushTimeoutMs = FLUSH_TIMEOUT_MS;

/** Query parameters whose values are credentials: a socket ticket, an OAuth code and state, a token. */
const SECRET_QUERY_PARAMETERS = new Set(['ticket', 'code', 'state', 'token', 'access_token', 'id_token', 'refresh_token']);

/** The request headers a report keeps; every other one (authorization, cookie, the origin check, trace headers) is dropped. */
const KEPT_HEADERS = new Set(['user-agent', 'content-type', 'content-length', 'accept', 'accept-language']);

/** The integrations the light client runs: none that records console lines, outgoing requests or local variables, which may hold item content or tokens. */
const INTEGRATIONS = new Set(['EventFilters', 'FunctionToString', 'LinkedErrors', 'RequestData', 'NodeSystemError', 'Context', 'ContextLines']);

/** A span's status codes (@sentry/core's SPAN_STATUS_OK and SPAN_STATUS_ERROR, which the light entry does not export). */
const SPAN_STATUS = { ok: 1, error: 2 } as const;

type Sdk = typeof Sentry;
let sdk: Sdk | undefined;
/** The DSN the SDK was started with. */
let sdkDsn: string | undefined;
let starting: Promise<Sdk | undefined> | undefined;
/** A value of SENTRY_DSN found to be no DSN, or with which the SDK could not start: said once, not tried again. */
let refusedDsn: string | undefined;

/**
 * The SDK, started when a DSN is set, once per DSN: once per process in Lambda; the local stack runs
 * every function in one process, and a test process may start several stacks, each with its own
 * reporting or none. Undefined without a DSN.
 */
async function started(): Promise<Sdk | undefined> {
  if (sdk && sdkDsn === process.env.SENTRY_DSN) return sdk;
  await dsnRead;
  const dsn = process.env.SENTRY_DSN;
  if (!dsn || dsn === refusedDsn) return undefined;
  if (!parseDsn(dsn)) {
    refusedDsn = dsn;
    log.warn('SENTRY_DSN is not a DSN: nothing is reported');
    return undefined;
  }
  starting ??= start(dsn).finally(() => (starting = undefined));
  return starting;
}

async function start(dsn: string): Promise<Sdk | undefined> {
  try {
    const loaded = await import('@sentry/node-core/light');
    initialise(loaded, dsn);
    sdk = loaded;
    sdkDsn = dsn;
    return sdk;
  } catch (error) {
    refusedDsn = dsn;
    log.warn('The error-reporting SDK could not start: nothing is reported', { error: String(error) });
    return undefined;
  }
}

function initialise(loaded: Sdk, dsn: string): void {
  loaded.init({
    dsn,
    release: process.env.SENTRY_RELEASE,
    environment: process.env.SENTRY_ENVIRONMENT,
    tracesSampleRate: ERROR_REPORTING_SAMPLING.traces,
    sendDefaultPii: false,
    integrations: (defaults) => defaults.filter((integration) => INTEGRATIONS.has(integration.name)),
    beforeSend: scrubbed,
    beforeSendTransaction: scrubbed,
    beforeBreadcrumb: (breadcrumb) => ({ ...breadcrumb, data: undefined }),
  });
}

/** Runs a call into the SDK that must not fail its caller: a report lost is logged, the invocation goes on. */
function safely(call: () => void): void {
  try {
    call();
  } catch (error) {
    log.warn('An error could not be reported', { error: String(error) });
  }
}

/** Waits for what is buffered to be sent, within the current timeout (see FLUSH_TIMEOUT_MS). */
async function flushed(reporting: Sdk): Promise<void> {
  const sent = await reporting.flush(flushTimeoutMs).catch(() => false);
  flushTimeoutMs = sent ? FLUSH_TIMEOUT_MS : FLUSH_TIMEOUT_WHILE_SLOW_MS;
}

/** What one invocation is: its span's name and operation, the trace it continues, and who it serves. */
export interface Invocation {
  /** A route key, a consumer's or schedule's target, a WebSocket route. */
  name: string;
  op: 'http.server' | 'queue.process' | 'function.schedule' | 'function.stream' | 'websocket.server' | 'function.authorizer' | 'function.trigger';
  /** The trace headers a request or an event carried, if any. */
  trace?: TraceHeaders | undefined;
  /** From a verified token (or an event a verified request caused): the only thing a report says about a person. */
  userId?: string | null | undefined;
  /** Which request it is, without its query (credentials travel there). */
  request?: { method: string; url: string };
  tags?: Record<string, string>;
  /** An error that is the invocation's answer, not a failure (a refusal Cognito shows the person): passed on, not reported. */
  isAnswer?: (error: unknown) => boolean;
}

/**
 * Runs one invocation in an isolation scope of its own, in a span continuing `trace`: reports what
 * escapes it, sets the span's status (from the answer's HTTP status, when `statusOf` reads one), and
 * waits for the reports to be sent before it answers.
 */
export async function withErrorReporting<T>(invocation: Invocation, work: () => Promise<T>, statusOf?: (result: T) => number): Promise<T> {
  const reporting = await started();
  if (!reporting) return work();
  try {
    return await reporting.withIsolationScope((scope) => {
      scope.setTransactionName(invocation.name);
      // Its own user or none: a scope forked from one a user was set on (outside any invocation) must not lend it one.
      scope.setUser(invocation.userId ? { id: invocation.userId } : null);
      if (invocation.tags) scope.setTags(invocation.tags);
      if (invocation.request) scope.setSDKProcessingMetadata({ normalizedRequest: invocation.request });
      const { trace } = invocation;
      return reporting.continueTrace({ sentryTrace: trace?.['sentry-trace'], baggage: trace?.baggage }, () =>
        reporting.startSpan({ name: invocation.name, op: invocation.op, forceTransaction: true, attributes: { 'sentry.source': 'route' } }, async (span) => {
          try {
            const result = await work();
            if (statusOf) reporting.setHttpStatus(span, statusOf(result));
            else span.setStatus({ code: SPAN_STATUS.ok });
            return result;
          } catch (error) {
            if (!invocation.isAnswer?.(error))
              safely(() => {
                span.setStatus({ code: SPAN_STATUS.error, message: 'internal_error' });
                reporting.captureException(error);
              });
            throw error;
          }
        }),
      );
    });
  } finally {
    await flushed(reporting);
  }
}

/** Reports an error the invocation handles itself (a 500 it answers, a record it leaves for a retry), in the invocation's scope and trace. */
export async function reportError(error: unknown, tags?: Record<string, string>): Promise<void> {
  const reporting = await started();
  if (reporting) safely(() => reporting.captureException(error, tags ? { tags } : undefined));
}

/** Names the signed-in user (the verified token's `sub`) in the invocation's reports. */
export function reportAsUser(userId: string | null): void {
  if (userId) sdk?.setUser({ id: userId });
}

/** Runs `work` in a child span of the invocation's, when one is active: a DynamoDB call, for one. */
export function inChildSpan<T>(name: string, op: string, work: () => Promise<T>): Promise<T> {
  if (!sdk?.getActiveSpan()) return work();
  return sdk.startSpan({ name, op }, work);
}

/** The trace headers of the active span, for an event this invocation puts on the bus; undefined when nothing is traced. */
export function currentTraceHeaders(): TraceHeaders | undefined {
  if (!sdk?.getActiveSpan()) return undefined;
  const data = sdk.getTraceData();
  const [traceHeader, baggageHeader] = TRACE_HEADERS;
  const sentryTrace = data[traceHeader];
  if (!sentryTrace) return undefined;
  return { [traceHeader]: sentryTrace, ...(data[baggageHeader] ? { [baggageHeader]: data[baggageHeader] } : {}) };
}

/** The trace headers of an HTTP request (API Gateway hands header names in lower case). */
export function traceHeadersOf(headers: Record<string, string | undefined> | undefined): TraceHeaders | undefined {
  const [traceHeader, baggageHeader] = TRACE_HEADERS;
  const sentryTrace = headers?.[traceHeader];
  if (!sentryTrace) return undefined;
  const baggage = headers[baggageHeader];
  return { [traceHeader]: sentryTrace, ...(baggage ? { [baggageHeader]: baggage } : {}) };
}

export interface Feedback {
  name: string;
  email: string;
  message: string;
  /** An error report the feedback is about. */
  associatedEventId?: string;
}

/**
 * Sends user feedback (a `feedback` envelope item: its `contexts.feedback` holds name, contact_email,
 * message and associated_event_id) and waits for the service's answer: false without a DSN; throws
 * when it was not taken (refused, rate-limited, unreachable), so the caller's retry sends it again.
 */
export async function sendFeedback(feedback: Feedback, tags: Record<string, string>): Promise<boolean> {
  const reporting = await started();
  const client = reporting?.getClient();
  if (!reporting || !client) return false;
  let sentId: string | undefined;
  let settle: (status: number | undefined) => void = () => undefined;
  const answered = new Promise<number | undefined>((resolve) => (settle = resolve));
  const stopListening = client.on('afterSendEvent', (event, response) => {
    if (event.event_id === sentId) settle(response.statusCode);
  });
  const timer = setTimeout(() => settle(undefined), FEEDBACK_ANSWER_TIMEOUT_MS);
  try {
    sentId = reporting.withScope((scope) => reporting.captureFeedback(feedback, {}, scope.setTags(tags)));
    const status = await answered;
    if (status === undefined || status < 200 || status >= 300)
      throw new Error(`the error-reporting service did not take the feedback (${status ?? 'no answer'})`);
    return true;
  } finally {
    clearTimeout(timer);
    stopListening();
  }
}

/**
 * What leaves a function in a report or a trace: no request body, cookie, header but a few harmless
 * ones, credential in a query string or URL (a calendar feed's token in its path), extra data (an object thrown or attached may hold item
 * content), and of the user only the id.
 */
export function scrubbed<E extends Event>(event: E): E {
  if (event.request) {
    const { data: _data, cookies: _cookies, headers, query_string: query, url, ...rest } = event.request;
    event.request = {
      ...rest,
      ...(url ? { url: withoutSecrets(url) } : {}),
      // The SDK may hold a query as a string, an object or pairs: a string is kept without its credentials, the others dropped.
      ...(typeof query === 'string' ? { query_string: withoutSecretParameters(query) } : {}),
      ...(headers ? { headers: Object.fromEntries(Object.entries(headers).filter(([name]) => KEPT_HEADERS.has(name.toLowerCase()))) } : {}),
    };
  }
  if (event.user) event.user = event.user.id === undefined ? {} : { id: event.user.id };
  delete event.extra;
  event.breadcrumbs = event.breadcrumbs?.map((breadcrumb) => ({ ...breadcrumb, data: undefined }));
  event.spans = event.spans?.map((span) => ({
    ...span,
    data: Object.fromEntries(Object.entries(span.data ?? {}).filter(([key]) => !/url|query|body/i.test(key))),
  }));
  return event;
}

function withoutSecrets(url: string): string {
  const [path = '', query] = url.split('?', 2);
  return query === undefined ? withoutFeedTokens(path) : `${withoutFeedTokens(path)}?${withoutSecretParameters(query)}`;
}

function withoutSecretParameters(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      return SECRET_QUERY_PARAMETERS.has(decodedName(name).toLowerCase()) ? `${name}=[Filtered]` : pair;
    })
    .join('&');
}

/** A query parameter's name as a server reads it; one that is not valid percent-encoding, as written. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}
