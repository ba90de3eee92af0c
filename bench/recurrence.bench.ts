import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createItem, listItems } from '../functions/items/service';
import { eventShowings } from '../shared/calendar-events';
import { parseNewItem } from '../shared/item-kinds.schema';
import { startDynalite } from '../local/dynamo';
import { startLocalStack } from '../local/stack';
import { monthGrid } from '../web/src/features/calendar/lib/calendar-dates';
import { percentile } from './percentile';

/**
 * `npm run bench`: repeating events. The server lists a series as one item, so listing 200 series
 * costs what listing 200 single events does; the screens expand them for the days they show, timed
 * here for a month view (42 days) and the next month after it.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const SERIES = 200;
const ZONE = 'Europe/Berlin';
const RULES = ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO,WE,FR', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=MONTHLY', 'FREQ=YEARLY'];

const dataDir = mkdtempSync(join(tmpdir(), 'tempo-bench-'));
const engine = await startDynalite();
const stack = await startLocalStack({ dataDir, port: 0, cognitoPort: 9900 + Math.floor(Math.random() * 90), dynamoEndpoint: engine.endpoint });

async function seeded(repeating: boolean): Promise<string> {
  const userId = randomUUID();
  for (let index = 0; index < SERIES; index += 1) {
    const start = new Date(Date.UTC(2026, 0, 5 + (index % 60), 8 + (index % 9)));
    const recurrence = repeating ? { rule: RULES[index % RULES.length]!, time_zone: ZONE } : null;
    const fields = { title: `Event ${index}`, start_time: start.toISOString(), end_time: new Date(start.getTime() + 3_600_000).toISOString(), recurrence };
    await createItem(userId, 'events', parseNewItem('events', fields), new Date());
  }
  return userId;
}

async function timed(run: () => Promise<unknown> | unknown): Promise<number[]> {
  for (let warm = 0; warm < 10; warm += 1) await run();
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

const line = (label: string, sorted: number[]) =>
  console.log(`  ${label.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(2)} ms   p95 ${percentile(sorted, 95).toFixed(2)} ms`);

try {
  const [singles, series] = [await seeded(false), await seeded(true)];
  console.log(`\nRepeating events (${ROUNDS} rounds, ${SERIES} events per account)`);
  line('list 200 single events (service + DynamoDB)', await timed(() => listItems(singles, 'events')));
  const listedSeries = await timed(() => listItems(series, 'events'));
  line('list 200 series (service + DynamoDB)', listedSeries);
  console.log('  target: the same as single events, and under 100 ms');

  const events = await listItems(series, 'events');
  const grid = (anchor: string) => monthGrid(anchor).flat();
  const [march, april] = [grid('2027-03-15'), grid('2027-04-15')];
  let shown = 0;
  const expanded = await timed(() => {
    shown = eventShowings(events, march[0]!, march.at(-1)!, ZONE).length;
  });
  line(`expand 200 series for a month view (${shown} shown)`, expanded);
  line('the next month', await timed(() => eventShowings(events, april[0]!, april.at(-1)!, ZONE)));
  console.log('  target: well under the 150 ms a month switch may take on screen (Node on this machine, not Chromium)');
} finally {
  await stack.stop();
  await engine.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
