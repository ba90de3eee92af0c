import type { Page } from '@playwright/test';
import { percentile } from './percentile';
import { signInToDemo, startBrowserStack } from './browser-stack';
import { signedInApi } from './stack-api';

/**
 * How late a reminder arrives: an event is made due at a whole second a little ahead, reminded at
 * its start; the bench takes the time its notice shows in an open tab (the page's clock) and the
 * time the local push service double took its Web Push (the double's clock), each less the due
 * time. The same machine's clock throughout. The local scheduler stands in for EventBridge
 * Scheduler, which fires within a minute of the time (docs/reminders.md): this measures the path
 * after the firing, which is the product's.
 */
const ROUNDS = Number(process.env.BENCH_REMINDER_ROUNDS ?? 20);
const LEAD_MS = 2_000;

const { stack, browser, stop } = await startBrowserStack({ pushDouble: true });
try {
  const page = await (await browser.newContext()).newPage();
  await signInToDemo(page, stack.url);
  const token = await page.evaluate(() => Object.entries(sessionStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? '');
  const signedIn = signedInApi(stack.url);
  const api = (method: string, path: string, body: unknown): Promise<{ id: string }> => signedIn(token, method, path, body);
  await api('PUT', '/api/settings', { reminder_channels: { screen: true, push: true, mail: false } });
  await api('POST', '/api/push-subscriptions', { ...stack.pushService!.subscribe(), label: 'Bench' });

  const onScreen: number[] = [];
  const pushed: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const title = `Bench reminder ${round}`;
    const due = Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000;
    const seen = noticeShown(page, title);
    await api('POST', '/api/events', {
      title,
      start_time: new Date(due).toISOString(),
      end_time: new Date(due + 3_600_000).toISOString(),
      reminders: [0],
    });
    onScreen.push((await seen) - due);
    pushed.push(Date.parse(await pushReceived(title)) - due);
    await stack.settle();
  }

  console.log(`\nA reminder's lag after its due time (${ROUNDS} events reminded at their start, on the local stack)`);
  for (const [name, lags] of [
    ['notice on screen', onScreen],
    ['Web Push at the push double', pushed],
  ] as const) {
    lags.sort((a, b) => a - b);
    const p95 = percentile(lags, 95);
    console.log(
      `  ${name.padEnd(28)} p50 ${percentile(lags, 50).toFixed(0)} ms   p95 ${p95.toFixed(0)} ms   max ${lags.at(-1)!.toFixed(0)} ms   target p95 ≤ 1000 ms (${p95 <= 1000 ? 'met' : 'MISSED'})`,
    );
  }
} finally {
  await stop();
}

/** When the page's notice of a reminder with this title shows, by the page's clock (epoch ms). A string, so tsx adds no helpers to what runs in the page. */
async function noticeShown(page: Page, title: string): Promise<number> {
  const handle = await page.evaluateHandle(
    `new Promise((resolve) => {
      const shown = () => [...document.querySelectorAll('.reminder-notice')].some((notice) => notice.getAttribute('aria-label') === ${JSON.stringify(title)});
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        resolve(Date.now());
      });
      observer.observe(document.body, { subtree: true, childList: true });
    })`,
  );
  return Number(await handle.jsonValue());
}

/** When the push double took the reminder's push (its clock, ISO). */
async function pushReceived(title: string): Promise<string> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const push = stack.pushService!.received().find((received) => (JSON.parse(received.payload) as { title: string }).title === title);
    if (push) return push.receivedAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No push for ${title} within 30 s`);
}
