import { randomUUID } from 'node:crypto';
import type { APIGatewayRequestAuthorizerEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { API_THROTTLE, CLIENT_RATE_LIMITS, PUBLIC_ROUTE_THROTTLE } from '../shared/constants';
import { CALENDAR_FEED, tokenOfFeedPath } from '../shared/calendar-feed';
import { routes, type HandlerName, type Route } from '../functions/routes';
import { AUTHORIZER_CACHE_SECONDS, AUTHORIZER_REFUSAL, createAuthorizer, type Authorizer, type AuthorizerContext } from '../functions/access-tokens/authorizer';
import { addressKey } from '../functions/platform/client-address';
import type { HttpEvent } from '../functions/platform/http';
import type { TokenVerifier } from '../functions/platform/token-verifier';
import { loadHandler } from './functions';
import { lambdaContext } from './lambda-context';

type Handler = (event: HttpEvent, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export interface LocalRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  sourceIp?: string;
}

export interface LocalResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** A binary answer's bytes (the handler sent them base64 encoded, which API Gateway decodes); `body` is then empty. */
  bytes?: Buffer;
}

type ClientLimits = { [K in keyof typeof CLIENT_RATE_LIMITS]: number };

export interface AdapterOptions {
  /** How the authorizer checks a Cognito token (tests sign their own). */
  verifyToken: TokenVerifier;
  throttle?: { ratePerSecond: number; burst: number };
  /** CLIENT_RATE_LIMITS, with these in place of some. */
  clientLimits?: Partial<ClientLimits>;
  loadHandler?: (name: HandlerName) => Promise<Handler>;
}

/** Set by CloudFront in AWS, never by a client (functions/platform/client-address.ts). */
const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** API Gateway's own limit on a request body; the handlers' lower limit answers first. */
const GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Plays the HTTP API in front of the handlers: matches the route table, runs the same Lambda
 * authorizer the CDK deploys (functions/access-tokens/authorizer.ts) on every non-public route,
 * keeping its answers for AUTHORIZER_CACHE_SECONDS per Authorization header as API Gateway does,
 * throttles, builds the payload-2.0 event exactly as API Gateway does (the authorizer's context in
 * requestContext.authorizer.lambda) and calls the same handler the CDK deploys. Answers of its own
 * use API Gateway's bodies ({"message": ...}).
 */
export function createApiAdapter(options: AdapterOptions) {
  const matchers = routes.map((route) => ({ route: route as Route, ...compilePath(route.path) }));
  const throttle = tokenBucket(options.throttle ?? API_THROTTLE);
  const perClient = fixedWindows({ ...CLIENT_RATE_LIMITS, ...options.clientLimits });
  const publicRouteThrottles = new Map<string, () => boolean>(
    routes
      .filter((route) => 'public' in route)
      .map((route) => [route.key, tokenBucket(options.throttle ?? (route as Route).throttle ?? PUBLIC_ROUTE_THROTTLE)]),
  );
  const load = options.loadHandler ?? ((name: HandlerName) => loadHandler<Handler>(`${name}/handler`));
  const authorize = cachedAuthorizer(createAuthorizer(options.verifyToken));

  return async function handle(request: LocalRequest): Promise<LocalResponse> {
    const url = new URL(request.url, 'http://localhost');
    // API Gateway decodes the path before it routes or authorizes, and refuses one it cannot decode.
    if (!isDecodable(url.pathname)) return gatewayAnswer(400, 'Bad Request');
    const match = findRoute(matchers, request.method, url.pathname);
    if (!match) return gatewayAnswer(404, 'Not Found');

    // The edge's limits come first, as the web ACL stands in front of API Gateway: what they refuse
    // never reaches the throttles that everyone shares.
    const authorization = await authorize(request, url, match.route);
    const granted = 'context' in authorization ? authorization.context : undefined;
    // As the web ACL does, a feed path that is not exactly /ical/<token>.ics is refused before it is
    // counted, so that no other spelling of an address escapes its count.
    const feedToken = match.route.path.startsWith(CALENDAR_FEED.pathPrefix) ? tokenOfFeedPath(url.pathname) : undefined;
    if (feedToken === null) return gatewayAnswer(404, 'Not Found');
    // A person is counted by their account, anyone else by their address (an IPv6 host by its /64,
    // as the handlers count it): a flood without a token from one address never uses up what a
    // signed-in person may send. Everything from the address counts towards its ceiling as well,
    // and a public route's requests towards the address's own count for those routes, whatever
    // token comes along; a service's calls for everyone (Google's push notices) count by address
    // only towards the ceiling. Each feed address has its own count.
    const address = addressKey(request.sourceIp ?? '127.0.0.1');
    const byAddress = !match.route.calledByService;
    const withinOwnLimit = granted?.sub ? perClient({ person: granted.sub }) : !byAddress || perClient({ anonymous: address });
    const withinAddressCeiling = perClient({ address });
    const withinPublicRoutes = !match.route.public || !byAddress || perClient({ publicRoutesOf: address });
    const withinFeedCount = feedToken === undefined || perClient({ feedToken });
    if (!withinOwnLimit || !withinAddressCeiling || !withinPublicRoutes || !withinFeedCount) return gatewayAnswer(429, 'Too Many Requests');
    if (!throttle() || publicRouteThrottles.get(match.route.key)?.() === false) return gatewayAnswer(429, 'Too Many Requests');
    if (request.body.length > GATEWAY_MAX_BODY_BYTES) return gatewayAnswer(413, 'Request Entity Too Large');
    if (!match.route.public && 'refused' in authorization) return gatewayAnswer(...authorization.refused);
    // Like API Gateway, a public route gets no authorizer, so no context.
    const event = gatewayEvent(request, url, match.route, match.params, match.route.public ? undefined : granted);
    const handler = await load(match.route.handler);
    const result = await handler(event, lambdaContext(match.route.handler));
    const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]));
    if (result.isBase64Encoded) return { status: result.statusCode ?? 200, headers, body: '', bytes: Buffer.from(result.body ?? '', 'base64') };
    return { status: result.statusCode ?? 200, headers, body: result.body ?? '' };
  };
}

export type ApiAdapter = ReturnType<typeof createApiAdapter>;

function compilePath(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_all, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

/** Like API Gateway: a literal path segment wins over a {parameter} (PUT /api/goals/order over /{id}). */
function findRoute(matchers: ReadonlyArray<{ route: Route; pattern: RegExp; names: string[] }>, method: string, pathname: string) {
  const candidates = matchers
    .filter((matcher) => matcher.route.method === method && matcher.pattern.test(pathname))
    .sort((a, b) => a.names.length - b.names.length);
  const best = candidates[0];
  if (!best) return undefined;
  const values = best.pattern.exec(pathname)!.slice(1);
  const params = Object.fromEntries(best.names.map((name, index) => [name, decodeURIComponent(values[index]!)]));
  return { route: best.route, params };
}

function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

type Authorization = { context: AuthorizerContext } | { refused: [status: number, message: string] };

/**
 * The authorizer as API Gateway runs it: not at all without an Authorization header (401), its
 * "Unauthorized" a 401, `isAuthorized: false` a 403, any other failure a 500; an answer that let
 * the request through is kept for AUTHORIZER_CACHE_SECONDS for the same header, whatever the route.
 * Run on a public route too, when a header comes along, for the per-person counts.
 */
function cachedAuthorizer(authorizer: Authorizer) {
  const cache = new Map<string, { context: AuthorizerContext; until: number }>();
  return async function authorize(request: LocalRequest, url: URL, route: Route): Promise<Authorization> {
    const header = [request.headers.authorization].flat()[0];
    if (!header) return { refused: [401, 'Unauthorized'] };
    const cached = cache.get(header);
    if (cached && cached.until > Date.now()) return { context: cached.context };
    try {
      const answer = await authorizer(authorizerEvent(request, url, route, header));
      if (!answer.isAuthorized) return { refused: [403, 'Forbidden'] };
      // Those past their time go as a new one comes, so a long-running stack keeps only the live ones.
      for (const [key, { until }] of cache) if (until <= Date.now()) cache.delete(key);
      cache.set(header, { context: answer.context, until: Date.now() + AUTHORIZER_CACHE_SECONDS * 1000 });
      return { context: answer.context };
    } catch (error) {
      return { refused: error instanceof Error && error.message === AUTHORIZER_REFUSAL ? [401, 'Unauthorized'] : [500, 'Internal Server Error'] };
    }
  };
}

/** What API Gateway sends a REQUEST authorizer (payload 2.0): the parts it reads. */
function authorizerEvent(request: LocalRequest, url: URL, route: Route, header: string): APIGatewayRequestAuthorizerEventV2 {
  const event = gatewayEvent(request, url, route, {}, undefined);
  return {
    ...event,
    type: 'REQUEST',
    routeArn: `arn:aws:execute-api:us-east-1:000000000000:local/$default/${route.method}${route.path}`,
    identitySource: [header],
  } as unknown as APIGatewayRequestAuthorizerEventV2;
}

/** Per-client counts in fixed windows: true while the client is within its limit. */
function fixedWindows(limits: ClientLimits) {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return function take(client: { person: string } | { anonymous: string } | { address: string } | { publicRoutesOf: string } | { feedToken: string }): boolean {
    const now = Date.now();
    if (now - windowStart >= limits.windowMs) {
      windowStart = now - (now % limits.windowMs);
      counts = new Map();
    }
    const [key, limit] =
      'person' in client
        ? [`person#${client.person}`, limits.perPerson]
        : 'anonymous' in client
          ? [`anonymous#${client.anonymous}`, limits.anonymousPerAddress]
          : 'publicRoutesOf' in client
            ? [`public#${client.publicRoutesOf}`, limits.publicRoutesPerAddress]
            : 'feedToken' in client
              ? [`feed#${client.feedToken}`, limits.calendarFeedPerToken]
              : [`address#${client.address}`, limits.perAddress];
    const used = (counts.get(key) ?? 0) + 1;
    counts.set(key, used);
    return used <= limit;
  };
}

function gatewayEvent(request: LocalRequest, url: URL, route: Route, params: Record<string, string>, context: AuthorizerContext | undefined): HttpEvent {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // CloudFront sets the viewer's address itself in AWS; here no CloudFront stands in front, so
    // one a client sent is dropped and the handlers key their limits by the connection's address.
    if (value !== undefined && name !== 'cookie' && name.toLowerCase() !== VIEWER_ADDRESS_HEADER) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
    }
  }
  const cookieHeader = request.headers.cookie;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const now = new Date();
  const event = {
    version: '2.0',
    routeKey: route.key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookieHeader ? { cookies: String(cookieHeader).split(/;\s*/) } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(params).length ? { pathParameters: params } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: request.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: route.key,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(context ? { authorizer: { lambda: context } } : {}),
    },
    ...(request.body.length ? { body: request.body.toString(readAsText(headers['content-type']) ? 'utf8' : 'base64') } : {}),
    isBase64Encoded: request.body.length > 0 && !readAsText(headers['content-type']),
  };
  // The authorizer's context, or none on a public route: API Gateway sends no authorizer there,
  // which the event type (authorizer required) cannot say.
  return event as unknown as HttpEvent;
}

/**
 * Whether API Gateway hands a request body of this media type to the function as text: JSON, XML,
 * text and forms (or no media type) as they are, anything else (a file sent as bytes) in base64.
 */
function readAsText(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === '' || type.startsWith('text/') || /^application\/(?:json|xml|javascript|x-www-form-urlencoded|[\w.-]+\+(?:json|xml))$/.test(type);
}

function gatewayAnswer(status: number, message: string): LocalResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) };
}

/** The stage throttle: a steady rate with a burst allowance, as API Gateway applies it. */
function tokenBucket({ ratePerSecond, burst }: { ratePerSecond: number; burst: number }) {
  let tokens = burst;
  let last = Date.now();
  return function take(): boolean {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - last) / 1000) * ratePerSecond);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}
