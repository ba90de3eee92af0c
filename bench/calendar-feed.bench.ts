import { CALENDAR_FEED } from '../shared/calendar-feed';
import { percentile } from './percentile';
import { startApiStack } from './stack-api';

/**
 * The calendar feed on the local stack: how long a subscriber waits for a person's feed (built from
 * BENCH_FEED_EVENTS events, a tenth of them series, and as many dated tasks), and whether a token that
 * opens nothing (never made, replaced, turned off, or not a token at all) answers its 404 in the same
 * time, so timing tells a stranger nothing about which addresses were ever made; and a subscriber's
 * revalidation (If-None-Match with the current ETag), answered 304 without reading the person's items.
 */
/** A token answers CALENDAR_FEED.requestsPerHour requests an hour: one case's fetches (and one to read the feed's size) stay within them. */
const WARM_UP = 10;
const MOST_ROUNDS = CALENDAR_FEED.requestsPerHour - WARM_UP - 1;
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? MOST_ROUNDS), MOST_ROUNDS);
const ITEMS = Number(process.env.BENCH_FEED_EVENTS ?? 300);

const { stack, api, stop } = await startApiStack();

/** Each fetch alone, after WARM_UP untimed; the statuses must be what the case says. */
async function timed(url: string, status: number, headers: Record<string, string> = {}): Promise<number[]> {
  const samples: number[] = [];
  for (let round = -WARM_UP; round < ROUNDS; round += 1) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== status) throw new Error(`${url}: ${response.status}, expected ${status}`);
    if (round >= 0) samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

try {
  const password = 'Bench-pass-1!';
  await stack.ensureUser('bench-feed@example.com', password, 'Bench');
  const token = await stack.signIn('bench-feed@example.com', password);
  // Within the feed's window (CALENDAR_FEED), from tomorrow on.
  const today = new Date();
  const day = (index: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1 + index, 9)).toISOString();
  for (let index = 0; index < ITEMS; index += 1) {
    const series = index % 10 === 0 ? { recurrence: { rule: 'FREQ=WEEKLY', time_zone: 'Europe/Berlin', exceptions: [] } } : {};
    await api(token, 'POST', '/api/events', { title: `Event ${index}`, start_time: day(index), end_time: day(index).replace('T09', 'T10'), ...series });
    await api(token, 'POST', '/api/tasks', { title: `Task ${index}`, due_date: day(index) });
  }
  const replaced = (await api(token, 'POST', '/api/calendar-feed')).url as string;
  const live = (await api(token, 'POST', '/api/calendar-feed')).url as string;
  await stack.ensureUser('bench-feed-off@example.com', password, 'Bench');
  const otherToken = await stack.signIn('bench-feed-off@example.com', password);
  const turnedOff = (await api(otherToken, 'POST', '/api/calendar-feed')).url as string;
  await api(otherToken, 'DELETE', '/api/calendar-feed');
  await stack.settle();

  const base = live.slice(0, live.lastIndexOf('/') + 1);
  // The revalidations get a feed of their own (a token answers so many an hour), of a person with no
  // items: a 304 reads none, however many the person has.
  await stack.ensureUser('bench-feed-revalidated@example.com', password, 'Bench');
  const revalidated = (await api(await stack.signIn('bench-feed-revalidated@example.com', password), 'POST', '/api/calendar-feed')).url as string;
  const etag = (await fetch(revalidated)).headers.get('etag') ?? '';
  const size = (await (await fetch(live)).arrayBuffer()).byteLength;
  const cases: Array<[string, string, number, Record<string, string>?]> = [
    [`the feed of ${ITEMS} events and ${ITEMS} dated tasks`, live, 200],
    ['304: revalidated with its ETag', revalidated, 304, { 'if-none-match': etag }],
    ['404: a token never made', `${base}${'A'.repeat(43)}.ics`, 404],
    ['404: a replaced token', replaced, 404],
    ['404: a token turned off', turnedOff, 404],
    ['404: not a token', `${base}calendar.ics`, 404],
  ];
  console.log(`\nThe calendar feed through the local stack (${ROUNDS} fetches each)`);
  for (const [label, url, status, headers] of cases) {
    const samples = await timed(url, status, headers);
    console.log(`  ${label.padEnd(48)} p50 ${percentile(samples, 50).toFixed(2)} ms   p95 ${percentile(samples, 95).toFixed(2)} ms`);
  }
  console.log(`  feed size: ${(size / 1024).toFixed(1)} KB`);
} finally {
  await stop();
}
