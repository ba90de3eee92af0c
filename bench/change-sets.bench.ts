import { availableParallelism } from 'node:os';
import type { Page } from '@playwright/test';
import { signedInPage, startBrowserStack } from './browser-stack';
import { cpuBetween, cpuSum, readCpu, type CpuReading } from './cpu-meter';
import { percentile } from './percentile';

/**
 * The assistant's change sets on screen, over rounds of one typed request each (a text
 * conversation) that the ElevenLabs double answers with a turn of 5 createTask calls sent together:
 * - from the last client_tool_call of the turn to all 5 saved tasks on the Tasks page (target p95 ≤ 300 ms),
 *   and, beside it, to all 5 first on screen: a call still pending after 100 ms shows a stand-in card,
 *   which the saved task's own card replaces;
 * - from the click on "Undo all" to all 5 gone from the page (target p95 ≤ 300 ms).
 * Times are this machine's Date.now() on both sides; the page stamps each task card as it comes and goes.
 * Each round ends with the screen as it began, so every round starts from an empty Tasks page.
 * Beside the times, the CPU the turns used (./cpu-meter.ts): the stack and Chromium share this machine's cores.
 *
 * A stack just started runs its first turns slower (its code is compiled as it first runs, as a
 * Lambda's cold start is), so a first person's page takes BENCH_CHANGE_SET_WARMUP turns first,
 * printed apart; the measured rounds are a second person's, on a page of its own that has run nothing.
 */
const ROUNDS = Number(process.env.BENCH_CHANGE_SET_ROUNDS ?? 10);
const WARMUP = Number(process.env.BENCH_CHANGE_SET_WARMUP ?? 3);
const CALLS = 5;

const { stack, browser, stop } = await startBrowserStack({ elevenLabsDouble: true });
const double = stack.elevenLabs!;

interface Turns {
  firstOnScreen: number[];
  toScreen: number[];
  toAgent: number[];
  undoToScreen: number[];
  /** The CPU each turn used, from the request sent to the last result at the agent, and that stretch's wall time. */
  cpu: Array<{ used: CpuReading; wallSeconds: number }>;
}

/** A page of its own, signed in as `purpose`, on its Tasks page with the assistant's text box open. */
async function tasksPage(purpose: string): Promise<Page> {
  const page = await signedInPage(stack, browser, purpose, 'Change Set Bench');
  await page.getByRole('link', { name: 'Tasks' }).click();
  await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();

  // Stamps each task card element as it enters the page, and each title when its last card leaves. A
  // title's first stamp is when it first showed (its stand-in, if its call was still pending after
  // 100 ms), its last when the saved task showed.
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
  await page.getByRole('button', { name: 'Type to your assistant' }).click();
  return page;
}

/** `rounds` turns of CALLS calls on `page`, each undone with "Undo all". */
async function playTurns(page: Page, rounds: number): Promise<Turns> {
  const turns: Turns = { firstOnScreen: [], toScreen: [], toAgent: [], undoToScreen: [], cpu: [] };
  for (let round = 0; round < rounds; round += 1) {
    const titles = Array.from({ length: CALLS }, (_, index) => `Round ${round + 1} task ${index + 1}`);
    const before = double.state().toolResults.length;
    double.script({
      toolCalls: titles.map((title, index) => ({ tool_name: 'createTask', parameters: { title }, ...(index > 0 ? { after: 'sent' as const } : {}) })),
    });
    await page.getByRole('textbox', { name: 'Type to your assistant' }).fill(`add the tasks of round ${round + 1}`);
    const cpuBefore = readCpu();
    const sentAt = Date.now();
    await page.keyboard.press('Enter');

    const state = await double.waitFor((current) => current.toolResults.length >= before + CALLS, 60_000);
    const cpuAfter = readCpu();
    if (cpuBefore && cpuAfter) turns.cpu.push({ used: cpuBetween(cpuBefore, cpuAfter), wallSeconds: (Date.now() - sentAt) / 1000 });
    await page.waitForFunction((names) => names.every((name) => name in (window as unknown as { benchShown: object }).benchShown), titles, { timeout: 10_000 });
    // The notices bring each result: by then every stand-in has given way to its task.
    await page.waitForTimeout(1_000);
    const lastSent = Math.max(...state.toolCalls.slice(-CALLS).map((call) => Date.parse(call.sent_at)));
    const stamps = await page.evaluate(
      (names) => names.map((name) => (window as unknown as { benchShown: Record<string, number[]> }).benchShown[name]!),
      titles,
    );
    turns.firstOnScreen.push(Math.max(...stamps.map((times) => times[0]!)) - lastSent);
    turns.toScreen.push(Math.max(...stamps.map((times) => times.at(-1)!)) - lastSent);
    turns.toAgent.push(Math.max(...state.toolResults.slice(-CALLS).map((result) => Date.parse(result.received_at))) - lastSent);

    const undoAll = page
      .getByRole('region', { name: 'What the assistant did' })
      .getByRole('button', { name: /^Undo all/ })
      .first();
    await undoAll.waitFor();
    const clickedAt = Date.now();
    await undoAll.click();
    await page.waitForFunction((names) => names.every((name) => name in (window as unknown as { benchGone: object }).benchGone), titles, { timeout: 10_000 });
    const gone = await page.evaluate((names) => names.map((name) => (window as unknown as { benchGone: Record<string, number> }).benchGone[name]!), titles);
    turns.undoToScreen.push(Math.max(...gone) - clickedAt);
  }
  return turns;
}

try {
  let warmup: Turns | null = null;
  if (WARMUP > 0) {
    const first = await tasksPage('change-set-warmup');
    warmup = await playTurns(first, WARMUP);
    // Closed, so nothing of it runs beside the measured page.
    await first.close();
  }
  const measured = await playTurns(await tasksPage('change-set-bench'), ROUNDS);

  const line = (label: string, values: number[], target = true) => {
    const sorted = [...values].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    const verdict = target ? `   (target ≤ 300 ms: ${p95 <= 300 ? 'met' : 'MISSED'})` : '';
    console.log(`  ${label.padEnd(52)} p50 ${percentile(sorted, 50)} ms   p95 ${p95} ms${verdict}`);
  };
  if (warmup) {
    console.log(`\nThe stack's first ${WARMUP} turns after it started (a first person's page), each:`);
    console.log(
      `  last tool call → all 5 saved tasks on screen: ${warmup.toScreen.join(', ')} ms; "Undo all" → all 5 gone: ${warmup.undoToScreen.join(', ')} ms`,
    );
  }
  console.log(`\nThe assistant's change sets through the local stack, ${ROUNDS} turns of ${CALLS} calls each (a second person's new page)`);
  line('last tool call of the turn → all 5 saved tasks on screen', measured.toScreen);
  line('last tool call of the turn → all 5 first on screen', measured.firstOnScreen, false);
  line('last tool call of the turn → all 5 results to the agent', measured.toAgent, false);
  line('"Undo all" clicked → all 5 gone from the screen', measured.undoToScreen);
  if (measured.cpu.length > 0) {
    // Where a turn's time goes on this machine: the stack and the browser share its cores.
    const used = cpuSum(measured.cpu.map((turn) => turn.used));
    const wall = measured.cpu.reduce((sum, turn) => sum + turn.wallSeconds, 0);
    const seconds = (value: number) => value.toFixed(1);
    const chromium = Object.entries(used.chromium).sort(([, a], [, b]) => b - a);
    console.log(
      `\nCPU while the turns ran (the request sent → the last result at the agent): ${seconds(wall)} s of wall time, ${availableParallelism()} cores`,
    );
    console.log(
      `  this process (the local stack, its engine thread, the doubles, the bench's client) ${seconds(used.process)} s; its event loop, where every handler runs, at work ${Math.round((100 * used.eventLoop) / wall)} % of the time`,
    );
    console.log(
      `  Chromium ${seconds(chromium.reduce((sum, [, value]) => sum + value, 0))} s: ${chromium.map(([kind, value]) => `${kind} ${seconds(value)}`).join(', ')}`,
    );
  }
} finally {
  await stop();
}
