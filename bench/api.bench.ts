import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createItem } from '../functions/items/service';
import { parseNewItem } from '../shared/item-kinds.schema';
import { isIssuedAfterReset } from '../functions/platform/token-cutoffs.repository';
import { startDynalite } from '../local/dynamo';
import { startLocalStack, TABLE_NAME } from '../local/stack';
import { startCapacityMeter } from './capacity-meter';
import { percentile } from './percentile';
import { signedInApi } from './stack-api';

/**
 * `npm run bench`: the API on the local stack (dynalite) beside bare DynamoDB calls on the same
 * engine, and the read capacity of an idle change check for a small and a large account.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const LARGE = Number(process.env.BENCH_LARGE_ITEMS ?? 10_000);

const dataDir = mkdtempSync(join(tmpdir(), 'tempo-bench-'));
const engine = await startDynalite();
const meter = await startCapacityMeter(engine.endpoint);
const stack = await startLocalStack({
  dataDir,
  port: 0,
  cognitoPort: 9400 + Math.floor(Math.random() * 500),
  dynamoEndpoint: meter.endpoint,
});
// The bare calls take the handlers' own way to the engine: through the local stream stand-in, which
// reads each written item before and after (in AWS the stream costs a write nothing).
const bare = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint }));
// And straight to the engine, as the figures before the stream were measured.
const straight = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: meter.endpoint }));

async function userToken(email: string) {
  const password = 'Bench-pass-1!';
  const id = await stack.ensureUser(email, password, 'Bench');
  return { id, token: await stack.signIn(email, password) };
}

const api = signedInApi(stack.url);

/**
 * Each round timed alone. After each, untimed, the table stream's consumers finish what it wrote:
 * in AWS they run in functions of their own, and here, in this one process, they would otherwise
 * slow the next round down.
 */
async function timed(rounds: number, run: (round: number) => Promise<unknown>): Promise<number[]> {
  for (let warm = 0; warm < 20; warm += 1) await run(-1 - warm);
  await stack.settle();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    await run(round);
    samples.push(performance.now() - start);
    await stack.settle();
  }
  return samples.sort((a, b) => a - b);
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

function report(name: string, request: number[], baselines: Array<[string, number[]]>, target = 2) {
  const line = (label: string, sorted: number[]) => console.log(`  ${label.padEnd(30)} p50 ${ms(percentile(sorted, 50))}   p99 ${ms(percentile(sorted, 99))}`);
  console.log(`\n${name} (${ROUNDS} rounds)`);
  line('through the HTTP adapter', request);
  for (const [label, baseline] of baselines) {
    line(label, baseline);
    const ratio = (p: number) => (percentile(request, p) / percentile(baseline, p)).toFixed(2);
    console.log(`  ${'  ratio to it'.padEnd(30)} p50 ${ratio(50)}x   p99 ${ratio(99)}x   (target: at most ${target}x)`);
  }
}

try {
  const reader = await userToken('bench-reader@example.com');
  for (let index = 0; index < 100; index += 1) await api(reader.token, 'POST', '/api/goals', { title: `Goal ${index}` });

  const listed = await timed(ROUNDS, () => api(reader.token, 'GET', '/api/goals'));
  const queried = await timed(ROUNDS, async () => {
    const { Items } = await bare.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        IndexName: 'byList',
        KeyConditionExpression: 'LPK = :list',
        ExpressionAttributeValues: { ':list': `USER#${reader.id}#GOAL` },
      }),
    );
    if (Items?.length !== 100) throw new Error(`expected 100 goals, got ${Items?.length}`);
  });
  report('List 100 goals', listed, [['bare Query of the 100 goals', queried]]);

  // What a signed-in request pays to refuse tokens issued before a password reset: one GetItem.
  const tokenCheck = await timed(ROUNDS, () => isIssuedAfterReset(reader.id, Math.floor(Date.now() / 1000)));
  console.log(`\nToken check against the last password reset, on every signed-in request (${ROUNDS} rounds)`);
  console.log(`  ${'one GetItem'.padEnd(30)} p50 ${ms(percentile(tokenCheck, 50))}   p99 ${ms(percentile(tokenCheck, 99))}`);
  console.log(`  ${'share of listing 100 goals'.padEnd(30)} p50 ${((percentile(tokenCheck, 50) / percentile(listed, 50)) * 100).toFixed(0)}%`);

  const writer = await userToken('bench-writer@example.com');
  const createdTasks = await timed(ROUNDS, (round) => api(writer.token, 'POST', '/api/tasks', { title: `Task ${round}`, priority: 'high' }));
  const put = await timed(ROUNDS, (round) =>
    bare.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: { PK: `USER#bare`, SK: `TASK#${round}`, title: `Task ${round}`, priority: 'high', status: 'pending' },
      }),
    ),
  );
  const putStraight = await timed(ROUNDS, (round) =>
    straight.send(new PutCommand({ TableName: TABLE_NAME, Item: { PK: `USER#straight`, SK: `TASK#${round}`, title: `Task ${round}`, priority: 'high' } })),
  );
  // A create is the token check, then the position Query beside the rule checks, then its Put: the
  // change counter and the bus event follow from the table's stream, outside the request.
  report(
    'Create a task',
    createdTasks,
    [
      ['bare Query of the 100 goals', queried],
      ['bare PutItem of a task', put],
      ['bare PutItem, no stream stand-in', putStraight],
    ],
    3,
  );

  const small = await userToken('bench-small@example.com');
  const large = await userToken('bench-large@example.com');
  for (let index = 0; index < 10; index += 1) await createItem(small.id, 'goals', parseNewItem('goals', { title: `Goal ${index}` }), new Date());
  const started = performance.now();
  const workers = Array.from({ length: 16 }, async (_, worker) => {
    for (let index = worker; index < LARGE; index += 16) {
      const kind = index % 2 ? 'tasks' : 'goals';
      await createItem(large.id, kind, parseNewItem(kind, { title: `Item ${index}` }), new Date());
    }
  });
  await Promise.all(workers);
  console.log(`\nSeeded ${LARGE} items for the large account in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  console.log('\nIdle change check (GET /api/changes), read capacity per request');
  for (const [label, account] of [
    ['10 items', small],
    [`${LARGE} items`, large],
  ] as const) {
    // The stream's consumers count the seeded items in the background: measured once they are done.
    await stack.settle();
    meter.reset();
    const answer = await api(account.token, 'GET', '/api/changes');
    const operations = Object.entries(meter.totals.operations)
      .map(([name, count]) => `${name} x${count}`)
      .join(', ');
    console.log(`  ${label.padEnd(13)} ${meter.totals.readUnits} RCU  (${operations}; stamps ${JSON.stringify(answer.stamps)})`);
  }
  console.log('  target: equal');
} finally {
  await stack.stop();
  await meter.stop();
  await engine.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
