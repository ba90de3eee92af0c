import { signedInPage, startBrowserStack } from './browser-stack';
import { percentile } from './percentile';

/**
 * The assistant's change sets on screen, over rounds of one typed request each (a text
 * conversation) that the ElevenLabs double answers with a turn of 5 createTask calls sent together:
 * - from the last client_tool_call of the turn to all 5 saved tasks on the Tasks page (target p95 ≤ 300 ms);
 * - from the click on "Undo all" to all 5 gone from the page (target p95 ≤ 300 ms).
 * Times are this machine's Date.now() on both sides; the page stamps each task card as it comes and goes.
 * Each round ends with the screen as it began, so every round starts from an empty Tasks page.
 */
const ROUNDS = Number(process.env.BENCH_CHANGE_SET_ROUNDS ?? 10);
const CALLS = 5;

const { stack, browser, stop } = await startBrowserStack({ elevenLabsDouble: true });
const double = stack.elevenLabs!;

try {
  const page = await signedInPage(stack, browser, 'change-set-bench', 'Change Set Bench');
  await page.getByRole('link', { name: 'Tasks' }).click();
  await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();

  // Stamps each task card element as it enters the page, and each title when its last card leaves. A
  // call still pending after 100 ms shows a stand-in card first, which the saved task's own card
  // replaces: a title's last stamp is when the saved task showed.
  await page.evaluate(`(() => {
    const shown = {};
    const gone = {};
    const known = new WeakSet();
    Object.assign(window, { benchShown: shown, benchGone: gone });
    new MutationObserver(() => {
      const now = Date.now();
      const present = new Set();
      for (const card of document.querySelectorAll('article[aria-label^="Round "]')) {
        const title = card.getAttribute('aria-label');
        present.add(title);
        if (known.has(card)) continue;
        known.add(card);
        (shown[title] ??= []).push(now);
      }
      for (const title of Object.keys(shown)) if (!present.has(title)) gone[title] ??= now;
    }).observe(document.body, { childList: true, subtree: true });
  })()`);

  const toScreen: number[] = [];
  const toAgent: number[] = [];
  const undoToScreen: number[] = [];
  await page.getByRole('button', { name: 'Type to your assistant' }).click();
  for (let round = 0; round < ROUNDS; round += 1) {
    const titles = Array.from({ length: CALLS }, (_, index) => `Round ${round + 1} task ${index + 1}`);
    const before = double.state().toolResults.length;
    double.script({
      toolCalls: titles.map((title, index) => ({ tool_name: 'createTask', parameters: { title }, ...(index > 0 ? { after: 'sent' as const } : {}) })),
    });
    await page.getByRole('textbox', { name: 'Type to your assistant' }).fill(`add the tasks of round ${round + 1}`);
    await page.keyboard.press('Enter');

    const state = await double.waitFor((current) => current.toolResults.length >= before + CALLS, 60_000);
    await page.waitForFunction((names) => names.every((name) => name in (window as unknown as { benchShown: object }).benchShown), titles, { timeout: 10_000 });
    // The notices bring each result: by then every stand-in has given way to its task.
    await page.waitForTimeout(1_000);
    const lastSent = Math.max(...state.toolCalls.slice(-CALLS).map((call) => Date.parse(call.sent_at)));
    const shown = await page.evaluate(
      (names) => names.map((name) => (window as unknown as { benchShown: Record<string, number[]> }).benchShown[name]!.at(-1)!),
      titles,
    );
    toScreen.push(Math.max(...shown) - lastSent);
    toAgent.push(Math.max(...state.toolResults.slice(-CALLS).map((result) => Date.parse(result.received_at))) - lastSent);

    const undoAll = page
      .getByRole('region', { name: 'What the assistant did' })
      .getByRole('button', { name: /^Undo all/ })
      .first();
    await undoAll.waitFor();
    const clickedAt = Date.now();
    await undoAll.click();
    await page.waitForFunction((names) => names.every((name) => name in (window as unknown as { benchGone: object }).benchGone), titles, { timeout: 10_000 });
    const gone = await page.evaluate((names) => names.map((name) => (window as unknown as { benchGone: Record<string, number> }).benchGone[name]!), titles);
    undoToScreen.push(Math.max(...gone) - clickedAt);
  }

  const line = (label: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    console.log(`  ${label.padEnd(52)} p50 ${percentile(sorted, 50)} ms   p95 ${p95} ms   (target ≤ 300 ms: ${p95 <= 300 ? 'met' : 'MISSED'})`);
  };
  console.log(`\nThe assistant's change sets through the local stack, ${ROUNDS} turns of ${CALLS} calls each`);
  line('last tool call of the turn → all 5 saved tasks on screen', toScreen);
  line('last tool call of the turn → all 5 results to the agent', toAgent);
  line('"Undo all" clicked → all 5 gone from the screen', undoToScreen);
} finally {
  await stop();
}
