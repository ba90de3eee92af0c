import { readFileSync } from 'node:fs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { z } from 'zod';
import { KIND_OF_PREFIX } from '../../functions/data/keys';
import { toPublic, withoutKeys } from '../../functions/items/stored-item';
import { db, tableName } from '../../functions/platform/dynamo';
import { routes, type Route } from '../../functions/routes';
import { ITEM_SCHEMAS } from '../../shared/item-kinds.schema';
import { SettingsSchema } from '../../shared/settings.schema';
import { ToolCallSchema } from '../../shared/tool-calls.schema';

/**
 * Fuzzing the API from its own route table: for every route, requests built from the route's zod
 * schemas (valid bodies, and the same bent: wrong types, unknown fields, unicode, extreme numbers,
 * deep nesting, sizes), with ids of the caller's own items, another user's, made-up ones and
 * broken percent-escapes, with and without a token. `npm test` sends 2,000 (tests/integration/
 * fuzz.integration.test.ts), `bench/fuzz.bench.ts` 10,000 against a running stack.
 */

export interface FuzzRequest {
  route: Route;
  method: string;
  url: string;
  /** The raw body text, or none. */
  body?: string;
  caller: 'owner' | 'other' | 'anonymous';
}

export interface FuzzAnswer {
  status: number;
  body: string;
}

/** Ids the requests use: items of the owner and of another user, and a tool call of the owner. */
export interface KnownIds {
  owner: string[];
  other: string[];
  toolCall: string;
}

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maxLength?: number;
};

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '  padded  ', '<script>alert(1)</script>', 'DROP TABLE', '\u0000', '\ud800', '漢字テキスト', '🙂'.repeat(30)),
  fc.integer({ min: 0, max: 6_000 }).map((length) => 'x'.repeat(length)),
);

const numbers = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 1e16));

const instants = fc.oneof(
  fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString()),
  fc.integer({ min: -3, max: 30 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString()),
  fc.constantFrom('2030-02-30T00:00:00Z', '2030-01-01', 'tomorrow', '2030-01-01T10:00:00+05:30'),
);

/** Values the schema accepts, mostly; its bent siblings come from `bent`. */
function fromSchema(schema: JsonSchema, ids: KnownIds, depth = 0): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => fromSchema(option, ids, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (depth > 3 || properties.length === 0) return fc.constant({});
      const record = fc.record(Object.fromEntries(properties.map(([name, property]) => [name, fromSchema(property, ids, depth + 1)])), {
        requiredKeys: (schema.required ?? []).filter((name) => properties.some(([property]) => property === name)),
      });
      return record;
    }
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}, ids, depth + 1), { maxLength: depth > 2 ? 1 : 4 });
    case 'number':
    case 'integer':
      return fc.oneof(fc.integer({ min: 0, max: 60 }), numbers);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids.owner, ...ids.other), fc.uuid());
      if (schema.format === 'date-time') return instants;
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), text);
      return fc.oneof(fc.string({ minLength: 1, maxLength: schema.maxLength ?? 40 }), text);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Bodies no client of ours sends: any JSON, nesting thousands deep, numbers beyond a double, not JSON at all, too big. */
const bent: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc
    .integer({ min: 1, max: 5_000 })
    .map((depth) => `{"parameters":{"n":${'['.repeat(depth)}1${']'.repeat(depth)}},"title":${'['.repeat(depth)}${']'.repeat(depth)}}`),
  fc
    .constantFrom('1e400', '-1e400', '9007199254740993', '1e16', '-0')
    .map((number) => `{"title":"t","n":${number},"parameters":{"n":${number}},"position":${number}}`),
  // A tool call as a model might send it, with what no model should: nesting, huge numbers, long ids.
  fc
    .tuple(
      fc.string({ minLength: 1, maxLength: 300 }),
      fc.oneof(
        fc.integer({ min: 1, max: 5_000 }).map((depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`),
        fc.constantFrom('1e400', '9007199254740993', '"x"'),
      ),
    )
    .map(([id, value]) => `{"tool_call_id":${JSON.stringify(id)},"conversation_id":"c","tool_name":"listTasks","parameters":{"n":${value}}}`),
  fc.constantFrom('', '{', 'null', '[]', '"text"', '{"title":', '\u0000', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{}}}'),
  fc.integer({ min: 60_000, max: 70_000 }).map((length) => JSON.stringify({ title: 'big', description: 'y'.repeat(length) })),
);

const brokenEscapes = ['%', '%FF%FE', '%E0%A4%A', '%C3', '%zz'];

/** A browser sends a lone surrogate as U+FFFD (encodeURIComponent would throw on it). */
const encodeForUrl = (value: string) => encodeURIComponent([...value].map((unit) => (/^[\ud800-\udfff]$/.test(unit) ? '\ufffd' : unit)).join(''));

function idArbitrary(ids: KnownIds, route: Route): fc.Arbitrary<string> {
  const encoded = (arbitrary: fc.Arbitrary<string>) => arbitrary.map(encodeForUrl);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids.owner, ...(route.foreignId ? [ids.toolCall] : [])) },
    { weight: 2, arbitrary: fc.constantFrom(...ids.other) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: encoded(text.filter((value) => value.length > 0 && value.length < 2_000)) },
    { weight: 1, arbitrary: fc.constantFrom(...brokenEscapes, 'x'.repeat(1_100), '..%2F..%2Fetc', '%2e%2e') },
  );
}

const queryArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('code', 'state', 'error', 'scope', 'a', 'limit', '__proto__'), text.map(encodeForUrl), { maxKeys: 3 }).map(
      (query) =>
        `?${Object.entries(query)
          .map(([name, value]) => `${name}=${value}`)
          .join('&')}`,
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...brokenEscapes).map((escape) => `?code=${escape}&state=${escape}`) },
);

/** One request to one route of the table. */
export function requestArbitrary(ids: KnownIds): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...(routes as readonly Route[])).chain((route) => {
    const schema = route.body ? (z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;
    const body: fc.Arbitrary<string | undefined> = schema
      ? fc.oneof({ weight: 6, arbitrary: fromSchema(schema, ids).map((value) => JSON.stringify(value)) }, { weight: 3, arbitrary: bent })
      : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: bent });
    const path = route.path.includes('{id}') ? idArbitrary(ids, route).map((id) => route.path.replace('{id}', id)) : fc.constant(route.path);
    const caller = fc.oneof(
      { weight: 8, arbitrary: fc.constant('owner' as const) },
      { weight: 1, arbitrary: fc.constant('other' as const) },
      { weight: 1, arbitrary: fc.constant('anonymous' as const) },
    );
    return fc.record({ path, query: queryArbitrary, body, caller }).map(({ path: url, query, body: raw, caller: who }) => ({
      route,
      method: route.method,
      url: `${url}${query}`,
      ...(raw === undefined ? {} : { body: raw }),
      caller: who,
    }));
  });
}

/** The statuses docs/openapi.json promises for each route. */
function documentedStatuses(): Map<string, Set<number>> {
  const document = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  const statuses = new Map<string, Set<number>>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      statuses.set(`${method.toUpperCase()} ${path}`, new Set(Object.keys(operation.responses).map(Number)));
    }
  }
  return statuses;
}

/** What is wrong with an answer: a server error, a status the document does not list, an error without its shape. */
export function answerProblem(request: FuzzRequest, answer: FuzzAnswer, documented = DOCUMENTED): string | null {
  // A 502 or 503 is a documented state of an outside service (not configured, failing); a 500 is ours.
  if (answer.status === 500) return `answered 500: ${answer.body.slice(0, 200)}`;
  if (!documented.get(request.route.key)?.has(answer.status)) return `answered ${answer.status}, which docs/openapi.json does not list`;
  if (answer.status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `answered ${answer.status} with a body that is not JSON`;
  }
  const ours = z.object({ error: z.object({ code: z.string().min(1), message: z.string().min(1), fields: z.record(z.string(), z.string()).optional() }) });
  const gateways = z.object({ message: z.string().min(1) });
  // The MCP server refuses as its protocol does, with a JSON-RPC error (routes.ts jsonRpcAnswers).
  const jsonRpc = z.object({ jsonrpc: z.literal('2.0'), error: z.object({ code: z.number().int(), message: z.string().min(1) }), id: z.null() });
  const shapes = request.route.jsonRpcAnswers ? [ours, gateways, jsonRpc] : [ours, gateways];
  return shapes.some((shape) => shape.safeParse(body).success) ? null : `answered ${answer.status} with ${answer.body.slice(0, 200)}`;
}

const DOCUMENTED = documentedStatuses();

export interface FuzzRun {
  requests: number;
  statuses: Record<number, number>;
  problems: Array<{ request: string; problem: string }>;
}

/** Sends `count` requests made from `seed`, one after another, and collects what went wrong. */
export async function fuzz(send: (request: FuzzRequest) => Promise<FuzzAnswer>, ids: KnownIds, count: number, seed: number): Promise<FuzzRun> {
  const run: FuzzRun = { requests: 0, statuses: {}, problems: [] };
  for (const request of fc.sample(requestArbitrary(ids), { numRuns: count, seed })) {
    const answer = await send(request);
    run.requests += 1;
    run.statuses[answer.status] = (run.statuses[answer.status] ?? 0) + 1;
    const problem = answerProblem(request, answer);
    if (problem)
      run.problems.push({ request: `${request.caller} ${request.method} ${request.url.slice(0, 120)} ${request.body?.slice(0, 200) ?? ''}`, problem });
  }
  return run;
}

/** Every record of the user's partition that has a schema, read back and checked against it. */
export async function storedProblems(userId: string): Promise<string[]> {
  const problems: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${userId}` },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    for (const record of page.Items ?? []) {
      const sortKey = String(record.SK);
      const [prefix] = sortKey.split('#');
      const kind = KIND_OF_PREFIX[prefix!];
      // Each record as the API reads it back, against the schema it answers with.
      const schema = kind ? ITEM_SCHEMAS[kind].item : prefix === 'TOOLCALL' ? ToolCallSchema : sortKey === 'SETTINGS' ? SettingsSchema : null;
      if (!schema) continue;
      const stored = kind ? toPublic(withoutKeys(record)) : prefix === 'TOOLCALL' ? { undone_at: null, ...withoutKeys(record) } : withoutKeys(record);
      const parsed = schema.safeParse(stored);
      if (!parsed.success) problems.push(`${sortKey}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return problems;
}
