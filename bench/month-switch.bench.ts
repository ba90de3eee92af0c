import { percentile } from './percentile';
import { startBrowserStack } from './browser-stack';

/**
 * A month switch in the calendar with 200 repeating events, as a person sees it: from the click on
 * "Next month" to the frame after the new month is on screen, timed in Debian's Chromium on a fresh
 * production build served like `npm start`.
 */
const ROUNDS = Number(process.env.BENCH_MONTH_SWITCHES ?? 40);
const SERIES = 200;
const RULES = ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO,WE,FR', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=MONTHLY', 'FREQ=YEARLY'];
const EMAIL = 'bench-months@example.com';
const PASSWORD = 'Bench-pass-1!';

/**
 * Clicks "Next month" and answers the milliseconds until the frame after the new month's heading is
 * in (what rendered with it is painted then). A string: tsx's function helpers do not exist in the page.
 */
const SWITCH_ONE_MONTH = `new Promise((resolve) => {
  const heading = document.querySelector('.calendar-toolbar__range');
  const before = heading.textContent;
  const started = performance.now();
  document.querySelector('button[aria-label="Next month"]').click();
  const settle = () => (heading.textContent === before ? requestAnimationFrame(settle) : requestAnimationFrame(() => resolve(performance.now() - started)));
  settle();
})`;

const { stack, browser, stop } = await startBrowserStack();
try {
  await stack.ensureUser(EMAIL, PASSWORD, 'Bench');
  const token = await stack.signIn(EMAIL, PASSWORD);
  for (let index = 0; index < SERIES; index += 1) {
    const start = new Date(Date.UTC(2026, 0, 5 + (index % 60), 8 + (index % 9)));
    const response = await fetch(`${stack.url}/api/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Series ${index}`,
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 3_600_000).toISOString(),
        recurrence: { rule: RULES[index % RULES.length], time_zone: 'UTC' },
      }),
    });
    if (response.status !== 201) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  }

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${stack.url}/login`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.goto(`${stack.url}/calendar?view=month&date=2027-01-15`);
  await page
    .getByRole('button', { name: /Series 0/ })
    .first()
    .waitFor();

  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    samples.push(await page.evaluate<number>(SWITCH_ONE_MONTH));
  }
  const shown = await page.getByRole('button', { name: /^Series / }).count();
  samples.sort((a, b) => a - b);
  console.log(`\nCalendar month switch with ${SERIES} series (${ROUNDS} switches, Chromium; ${shown} entries in the last month)`);
  console.log(`  click to painted   p50 ${percentile(samples, 50).toFixed(1)} ms   p95 ${percentile(samples, 95).toFixed(1)} ms   (target: p95 under 150 ms)`);
} finally {
  await stop();
}
