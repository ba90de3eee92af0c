import type { Page } from '@playwright/test';

/**
 * Puts a fake clock in the page before it loads (page.clock.install), its timers passing for the
 * browser's own. Sentry takes `setTimeout` from a throwaway iframe when the page's is not native
 * code, yet clears that timer with the page's `clearTimeout`: on a fake clock, whose ids start afresh
 * in every frame, that cancelled whichever page timer shared the id (a list's TTL refresh, in one run
 * of 8). With real timers, as in a person's browser, Sentry uses the page's own.
 */
export async function installPageClock(page: Page, options?: Parameters<Page['clock']['install']>[0]): Promise<void> {
  await page.clock.install(options);
  await page.addInitScript(() => {
    // Sentry reads a function's source through Function.prototype.toString (its own integration wraps that too).
    const fakes = new Map<unknown, string>([
      [window.setTimeout, 'setTimeout'],
      [window.clearTimeout, 'clearTimeout'],
    ]);
    const sourceOf = Function.prototype.toString;
    Function.prototype.toString = function (this: unknown) {
      const fake = fakes.get(this);
      return fake ? `function ${fake}() { [native code] }` : sourceOf.call(this as () => void);
    };
  });
}

/** How far ahead the page's clock stops: a stop can only go forward, and the page's clock runs on while the command travels. */
const STOP_AHEAD_MS = 5_000;

/** Message-channel turns that let React render, commit and run its effects, each a task of its own (the scheduler never yields on a stopped clock). */
const SETTLE_TURNS = 3;

/**
 * Stops the page's clock (installed by installPageClock before the page loaded) a few seconds
 * ahead of its time: from then on it moves only by `advancePageClock`, so a test of a delay never
 * races the machine's speed.
 */
export async function stopPageClock(page: Page): Promise<void> {
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + STOP_AHEAD_MS);
}

/**
 * Moves a stopped page clock by `ms`, after the page has finished what the test's last step
 * started (a timer is set by an effect React runs a task or two after the event), and lets it
 * finish what the timers that fired started.
 */
export async function advancePageClock(page: Page, ms: number | string): Promise<void> {
  await settle(page);
  await page.clock.runFor(ms);
  await settle(page);
}

function settle(page: Page): Promise<void> {
  return page.evaluate(
    (turns) =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        let left = turns;
        channel.port1.onmessage = () => {
          left -= 1;
          if (left === 0) {
            channel.port1.close();
            resolve();
          } else channel.port2.postMessage(null);
        };
        channel.port2.postMessage(null);
      }),
    SETTLE_TURNS,
  );
}
