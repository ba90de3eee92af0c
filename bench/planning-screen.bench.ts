import type { Page } from '@playwright/test';
import { signedInPage, startBrowserStack } from './browser-stack';
import { signedInApi } from './stack-api';
import { percentile } from './percentile';

/**
 * Planning by voice as the person sees it, over rounds of one typed request each (a text
 * conversation) that the ElevenLabs double answers with a findFreeTime call, then a planTasks call
 * for a Thursday ahead holding a meeting, with TASKS tasks to place; the Calendar's day view of that
 * Thursday is open:
 * - findFreeTime sent → its result at the agent (the double's record; target p95 ≤ 150 ms);
 * - planTasks sent → all its blocks drawn dashed on the calendar (target p95 ≤ 300 ms);
 * - Accept clicked in the assistant's card → all blocks shown as saved events, none dashed (target p95 ≤ 300 ms).
 * Each round then takes the plan back with Undo all (untimed), so the next plans the same tasks.
 * Times are this machine's Date.now() on both sides; the page stamps what the calendar shows on every change.
 * The first BENCH_PLANNING_WARMUP rounds run the stack's code for the first time (as a Lambda's cold start): printed apart.
 */
const ROUNDS = Number(process.env.BENCH_PLANNING_ROUNDS ?? 15);
const WARMUP = Number(process.env.BENCH_PLANNING_WARMUP ?? 2);
const TASKS = 4;
const TITLE = 'Bench task';
/** No daylight saving: the day's bounds are always at +09:00. */
const ZONE = 'Asia/Tokyo';
const OFFSET = '+09:00';
const DAY_MS = 86_400_000;

const { stack, browser, stop } = await startBrowserStack({ elevenLabsDouble: true });
const double = stack.elevenLabs!;
const api = signedInApi(stack.url);

/** The Thursday two to eight days after today in Tokyo, and the day after it. */
function nextThursday(): { thursday: string; friday: string } {
  const today = new Date(Date.now() + 9 * 3_600_000);
  today.setUTCHours(0, 0, 0, 0);
  let ahead = 2;
  while (new Date(today.getTime() + ahead * DAY_MS).getUTCDay() !== 4) ahead += 1;
  const day = (offset: number) => new Date(today.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  return { thursday: day(ahead), friday: day(ahead + 1) };
}

interface Shown {
  at: number;
  proposed: number;
  saved: number;
}

interface Rounds {
  freeToAgent: number[];
  planToScreen: number[];
  acceptToScreen: number[];
}

/** The first moment at or after `since` when the calendar showed what `holds` asks. */
async function shownAt(page: Page, since: number, holds: (shown: Shown) => boolean): Promise<number> {
  for (;;) {
    const stamps = await page.evaluate(() => (window as unknown as { benchShown: Shown[] }).benchShown);
    const hit = stamps.find((shown) => shown.at >= since && holds(shown));
    if (hit) return hit.at;
    await page.waitForTimeout(20);
  }
}

async function playRounds(page: Page, rounds: number, thursday: string, friday: string): Promise<Rounds> {
  const measured: Rounds = { freeToAgent: [], planToScreen: [], acceptToScreen: [] };
  const range = { from: `${thursday}T00:00:00${OFFSET}`, to: `${friday}T00:00:00${OFFSET}` };
  const card = page.getByRole('group', { name: 'Voice assistant' });
  for (let round = 0; round < rounds; round += 1) {
    const before = double.state().toolResults.length;
    double.script({
      toolCalls: [
        { tool_name: 'findFreeTime', parameters: { ...range, minutes: 60 } },
        { tool_name: 'planTasks', parameters: range },
      ],
    });
    await page.getByRole('textbox', { name: 'Type to your assistant' }).fill(`when am I free on Thursday, and plan it (round ${round + 1})`);
    await page.keyboard.press('Enter');
    const state = await double.waitFor((current) => current.toolResults.length >= before + 2, 30_000);
    const [free, plan] = state.toolCalls.slice(-2);
    const resultOf = (callId: string) => state.toolResults.find((result) => result.tool_call_id === callId)!;
    if (resultOf(plan!.tool_call_id).is_error) throw new Error(`planTasks failed: ${String(resultOf(plan!.tool_call_id).result)}`);
    measured.freeToAgent.push(Date.parse(resultOf(free!.tool_call_id).received_at) - Date.parse(free!.sent_at));
    const blocks = (JSON.parse(String(resultOf(plan!.tool_call_id).result)) as { blocks: unknown[] }).blocks.length;
    if (blocks !== TASKS) throw new Error(`the plan holds ${blocks} blocks, not ${TASKS}`);
    measured.planToScreen.push((await shownAt(page, Date.parse(plan!.sent_at), (shown) => shown.proposed === blocks)) - Date.parse(plan!.sent_at));

    const proposal = card.locator('.proposal').first();
    const accept = proposal.getByRole('button', { name: 'Accept' });
    await accept.waitFor();
    const clickedAt = Date.now();
    await accept.click();
    measured.acceptToScreen.push((await shownAt(page, clickedAt, (shown) => shown.saved === blocks && shown.proposed === 0)) - clickedAt);

    const undoAll = proposal.getByRole('button', { name: 'Undo all' });
    await undoAll.click();
    await shownAt(page, Date.now(), (shown) => shown.saved === 0 && shown.proposed === 0);
  }
  return measured;
}

try {
  const { thursday, friday } = nextThursday();
  const page = await signedInPage(stack, browser, 'planning-screen-bench', 'Planning Bench');
  // The page's own session, to make the person's data as a script would.
  const token = await page.evaluate(() => {
    for (const storage of [sessionStorage, localStorage]) {
      for (const key of Object.keys(storage)) if (key.endsWith('.idToken')) return storage.getItem(key)!;
    }
    throw new Error('no id token in the page');
  });
  await api(token, 'PUT', '/api/settings', { preferred_timezone: ZONE, lang: 'en' });
  const at = (time: string) => new Date(`${thursday}T${time}:00${OFFSET}`).toISOString();
  await api(token, 'POST', '/api/events', { title: 'Team sync', start_time: at('10:00'), end_time: at('11:00') });
  for (let index = 1; index <= TASKS; index += 1) {
    await api(token, 'POST', '/api/tasks', { title: `${TITLE} ${index}`, priority: index === 1 ? 'high' : 'medium', estimate_minutes: 45 });
  }
  await page.goto(`${stack.url}/calendar?view=day&date=${thursday}`);
  await page
    .locator('.time-grid')
    .getByRole('button', { name: /Team sync/ })
    .waitFor();

  // Stamps what the day shows each time it changes: blocks drawn dashed, and the tasks' saved events.
  await page.evaluate((prefix) => {
    const shown: Shown[] = [];
    Object.assign(window, { benchShown: shown });
    new MutationObserver(() => {
      const proposed = document.querySelectorAll('.time-grid .cal-event--proposed').length;
      const saved = [...document.querySelectorAll('.time-grid button.cal-event .cal-event__title')].filter((title) =>
        title.textContent?.startsWith(prefix),
      ).length;
      const last = shown.at(-1);
      if (last?.proposed !== proposed || last.saved !== saved) shown.push({ at: Date.now(), proposed, saved });
    }).observe(document.body, { childList: true, subtree: true });
  }, TITLE);
  await page.getByRole('button', { name: 'Type to your assistant' }).click();

  const warmup = WARMUP > 0 ? await playRounds(page, WARMUP, thursday, friday) : null;
  const measured = await playRounds(page, ROUNDS, thursday, friday);

  const line = (label: string, values: number[], target: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    console.log(`  ${label.padEnd(52)} p50 ${percentile(sorted, 50)} ms   p95 ${p95} ms   (target ≤ ${target} ms: ${p95 <= target ? 'met' : 'MISSED'})`);
  };
  if (warmup) {
    console.log(`\nThe stack's first ${WARMUP} rounds after it started, each:`);
    console.log(
      `  findFreeTime → agent ${warmup.freeToAgent.join(', ')} ms; planTasks → blocks on screen ${warmup.planToScreen.join(', ')} ms; Accept → saved on screen ${warmup.acceptToScreen.join(', ')} ms`,
    );
  }
  console.log(`\nPlanning by voice through the local stack, ${ROUNDS} rounds of a plan of ${TASKS} blocks on the Calendar's day`);
  line('findFreeTime sent → result at the agent', measured.freeToAgent, 150);
  line('planTasks sent → all blocks drawn dashed', measured.planToScreen, 300);
  line('Accept clicked → all blocks saved on screen', measured.acceptToScreen, 300);
} finally {
  await stop();
}
