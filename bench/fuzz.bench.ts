import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDynalite } from '../local/dynamo';
import { startLocalStack } from '../local/stack';
import { LIMITS_NO_ONE_MEETS } from './stack-api';
import { fuzz, storedProblems, type FuzzRequest } from '../tests/support/fuzz';

/**
 * `npx tsx bench/fuzz.bench.ts`: 10,000 requests made from the route table (tests/support/fuzz.ts)
 * against a whole local stack over HTTP (cognito-local tokens, the adapter, dynalite), then every
 * stored record of the two users read back against its schema. Prints the statuses and what went
 * wrong; exits 1 on any problem. FUZZ_REQUESTS and FUZZ_SEED change the run.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

const dataDir = mkdtempSync(join(tmpdir(), 'tempo-fuzz-'));
const engine = await startDynalite();
const stack = await startLocalStack({
  dataDir,
  port: 0,
  cognitoPort: 9900 + Math.floor(Math.random() * 90),
  dynamoEndpoint: engine.endpoint,
  // A fuzzer is no person: without this, past 3,000 requests most answers would be the throttles' 429.
  apiLimits: LIMITS_NO_ONE_MEETS,
});

async function account(email: string) {
  const id = await stack.ensureUser(email, 'Fuzz-pass-1!', 'Fuzz');
  return { id, token: await stack.signIn(email, 'Fuzz-pass-1!') };
}

async function send(token: string | undefined, method: string, url: string, bodyGiven?: string) {
  // fetch sends no body with a GET (the in-process test does, as API Gateway takes one).
  const body = method === 'GET' ? undefined : bodyGiven;
  const response = await fetch(`${stack.url}${url}`, {
    method,
    redirect: 'manual',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, body: await response.text() };
}

try {
  const owner = await account('fuzz-owner@example.com');
  const other = await account('fuzz-other@example.com');
  const itemsOf = async (token: string) => {
    const created = async (path: string, body: unknown) => JSON.parse((await send(token, 'POST', path, JSON.stringify(body))).body).id as string;
    const tomorrow = new Date(Date.now() + 86_400_000);
    return [
      await created('/api/goals', { title: 'Goal' }),
      await created('/api/tasks', { title: 'Task' }),
      await created('/api/events', { title: 'Event', start_time: tomorrow.toISOString(), end_time: new Date(tomorrow.getTime() + 3_600_000).toISOString() }),
      await created('/api/tags', { name: 'tag' }),
    ];
  };
  const toolCall = 'toolu_fuzz';
  await send(
    owner.token,
    'POST',
    '/api/voice/tool-calls',
    JSON.stringify({ tool_call_id: toolCall, conversation_id: 'c', tool_name: 'listTasks', parameters: {} }),
  );
  const ids = { owner: await itemsOf(owner.token), other: await itemsOf(other.token), toolCall };
  const tokens = { owner: owner.token, other: other.token, anonymous: undefined };

  const started = performance.now();
  const run = await fuzz((request: FuzzRequest) => send(tokens[request.caller], request.method, request.url, request.body), ids, REQUESTS, SEED);
  const seconds = (performance.now() - started) / 1000;
  const stored = [...(await storedProblems(owner.id)), ...(await storedProblems(other.id))];

  console.log(`Fuzzed ${run.requests} requests (seed ${SEED}) in ${seconds.toFixed(1)} s, ${(run.requests / seconds).toFixed(0)} a second`);
  console.log(
    `  statuses: ${Object.entries(run.statuses)
      .map(([status, count]) => `${status} x${count}`)
      .join(', ')}`,
  );
  console.log(`  answers that broke a rule: ${run.problems.length}`);
  for (const { request, problem } of run.problems.slice(0, 20)) console.log(`    ${problem}: ${request}`);
  console.log(`  stored records that fail their schema: ${stored.length}`);
  for (const problem of stored.slice(0, 20)) console.log(`    ${problem}`);
  if (run.problems.length || stored.length) process.exitCode = 1;
} finally {
  await stack.stop();
  await engine.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
