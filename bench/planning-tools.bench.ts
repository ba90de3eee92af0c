import { randomUUID } from 'node:crypto';
import { percentile } from './percentile';
import { startApiStack } from './stack-api';

/**
 * The planning tools on the local stack, server side, for a person with a week holding
 * BENCH_PLAN_EVENTS events (4 of them daily series' occurrences) and BENCH_PLAN_TASKS open tasks:
 * - "when am I free": a findFreeTime call logged (POST /api/voice/tool-calls) → its result readable
 *   (GET /api/voice/tool-calls/{id}), what the agent waits for (target p95 ≤ 150 ms);
 * - "plan my week": a planTasks call logged → the proposal readable with all its blocks (the change
 *   set), the server's part of "plan → all proposed blocks on the calendar" (target p95 ≤ 300 ms);
 * - Accept: the confirmation answered with every block saved (the server's part of "Accept → all
 *   saved on screen", target p95 ≤ 300 ms). Each round then undoes the plan, untimed, so the next
 *   plans the same tasks again.
 * A call is finished when the processor announces it on the bus (checked every POLL_MS, in memory), and
 * its result then read over HTTP, as a client reads it once told. Times are this machine's performance.now().
 */
const ROUNDS = Number(process.env.BENCH_PLAN_ROUNDS ?? 30);
const WARMUP = 5;
const EVENTS = Number(process.env.BENCH_PLAN_EVENTS ?? 150);
const TASKS = Number(process.env.BENCH_PLAN_TASKS ?? 50);
const POLL_MS = 1;

const { stack, api, stop } = await startApiStack();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const password = 'Bench-pass-1!';
  await stack.ensureUser('bench-planning@example.com', password, 'Bench');
  const token = await stack.signIn('bench-planning@example.com', password);
  await api(token, 'PUT', '/api/settings', { preferred_timezone: 'Europe/Berlin', lang: 'en' });

  // A week from tomorrow, holding EVENTS showings: half-hour events, one in five within working hours (some
  // four meetings a working day), the rest early, late or on the weekend; 4 of them daily series (7 showings each).
  const today = new Date();
  const weekStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  const week = { from: new Date(weekStart).toISOString(), to: new Date(weekStart + 7 * 86_400_000).toISOString() };
  const SERIES = 4;
  for (let index = 0; index < EVENTS - SERIES * 7 + SERIES; index += 1) {
    const hour = index % 5 === 0 ? 8 + ((index * 3) % 7) : [5, 6, 17, 18, 19, 20, 21][(index * 3) % 7]!;
    const start = weekStart + (index % 7) * 86_400_000 + hour * 3_600_000 + (index % 4) * 15 * 60_000;
    const series = index < SERIES ? { recurrence: { rule: 'FREQ=DAILY', time_zone: 'Europe/Berlin', exceptions: [] } } : {};
    await api(token, 'POST', '/api/events', {
      title: `Event ${index}`,
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 30 * 60_000).toISOString(),
      ...series,
    });
  }
  const priorities = ['low', 'medium', 'high'] as const;
  for (let index = 0; index < TASKS; index += 1) {
    await api(token, 'POST', '/api/tasks', {
      title: `Task ${index}`,
      priority: priorities[index % 3],
      estimate_minutes: 15 + (index % 4) * 15,
      ...(index % 2 === 0 ? { due_date: new Date(weekStart + (1 + (index % 6)) * 86_400_000 + 17 * 3_600_000).toISOString() } : {}),
    });
  }
  await stack.settle();

  /**
   * Logs a call in a turn of its own and waits for the processor's toolcall.completed on the bus
   * (read in memory, so waiting costs the stack nothing), then reads the call as a client does;
   * answers the call and the time from logging it to having read its result.
   */
  async function toolCall(tool_name: string, parameters: Record<string, unknown>) {
    const id = `toolu_${randomUUID()}`;
    const completed = () =>
      stack.bus.published.some((event) => event['detail-type'] === 'toolcall.completed' && (event.detail as { toolCallId: string }).toolCallId === id);
    const start = performance.now();
    await api(token, 'POST', '/api/voice/tool-calls', { tool_call_id: id, conversation_id: `bench_${randomUUID()}`, turn: 1, tool_name, parameters });
    while (!completed()) await sleep(POLL_MS);
    const call = await api(token, 'GET', `/api/voice/tool-calls/${id}`);
    if (call.status !== 'success') throw new Error(`${tool_name}: ${call.error_message}`);
    return { call, ms: performance.now() - start };
  }

  const free: number[] = [];
  const proposed: number[] = [];
  const accepted: number[] = [];
  let blocks = 0;
  for (let round = -WARMUP; round < ROUNDS; round += 1) {
    const asked = await toolCall('findFreeTime', { ...week, minutes: 60 });
    // The proposal is read as the page reads it: the call's result, then its change set with every block.
    const planStart = performance.now();
    const plan = await toolCall('planTasks', week);
    const set = await api(token, 'GET', `/api/voice/change-sets/${plan.call.change_set_id}`);
    const readableMs = performance.now() - planStart;
    if (set.lines.length !== plan.call.result.blocks.length) throw new Error('the proposal was read before all its blocks');
    const start = performance.now();
    const confirmed = await api(token, 'POST', `/api/voice/change-sets/${set.id}/confirm`, { apply: true });
    const acceptMs = performance.now() - start;
    if (confirmed.lines.some((line: { status: string }) => line.status !== 'applied')) throw new Error('a block was not saved');
    await stack.settle();
    await api(token, 'POST', `/api/voice/change-sets/${set.id}/undo`);
    await stack.settle();
    if (round < 0) continue;
    blocks = set.lines.length;
    free.push(asked.ms);
    proposed.push(readableMs);
    accepted.push(acceptMs);
  }

  const line = (label: string, samples: number[], target: number) => {
    const sorted = [...samples].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    console.log(
      `  ${label.padEnd(58)} p50 ${percentile(sorted, 50).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   (target ≤ ${target} ms: ${p95 <= target ? 'met' : 'MISSED'})`,
    );
  };
  console.log(
    `\nThe planning tools through the local stack, ${ROUNDS} rounds: a week holding ${EVENTS} events and ${TASKS} open tasks, ${blocks} blocks a plan`,
  );
  line('"when am I free" (findFreeTime) logged → result readable', free, 150);
  line('planTasks logged → proposal readable', proposed, 300);
  line(`Accept (confirm) → all ${blocks} blocks saved`, accepted, 300);
} finally {
  await stop();
}
