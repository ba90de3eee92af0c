import { signedInPage, startBrowserStack } from './browser-stack';
import { percentile } from './percentile';

/**
 * How long a person waits to see what the assistant did: from the ElevenLabs double sending a
 * client_tool_call to the created task showing on the Tasks page (first as a stand-in, then
 * saved), over 20 calls (target: p95 under 1 s), beside the time until the agent gets the result. The page types one request (a text
 * conversation, no microphone); the double answers it with the scripted calls one after the other,
 * each when the previous result came back. Both clocks are this machine's Date.now().
 */
const CALLS = Number(process.env.BENCH_VOICE_CALLS ?? 20);
const TITLE = 'Bench task';

const { stack, browser, stop } = await startBrowserStack({ elevenLabsDouble: true });
const double = stack.elevenLabs!;

try {
  const page = await signedInPage(stack, browser, 'voice-bench', 'Voice Bench');
  await page.getByRole('link', { name: 'Tasks' }).click();
  await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();

  // Stamps each new card element of a task as it enters the page. A call still pending after 100 ms
  // shows a stand-in card first; the saved task replaces it with a card of its own (a new element,
  // keyed by the real id): the first stamp is when the person first sees the task, the last when
  // they see the saved one.
  await page.evaluate((prefix) => {
    const seen: Record<string, number[]> = {};
    const known = new WeakSet<Element>();
    Object.assign(window, { benchSeen: seen });
    new MutationObserver(() => {
      for (const card of document.querySelectorAll(`article[aria-label^="${prefix} "]`)) {
        if (known.has(card)) continue;
        known.add(card);
        (seen[card.getAttribute('aria-label')!] ??= []).push(Date.now());
      }
    }).observe(document.body, { childList: true, subtree: true });
  }, TITLE);

  double.script({
    toolCalls: Array.from({ length: CALLS }, (_, index) => ({ tool_name: 'createTask', parameters: { title: `${TITLE} ${index + 1}` } })),
  });
  await page.getByRole('button', { name: 'Type to your assistant' }).click();
  await page.getByRole('textbox', { name: 'Type to your assistant' }).fill('add my bench tasks');
  await page.keyboard.press('Enter');

  const state = await double.waitFor((current) => current.toolResults.length >= CALLS, 60_000);
  await page.waitForFunction((count) => Object.keys((window as unknown as { benchSeen: object }).benchSeen).length >= count, CALLS, { timeout: 10_000 });
  // The notices (or, with the socket down, the polls) bring each result: by then every stand-in has given way to its task.
  await page.waitForTimeout(2_000);
  const seen = await page.evaluate(() => (window as unknown as { benchSeen: Record<string, number[]> }).benchSeen);

  const sentAt = new Map(state.toolCalls.map((call) => [call.tool_call_id, Date.parse(call.sent_at)]));
  const since = (pick: (stamps: number[]) => number) =>
    state.toolCalls.map((call) => pick(seen[String(call.parameters.title)]!) - Date.parse(call.sent_at)).sort((a, b) => a - b);
  const visible = since((stamps) => stamps[0]!);
  const saved = since((stamps) => stamps.at(-1)!);
  const standIns = Object.values(seen).filter((stamps) => stamps.length > 1).length;
  const answered = state.toolResults.map((result) => Date.parse(result.received_at) - sentAt.get(result.tool_call_id)!).sort((a, b) => a - b);
  const failed = state.toolResults.filter((result) => result.is_error).length;

  const line = (label: string, sorted: number[]) => console.log(`  ${label.padEnd(40)} p50 ${percentile(sorted, 50)} ms   p95 ${percentile(sorted, 95)} ms`);
  console.log(`\nVoice tool calls through the local stack, ${CALLS} calls (${failed} failed)`);
  line('client_tool_call → task on screen', visible);
  line('client_tool_call → saved task on screen', saved);
  console.log(`  (${standIns} of ${CALLS} showed a stand-in first, their call still pending after 100 ms)`);
  line('client_tool_call → result to agent', answered);
  console.log(`  target: saved task on screen under 1000 ms at p95 (${percentile(saved, 95) < 1000 ? 'met' : 'MISSED'})`);
  console.log(`  change notices' target: saved task on screen ≤ 150 ms at p95 (${percentile(saved, 95) <= 150 ? 'met' : 'MISSED'})`);
} finally {
  await stop();
}
