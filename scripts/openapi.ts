import { z } from 'zod';
import { scopeNeeded } from '../functions/platform/http';
import { routes, type Route } from '../functions/routes';
import { ACCESS_TOKEN_PREFIX } from '../shared/access-tokens';
import { IDEMPOTENCY_WINDOW_HOURS } from '../shared/constants';
import { writeOrCheck } from './generated-doc';

/**
 * Writes docs/openapi.json from the route table and its zod schemas (--write), or fails when the
 * committed document differs from what they say now (--check, run by `npm test`).
 */

const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string().meta({ description: 'In English' }),
    message_key: z.string().optional().meta({ description: 'A stable key of the message, for showing it in the person’s language' }),
    fields: z.record(z.string(), z.string()).optional(),
    field_keys: z.record(z.string(), z.string()).optional().meta({ description: 'The stable key of each field’s message, where it has one' }),
  }),
});
const gatewayBody = z.object({ message: z.string() });
/** A JSON-RPC error answering no request of its own (the MCP transport's refusals). */
const jsonRpcError = z.object({ jsonrpc: z.literal('2.0'), error: z.object({ code: z.number().int(), message: z.string() }), id: z.null() });

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', override: recordOfKnownKeys }) as Record<string, unknown>;
  return rest;
};

/**
 * A record over a fixed set of keys (`z.record(z.enum([...]), value)`) as an object with those
 * properties: zod writes it as `propertyNames` with every key `required`, which leaves the
 * required names undeclared as properties.
 */
function recordOfKnownKeys({ jsonSchema }: { jsonSchema: Record<string, unknown> }): void {
  const keys = (jsonSchema.propertyNames as { enum?: unknown } | undefined)?.enum;
  const value = jsonSchema.additionalProperties;
  if (jsonSchema.type !== 'object' || jsonSchema.properties || !Array.isArray(keys) || typeof value !== 'object') return;
  jsonSchema.properties = Object.fromEntries(keys.map((key) => [String(key), value]));
  jsonSchema.additionalProperties = false;
  delete jsonSchema.propertyNames;
}

/** What each path parameter other than an item's `{id}` is; one without an entry here fails the generator. */
const PATH_PARAMETERS: Record<string, { description: string; schema: Record<string, unknown> }> = {
  token: { description: 'The feed’s secret file name: its token, then `.ics`', schema: { type: 'string' } },
  deliveryId: { description: 'A webhook delivery’s id: the `webhook-id` it is sent with', schema: { type: 'string', pattern: '^msg_[0-9a-z]{9}[\\w-]{22}$' } },
};
const json = (schema: z.ZodType, io: 'input' | 'output') => ({ 'application/json': { schema: jsonSchema(schema, io) } });
const response = (description: string, schema?: z.ZodType, io: 'input' | 'output' = 'output') =>
  schema ? { description, content: json(schema, io) } : { description };

/** The signed-in changes, which run once per Idempotency-Key (functions/platform/http.ts). */
const takesIdempotencyKey = (route: Route) => !route.public && route.method !== 'GET';
/** An item's update, which may name the version it was made against (functions/items/handler.ts). */
const takesIfMatch = (route: Route) => route.handler === 'items' && route.method === 'PATCH';

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: `1 to 255 printable ASCII characters, per user. The first request with a key runs; the same request again within ${IDEMPOTENCY_WINDOW_HOURS} hours gets its answer again (with \`idempotent-replayed: true\`) and runs nothing. A 5xx or 429 answer is not kept: a retry runs.`,
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
};
const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'The item’s `version` the change was made against, as a whole number, plain or quoted (`3` or `"3"`): an item at another version is left as it is (412).',
  schema: { type: 'string', pattern: '^([1-9][0-9]*|"[1-9][0-9]*")$' },
};

const REPLAYED_HEADER = {
  description: 'Present (`true`) on the kept answer of an earlier request with the same Idempotency-Key',
  schema: { type: 'string', enum: ['true'] },
};

function operation(route: Route) {
  const parameters = [...parametersOf(route), ...(takesIfMatch(route) ? [IF_MATCH] : []), ...(takesIdempotencyKey(route) ? [IDEMPOTENCY_KEY] : [])];
  const success =
    route.status === 302
      ? { description: 'Sends the browser on (its Location header)' }
      : route.produces
        ? { description: 'Success', content: { [route.produces]: { schema: { type: 'string' } } } }
        : response('Success', route.response);
  const replayed = takesIdempotencyKey(route) ? { headers: { 'idempotent-replayed': REPLAYED_HEADER } } : {};
  const responses: Record<string, unknown> = {
    [String(route.status ?? 200)]: { ...success, ...replayed },
    '400': {
      description: 'Invalid input: `fields` names each invalid field with its message; or a path that cannot be percent-decoded (API Gateway body)',
      content: { 'application/json': { schema: { oneOf: [jsonSchema(errorBody, 'output'), jsonSchema(gatewayBody, 'output')] } } },
    },
    '403': forbidden(route),
    '413': response(
      route.fileBody ? `File over ${route.fileBody.maxBytes / 1024 / 1024} MB (or an archive that unpacks to too much)` : 'Body over 64 KB',
      errorBody,
    ),
    '429': route.quota
      ? {
          description: `Throttled by the API stage (API Gateway body), or past ${route.quota} (code \`rate_limited\`, Retry-After in seconds)`,
          content: { 'application/json': { schema: { oneOf: [jsonSchema(gatewayBody, 'output'), jsonSchema(errorBody, 'output')] } } },
        }
      : response('Throttled by the API stage (API Gateway body)', gatewayBody),
    '500': response('Unexpected failure; nothing internal is revealed', errorBody),
  };
  if (!route.public) {
    responses['401'] = response(
      'Missing or invalid token: a Cognito token that is not valid or of a session ended since, or a personal access token unknown, revoked or expired (API Gateway authorizer body)',
      gatewayBody,
    );
  }
  if (route.path.includes('{id}')) responses['404'] = response('No such item of yours (another user’s item is not found either)', errorBody);
  if (route.path.includes('{token}')) responses['404'] = response('No feed has this address (never made, replaced, or turned off)', errorBody);
  if (route.notFound) responses['404'] = response(route.notFound, errorBody);
  if (route.produces) responses['304'] = { description: 'Not modified since the ETag given in If-None-Match' };
  if (route.method !== 'GET') responses['409'] = response('Conflicts with what is stored', errorBody);
  if (takesIdempotencyKey(route)) {
    responses['409'] = response(
      'Conflicts with what is stored, or a request with the same Idempotency-Key is still running (code `idempotency_in_progress`, Retry-After in seconds)',
      errorBody,
    );
    responses['422'] = response('The Idempotency-Key was used for another request (code `idempotency_key_reused`)', errorBody);
  }
  if (takesIfMatch(route)) {
    const mismatch = z.object({ error: errorBody.shape.error.extend({ current: route.response ?? z.unknown() }) });
    responses['412'] = response('If-Match names another version than the item’s (code `version_mismatch`); `current` is the item as it is now', mismatch);
  }
  for (const [status, description] of Object.entries(route.upstreamFailures ?? {})) responses[status] = response(description, errorBody);
  if (route.jsonRpcAnswers) {
    for (const status of ['400', '413']) {
      const { description } = responses[status] as { description: string };
      responses[status] = {
        description: `${description}; or a JSON-RPC error from the MCP transport`,
        content: {
          'application/json': { schema: { oneOf: [jsonSchema(errorBody, 'output'), jsonSchema(gatewayBody, 'output'), jsonSchema(jsonRpcError, 'output')] } },
        },
      };
    }
    for (const [status, description] of Object.entries(route.jsonRpcAnswers)) {
      responses[status] = status === '202' ? { description } : response(description, jsonRpcError);
    }
  }
  return {
    operationId: `${route.method.toLowerCase()}${route.path
      .replace(/\/api|[{}]/g, '')
      .replace(/\/(\w)/g, (_, c: string) => c.toUpperCase())
      .replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`,
    summary: route.summary,
    ...(route.public ? {} : { description: withToken(route) }),
    tags: [route.handler],
    ...(route.public ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: json(route.body, 'input') } } : {}),
    ...(route.fileBody ? { requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } } : {}),
    responses,
  };
}

/** What a personal access token may do on a signed-in route (functions/platform/http.ts). */
function withToken(route: Route): string {
  if (route.sessionOnly) return 'A signed-in session only: a personal access token is refused (403 `token_not_allowed`).';
  return `A personal access token needs the \`${scopeNeeded(route)}\` scope (else 403 \`insufficient_scope\`).`;
}

/** The 403s a route may answer: API Gateway's for a request around the site, and the API's own (a demo's limit, a token's). */
function forbidden(route: Route) {
  const own = [
    ...(route.demoLimit ? [`${route.demoLimit} (code \`demo_limit\`)`] : []),
    ...(route.public
      ? []
      : [route.sessionOnly ? 'a personal access token (code `token_not_allowed`)' : 'a personal access token without the scope (code `insufficient_scope`)']),
  ];
  const aroundTheSite = 'In AWS, a request that did not come through the site’s CloudFront distribution (API Gateway body)';
  if (own.length === 0) return response(aroundTheSite, gatewayBody);
  return {
    description: `${aroundTheSite}, or ${own.join(', or ')}`,
    content: { 'application/json': { schema: { oneOf: [jsonSchema(gatewayBody, 'output'), jsonSchema(errorBody, 'output')] } } },
  };
}

/** Every parameter in the route's path, and the route's query fields. */
function parametersOf(route: Route): Array<Record<string, unknown>> {
  const path = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    if (name === 'id') {
      return route.foreignId
        ? { name, in: 'path', required: true, description: route.foreignId, schema: { type: 'string' } }
        : { name, in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
    }
    const declared = PATH_PARAMETERS[name!];
    if (!declared) throw new Error(`${route.key}: the path parameter {${name}} has no entry in PATH_PARAMETERS (scripts/openapi.ts)`);
    return { name, in: 'path', required: true, ...declared };
  });
  const query = route.query instanceof z.ZodObject ? Object.entries(route.query.shape as Record<string, z.ZodType>) : [];
  return [
    ...path,
    ...query.map(([name, schema]) => ({ name, in: 'query', required: !schema.safeParse(undefined).success, schema: jsonSchema(schema, 'input') })),
  ];
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes as readonly Route[]) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tempo API',
      version: '1.0.0',
      description: 'Generated by `npm run openapi` from functions/routes.ts and the zod schemas in shared/. Do not edit by hand.',
      // The project's licence (LICENSE, package.json), by its SPDX identifier.
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `A Cognito ID token (JWT), or a personal access token (\`${ACCESS_TOKEN_PREFIX}…\`)`,
          description: `Either the Cognito ID token of a signed-in session, or a personal access token made in Settings → Access tokens (\`${ACCESS_TOKEN_PREFIX}\` and 43 base64url characters; docs/api.md). A token reads with the \`read\` scope and changes with \`write\`; the routes only a session may call say so, and refuse a token with 403 \`token_not_allowed\`.`,
        },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

writeOrCheck('docs/openapi.json', `${JSON.stringify(openApiDocument(), null, 2)}\n`, { from: 'the route table', command: 'npm run openapi' });
