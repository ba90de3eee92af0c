import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { moveToTrash } from '../functions/items/repository';
import { createItem } from '../functions/items/service';
import { parseNewItem } from '../shared/item-kinds.schema';
import { handler as purge } from '../functions/purge/handler';
import { DAY_MS } from '../shared/dates';
import { startLocalBus } from '../local/bus';
import { ensureTable, startDynalite } from '../local/dynamo';
import { useLocalEndpoints } from '../local/environment';
import { startCapacityMeter } from './capacity-meter';

/**
 * `npx tsx bench/purge.bench.ts`: the read capacity one run of the trash purge consumes when 10
 * items have expired, beside 10 and then 10,000 live items. The purge reads only the expiry
 * index's partitions of the days that came due, so the two figures should be equal.
 * `BENCH_LARGE_ITEMS` scales the large case down.
 *
 * Like bench/api.bench.ts: dynalite behind the capacity meter, the handlers unchanged. Of the local
 * stack it takes the bus and the table only: the whole stack runs the purge on its own timer, which
 * would purge under the measurement, and the purge needs no HTTP.
 */
const LARGE = Number(process.env.BENCH_LARGE_ITEMS ?? 10_000);
const EXPIRED = 10;
const WORKERS = 16;
const TABLE_NAME = 'tempo-purge-bench';

const engine = await startDynalite();
const meter = await startCapacityMeter(engine.endpoint);
const bus = await startLocalBus();
useLocalEndpoints({ dynamoEndpoint: meter.endpoint, busEndpoint: bus.endpoint, tableName: TABLE_NAME });
await ensureTable(meter.endpoint, TABLE_NAME);
const bare = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: meter.endpoint }));

/** Live goals and tasks of one account, written as the API writes them. */
async function seedLive(userId: string, count: number): Promise<void> {
  const workers = Array.from({ length: WORKERS }, async (_, worker) => {
    for (let index = worker; index < count; index += WORKERS) {
      const kind = index % 2 ? 'tasks' : 'goals';
      await createItem(userId, kind, parseNewItem(kind, { title: `Live ${index}` }), new Date());
    }
  });
  await Promise.all(workers);
}

/**
 * Tasks trashed 11 days ago. Tasks, because a purged task wakes no bus consumer: what the meter
 * counts is the purge alone (a purged goal would add the unlinking of its tasks).
 */
async function seedExpired(userId: string): Promise<void> {
  const deletedAt = new Date(Date.now() - 11 * DAY_MS).toISOString();
  for (let index = 0; index < EXPIRED; index += 1) {
    const task = await createItem(userId, 'tasks', parseNewItem('tasks', { title: `Expired ${index}` }), new Date());
    await moveToTrash(userId, 'tasks', task.id, deletedAt);
  }
}

/** One purge run from the same starting point each time: no checkpoint, so the first-run lookback. */
async function measurePurge(label: string): Promise<void> {
  await bare.send(new DeleteCommand({ TableName: TABLE_NAME, Key: { PK: 'PURGE', SK: 'CHECKPOINT' } }));
  await bus.settle();
  meter.reset();
  const { purged } = await purge();
  await bus.settle();
  const operations = Object.entries(meter.totals.operations)
    .map(([name, count]) => `${name} x${count}`)
    .join(', ');
  console.log(`  ${label.padEnd(22)} ${meter.totals.readUnits} RCU  (purged ${purged}; ${operations})`);
}

try {
  console.log(`\nTrash purge, read capacity of one run with ${EXPIRED} expired items`);
  const small = 'bench-small-account';
  await seedLive(small, 10);
  await seedExpired(small);
  await measurePurge('10 live items');

  const large = 'bench-large-account';
  const started = performance.now();
  await seedLive(large, LARGE);
  console.log(`  (seeded ${LARGE} live items in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  await seedExpired(large);
  await measurePurge(`${LARGE} live items`);
  console.log('  target: equal');
} finally {
  await bus.settle();
  await bus.stop();
  await meter.stop();
  await engine.stop();
}
