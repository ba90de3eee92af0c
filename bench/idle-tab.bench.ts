import { CHANGE_SOCKET_PATH, POLLING_MS } from '../shared/constants';
import { signInToDemo, startBrowserStack } from './browser-stack';

/**
 * What an idle signed-in tab costs: the API requests the dashboard makes in an hour of nobody
 * touching it, by route, and what they cost per active user-hour on paper. The page's clock is run
 * an hour forward (Playwright's page clock), so the timers fire as in an hour without one passing.
 * Prices: AWS list prices in us-east-1, on-demand, after the free tier.
 */
const PRICES = {
  /** API Gateway HTTP API, per request (the first 300 million a month). */
  httpApiRequest: 1.0 / 1_000_000,
  /** Lambda, per invocation, and per GB-second on arm64. */
  lambdaRequest: 0.2 / 1_000_000,
  lambdaGbSecond: 0.0000133334,
  /** DynamoDB on demand, per read request unit. */
  readRequestUnit: 0.125 / 1_000_000,
  /** API Gateway WebSocket API, per message (each 32 KB; the first billion a month), and per connection-minute. */
  socketMessage: 1.0 / 1_000_000,
  socketConnectionMinute: 0.25 / 1_000_000,
};
/** What one request runs: a 512 MB function for about 20 ms (the handlers' memory; their warm p50 is lower), and one eventually consistent Get (half a read unit) or less. */
const PER_REQUEST = { memoryGb: 0.5, seconds: 0.02, readUnits: 0.5 };

/** A request to the HTTP API: the gateway, its function, and the read. */
const requestCost =
  PRICES.httpApiRequest +
  PRICES.lambdaRequest +
  PER_REQUEST.memoryGb * PER_REQUEST.seconds * PRICES.lambdaGbSecond +
  PER_REQUEST.readUnits * PRICES.readRequestUnit;
/** A message the page sends on its socket (a ping): the message, and the $default route's function. */
const socketMessageCost = PRICES.socketMessage + PRICES.lambdaRequest + PER_REQUEST.memoryGb * PER_REQUEST.seconds * PRICES.lambdaGbSecond;
/** The same hour polled every 3 s, as before the socket: one change check per interval. */
const POLLED_HOUR_REQUESTS = 3600 / (POLLING_MS.data / 1000);

const { stack, browser, stop } = await startBrowserStack();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Heard from the start: the socket opens with the first signed-in page.
  let socketMessages = 0;
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname === CHANGE_SOCKET_PATH) socket.on('framesent', () => (socketMessages += 1));
  });
  await page.clock.install();
  // "Remember me": the session outlives the hour, as Amplify refreshes it.
  await signInToDemo(page, stack.url, { rememberMe: true });
  await page.getByRole('heading', { name: /^Welcome back/, level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');

  const requests = new Map<string, number>();
  const pingsBefore = socketMessages;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const key = `${request.method()} ${url.pathname}`;
    requests.set(key, (requests.get(key) ?? 0) + 1);
  });
  await page.clock.runFor('01:00:00');
  await page.waitForLoadState('networkidle');

  const total = [...requests.values()].reduce((sum, count) => sum + count, 0);
  socketMessages -= pingsBefore;
  const cost = total * requestCost + socketMessages * socketMessageCost + 60 * PRICES.socketConnectionMinute;
  const polledCost = (POLLED_HOUR_REQUESTS + total) * requestCost;
  console.log('\nAn idle signed-in tab on /dashboard for an hour (page clock), change notices over its socket');
  console.log(`  requests: ${total + socketMessages} (target ≤ 60), of which API requests ${total} and socket messages sent ${socketMessages}`);
  for (const [route, count] of [...requests].sort((a, b) => b[1] - a[1])) console.log(`    ${String(count).padStart(6)}  ${route}`);
  console.log(`    ${String(socketMessages).padStart(6)}  socket pings (${CHANGE_SOCKET_PATH})`);
  console.log(
    `  cost per active user-hour on paper: $${cost.toFixed(5)} (HTTP API, Lambda 512 MB × 20 ms, half a read unit each; socket messages and 60 connection-minutes)`,
  );
  console.log(`  the same hour polled every ${POLLING_MS.data / 1000} s instead: ${POLLED_HOUR_REQUESTS + total} requests, $${polledCost.toFixed(5)}`);
} finally {
  await stop();
}
