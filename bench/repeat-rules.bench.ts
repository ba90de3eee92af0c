import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { startDynalite } from '../local/dynamo';
import { startLocalStack } from '../local/stack';
import { anyRule, CRAFTED_RULES } from '../tests/support/crafted-rules';
import { percentile } from './percentile';

/**
 * `npm run bench`: repeat rules made to cost (tests/support/crafted-rules.ts) and rules fast-check
 * makes, each in a create of a task and of an event through the API on the local stack, against a
 * plain task create. Target: the worst at most 10x the plain create's p50.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const GENERATED = Number(process.env.BENCH_GENERATED_RULES ?? 300);
const TARGET = 10;

const dataDir = mkdtempSync(join(tmpdir(), 'tempo-bench-'));
const engine = await startDynalite();
const stack = await startLocalStack({ dataDir, port: 0, cognitoPort: 9300 + Math.floor(Math.random() * 90), dynamoEndpoint: engine.endpoint });

/** One request; refused rules answer 400, which is as much a result as a create. */
async function timedRequest(token: string, path: string, body: unknown): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201 && response.status !== 400) throw new Error(`${path}: ${response.status}`);
  // The table stream's consumers finish outside the timing, as they run in functions of their own in AWS.
  await stack.settle();
  return { ms, status: response.status };
}

try {
  await stack.ensureUser('bench-rules@example.com', 'Bench-pass-1!', 'Bench');
  const token = await stack.signIn('bench-rules@example.com', 'Bench-pass-1!');
  const due = new Date(Date.now() + 3 * 86_400_000);
  due.setUTCHours(9, 0, 0, 0);
  const start = due.toISOString();
  const end = new Date(due.getTime() + 3_600_000).toISOString();

  for (let warm = 0; warm < 20; warm += 1) await timedRequest(token, '/api/tasks', { title: `Warm ${warm}` });
  const plain: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) plain.push((await timedRequest(token, '/api/tasks', { title: `Task ${round}` })).ms);
  plain.sort((a, b) => a - b);

  const rules = [...CRAFTED_RULES.map(({ rule }) => rule), ...fc.sample(anyRule, { numRuns: GENERATED, seed: 32 })];
  let worst = { ms: 0, rule: '', path: '' };
  const outcomes = { created: 0, refused: 0 };
  for (const rule of rules) {
    const recurrence = { rule, time_zone: 'Europe/Berlin' };
    for (const [path, body] of [
      ['/api/tasks', { title: 'Repeating task', due_date: start, recurrence }],
      ['/api/events', { title: 'Repeating event', start_time: start, end_time: end, recurrence }],
    ] as const) {
      const { ms, status } = await timedRequest(token, path, body);
      outcomes[status === 201 ? 'created' : 'refused'] += 1;
      if (ms > worst.ms) worst = { ms, rule, path };
    }
  }

  const p50 = percentile(plain, 50);
  console.log(
    `\nRepeat rules through the API (${ROUNDS} plain creates; ${CRAFTED_RULES.length} crafted and ${GENERATED} generated rules, each a task and an event)`,
  );
  console.log(`  ${'plain task create'.padEnd(30)} p50 ${p50.toFixed(2)} ms   p99 ${percentile(plain, 99).toFixed(2)} ms`);
  console.log(
    `  ${'worst create with a rule'.padEnd(30)} ${worst.ms.toFixed(2)} ms   (${worst.path}, ${worst.rule.length > 80 ? `${worst.rule.slice(0, 80)}…` : worst.rule})`,
  );
  console.log(`  ${'  ratio to the plain p50'.padEnd(30)} ${(worst.ms / p50).toFixed(2)}x   (target: at most ${TARGET}x)`);
  console.log(`  ${'answers'.padEnd(30)} ${outcomes.created} created, ${outcomes.refused} refused`);
} finally {
  await stack.stop();
  await engine.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
