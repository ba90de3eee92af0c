import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ChangeSet } from '../../shared/change-sets.schema';
import type { Language } from '../../shared/languages';
import { reasonInWords } from '../../shared/planning-texts';
import type { ProposalResultSchema } from '../../shared/planning.schema';
import type { z } from 'zod';
import type { AppTexts } from '../../web/src/i18n/catalogue-types';
import de from '../../web/src/i18n/de/app';
import en from '../../web/src/i18n/en/app';
import { signedInAccount } from './support/app-data';
import { installPageClock } from './support/clock';
import { elevenLabsDouble, type DoubleState } from './support/elevenlabs';
import { markConnectPromptShown } from './support/google';

/**
 * Planning by voice against the local ElevenLabs double, typed (a text conversation, no
 * microphone): "What's on Thursday?", "Plan my Thursday", then yes, no, some by click, and Undo
 * all, as the person sees them on the calendar's day and in the assistant's card. The double is one
 * agent for the server, so this file is in the voice project with voice.e2e.ts (one file at a
 * time) and its tests run one after the other, each from a reset.
 *
 * The day planned is a Thursday two to eight days ahead in Tokyo (no daylight saving: its offset is
 * always +09:00), so the server's real "now" never falls in it; the page's clock starts at the
 * server's now, so the page's "today" (and its list of today's change sets) is the server's.
 */

const ZONE = 'Asia/Tokyo';
const OFFSET = '+09:00';
const DAY_MS = 86_400_000;
const CATALOGUES: Record<'en' | 'de', AppTexts> = { en, de };

type Proposal = z.infer<typeof ProposalResultSchema>;
type Double = ReturnType<typeof elevenLabsDouble>;

test.beforeEach(async ({ request }) => {
  await elevenLabsDouble(request).reset();
});

/** The Thursday two to eight days after today in Tokyo, and the day after it, as YYYY-MM-DD. */
function nextThursday(now: number): { thursday: string; friday: string } {
  const tokyoToday = new Date(now + 9 * 3_600_000);
  tokyoToday.setUTCHours(0, 0, 0, 0);
  let ahead = 2;
  while (new Date(tokyoToday.getTime() + ahead * DAY_MS).getUTCDay() !== 4) ahead += 1;
  const day = (offset: number) => new Date(tokyoToday.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  return { thursday: day(ahead), friday: day(ahead + 1) };
}

/** An instant on `day` at `time` in Tokyo. */
const tokyo = (day: string, time: string) => new Date(`${day}T${time}:00${OFFSET}`).toISOString();

/**
 * An account in Tokyo (default working hours: 9 to 5, lunch at noon) with a meeting on the
 * Thursday and three tasks with estimates, priorities and due dates, its calendar open on that
 * Thursday with the assistant's card open for typing.
 */
async function plannedThursday(page: Page, request: APIRequestContext, purpose: string, language: 'en' | 'de' = 'en') {
  const now = Date.now();
  const { thursday, friday } = nextThursday(now);
  await markConnectPromptShown(page);
  const { api } = await signedInAccount(page, request, purpose, null);
  await api.put('/api/settings', { preferred_timezone: ZONE, ...(language === 'en' ? {} : { lang: language }) });
  const meeting = await api.create('events', { title: 'Team sync', start_time: tokyo(thursday, '10:00'), end_time: tokyo(thursday, '11:00') });
  const report = await api.create('tasks', { title: 'Write the report', priority: 'high', estimate_minutes: 90, due_date: tokyo(thursday, '18:00') });
  const bank = await api.create('tasks', { title: 'Call the bank', priority: 'medium', estimate_minutes: 30, due_date: tokyo(friday, '12:00') });
  const budget = await api.create('tasks', { title: 'Review the budget', priority: 'low', estimate_minutes: 60 });
  await installPageClock(page, { time: now });
  await page.goto(`/calendar?view=day&date=${thursday}`);
  const texts = CATALOGUES[language];
  await expect(grid(page).getByRole('button', { name: /Team sync/ })).toBeVisible();
  await page.getByRole('button', { name: texts.voice.typeLabel }).click();
  const events = async () => (await api.get('/api/events')).items as Array<{ id: string; title: string; task_id: string | null }>;
  const changeSet = async (id: string) => (await api.get(`/api/voice/change-sets/${id}`)) as ChangeSet;
  return { api, texts, thursday, friday, meeting, tasks: [report, bank, budget], events, changeSet };
}

const grid = (page: Page) => page.locator('.time-grid');
const dashed = (page: Page) => grid(page).locator('.cal-event--proposed');
const card = (page: Page, texts: AppTexts) => page.getByRole('group', { name: texts.voice.title });

/** Types a request into the open card, the double answering it with `toolCalls`. */
async function say(page: Page, double: Double, texts: AppTexts, text: string, toolCalls: Parameters<Double['script']>[0]['toolCalls']) {
  await double.script({ toolCalls });
  const box = page.getByRole('textbox', { name: texts.voice.typeLabel });
  await box.fill(text);
  await box.press('Enter');
}

/** The result the agent got for its latest call of `tool`, parsed; fails on an error, or a call its schema refused. */
async function resultAtAgent(double: Double, tool: string): Promise<any> {
  let state!: DoubleState;
  const answered = () => {
    const call = state.toolCalls.filter((sent) => sent.tool_name === tool).at(-1);
    return call && state.toolResults.find((result) => result.tool_call_id === call.tool_call_id);
  };
  await expect
    .poll(
      async () => {
        state = await double.state();
        if (state.refusedCalls.length > 0) return `refused: ${JSON.stringify(state.refusedCalls)}`;
        const result = answered();
        return !result ? 'waiting' : result.is_error ? `error: ${String(result.result)}` : 'answered';
      },
      { timeout: 20_000 },
    )
    .toBe('answered');
  return JSON.parse(String(answered()!.result));
}

/**
 * "Plan my Thursday": the proposal in the card, a checkbox each with the block's reason in the
 * person's language (the same words the agent was told), the blocks dashed on the day, and
 * nothing saved.
 */
async function planThursday(page: Page, double: Double, setup: Awaited<ReturnType<typeof plannedThursday>>, language: Language = 'en') {
  const { texts, thursday, friday, events, changeSet } = setup;
  const before = (await events()).map((event) => event.id).sort();
  await say(page, double, texts, language === 'de' ? 'Plane meinen Donnerstag' : 'Plan my Thursday', [
    { tool_name: 'planTasks', parameters: { from: `${thursday}T00:00:00${OFFSET}`, to: `${friday}T00:00:00${OFFSET}` } },
  ]);
  const proposal = (await resultAtAgent(double, 'planTasks')) as Proposal;
  expect(proposal.awaiting_confirmation).toBe(true);
  expect(proposal.blocks.length).toBeGreaterThan(0);

  const shown = card(page, texts).locator('.proposal');
  await expect(shown.getByRole('heading', { name: texts.planning.title })).toBeVisible({ timeout: 15_000 });
  await expect(shown.getByRole('checkbox')).toHaveCount(proposal.blocks.length);
  const set = await changeSet(proposal.change_set_id);
  for (const block of proposal.blocks) {
    const line = set.lines.find((planned) => planned.proposal?.start_time === block.start_time)!;
    const words = reasonInWords(line.proposal!.reason, language, ZONE);
    expect(block.reason).toBe(words);
    await expect(shown.getByRole('checkbox', { name: new RegExp(block.title) })).toBeChecked();
    await expect(shown.locator('label').filter({ hasText: block.title })).toContainText(words);
  }
  await expect(dashed(page)).toHaveCount(proposal.blocks.length);
  for (const block of proposal.blocks) await expect(dashed(page).filter({ hasText: block.title })).toContainText(`${texts.planning.proposed}: ${block.title}`);
  expect((await events()).map((event) => event.id).sort()).toEqual(before);
  return { proposal, shown };
}

/** After the blocks were accepted: each a real event on the day, linked to its task, none dashed. */
async function expectSaved(page: Page, setup: Awaited<ReturnType<typeof plannedThursday>>, blocks: Proposal['blocks']) {
  await expect(dashed(page)).toHaveCount(0);
  for (const block of blocks) await expect(grid(page).getByRole('button', { name: new RegExp(block.title) })).toBeVisible();
  const saved = await setup.events();
  expect(
    saved
      .filter((event) => event.task_id)
      .map((event) => [event.title, event.task_id])
      .sort(),
  ).toEqual(blocks.map((block) => [block.title, block.task_id]).sort());
}

test('asked what is on Thursday, the agent reads the schedule and nothing changes; planned, the blocks wait dashed until a spoken yes; Undo all takes them back', async ({
  page,
  request,
}) => {
  const double = elevenLabsDouble(request);
  const setup = await plannedThursday(page, request, 'voice-plan-yes');
  const { texts, thursday, friday, meeting, events } = setup;

  // Asking changes nothing: the agent hears the meeting and the task due, said in the person's words.
  await say(page, double, texts, "What's on Thursday?", [
    { tool_name: 'getSchedule', parameters: { from: `${thursday}T00:00:00${OFFSET}`, to: `${friday}T00:00:00${OFFSET}` } },
  ]);
  const schedule = await resultAtAgent(double, 'getSchedule');
  expect(schedule.events).toEqual([expect.objectContaining({ id: meeting.id, title: 'Team sync', said: expect.stringMatching(/\S/) })]);
  expect(schedule.tasks_due.map((task: { title: string }) => task.title)).toEqual(['Write the report']);
  expect(schedule.free.length).toBeGreaterThan(0);
  await expect(card(page, texts).locator('.proposal, .change-line')).toHaveCount(0);
  await expect(dashed(page)).toHaveCount(0);
  expect((await events()).map((event) => event.id)).toEqual([meeting.id]);

  const { proposal, shown } = await planThursday(page, double, setup);

  // "Yes": the agent answers the plan it was given, and the blocks become events.
  await say(page, double, texts, 'Yes', [{ tool_name: 'answerProposal', parameters: { change_set_id: proposal.change_set_id, accept: true } }]);
  const answer = await resultAtAgent(double, 'answerProposal');
  expect(answer).toMatchObject({ change_set_id: proposal.change_set_id, applied: proposal.blocks.length, declined: 0, failed: [] });
  await expectSaved(page, setup, proposal.blocks);

  const undoAll = card(page, texts).getByRole('button', { name: texts.planning.undoAll });
  await expect(shown.getByRole('heading', { name: texts.planning.saved })).toBeVisible();
  await undoAll.click();
  for (const block of proposal.blocks) await expect(grid(page).getByRole('button', { name: new RegExp(block.title) })).toHaveCount(0);
  await expect(grid(page).getByRole('button', { name: /Team sync/ })).toBeVisible();
  await expect.poll(async () => (await events()).map((event) => event.id)).toEqual([meeting.id]);
});

test('some blocks accepted by click save only those; a spoken no to the next plan saves nothing and takes it off the calendar', async ({ page, request }) => {
  const double = elevenLabsDouble(request);
  const setup = await plannedThursday(page, request, 'voice-plan-some');
  const { texts, meeting, events, changeSet } = setup;

  const { proposal, shown } = await planThursday(page, double, setup);
  expect(proposal.blocks.length).toBeGreaterThanOrEqual(2);
  const [dropped, ...kept] = proposal.blocks;
  await shown.getByRole('checkbox', { name: new RegExp(dropped!.title) }).uncheck();
  await shown.getByRole('button', { name: texts.planning.accept }).click();
  await expectSaved(page, setup, kept);
  await expect(grid(page).getByRole('button', { name: new RegExp(dropped!.title) })).toHaveCount(0);
  expect((await changeSet(proposal.change_set_id)).lines.map((line) => line.status)).toEqual(
    proposal.blocks.map((block) => (block === dropped ? 'declined' : 'applied')),
  );
  const afterAccept = (await events()).map((event) => event.id).sort();
  expect(afterAccept).toHaveLength(1 + kept.length);
  expect(afterAccept).toContain(meeting.id);

  // The next plan holds only the task left out, and is turned down by voice: nothing is saved and its block leaves the calendar.
  // A clean record, so the plan's result read is the new call's, not the first plan's.
  await double.reset();
  const next = (await planThursday(page, double, setup)).proposal;
  expect(next.blocks.map((block) => block.task_id)).toEqual([dropped!.task_id]);
  await say(page, double, texts, 'No', [{ tool_name: 'answerProposal', parameters: { change_set_id: next.change_set_id, accept: false } }]);
  expect(await resultAtAgent(double, 'answerProposal')).toMatchObject({ applied: 0, declined: next.blocks.length });
  await expect(dashed(page)).toHaveCount(0);
  await expect(card(page, texts).getByRole('heading', { name: texts.planning.declined })).toBeVisible();
  expect((await events()).map((event) => event.id).sort()).toEqual(afterAccept);
  expect((await changeSet(next.change_set_id)).lines.every((line) => line.status === 'declined')).toBe(true);
});

test('in German, the proposal, its reasons and what was saved read in German, and a spoken Ja saves the plan', async ({ page, request }) => {
  const double = elevenLabsDouble(request);
  const setup = await plannedThursday(page, request, 'voice-plan-de', 'de');
  const { texts } = setup;
  expect(texts.planning.title).not.toBe(en.planning.title);

  const { proposal, shown } = await planThursday(page, double, setup, 'de');
  await expect(shown.getByRole('button', { name: texts.planning.accept })).toBeVisible();
  await expect(shown.getByRole('button', { name: texts.planning.cancel })).toBeVisible();

  await say(page, double, texts, 'Ja', [{ tool_name: 'answerProposal', parameters: { change_set_id: proposal.change_set_id, accept: true } }]);
  expect(await resultAtAgent(double, 'answerProposal')).toMatchObject({ applied: proposal.blocks.length });
  await expectSaved(page, setup, proposal.blocks);
  await expect(shown.getByRole('heading', { name: texts.planning.saved })).toBeVisible();
  await expect(shown.getByRole('button', { name: texts.planning.undoAll })).toBeVisible();
});

test("a plan and moves to the trash of the same turn are answered apart: the plan's Accept saves only its blocks, the moves keep waiting, and their Cancel keeps the tasks", async ({
  page,
  request,
}) => {
  const double = elevenLabsDouble(request);
  const setup = await plannedThursday(page, request, 'voice-plan-held');
  const { api, texts, thursday, friday, tasks, changeSet } = setup;
  // More than may go to the trash without asking: the moves wait for the person's yes.
  const old = await Promise.all(['Old 1', 'Old 2', 'Old 3', 'Old 4'].map((title) => api.create('tasks', { title })));
  const openTasks = async () => ((await api.get('/api/tasks')).items as Array<{ id: string }>).map((task) => task.id);
  await say(page, double, texts, 'Delete the old tasks and plan my Thursday', [
    { tool_name: 'deleteTasks', parameters: { ids: old.map((task) => task.id) } },
    {
      tool_name: 'planTasks',
      parameters: { from: `${thursday}T00:00:00${OFFSET}`, to: `${friday}T00:00:00${OFFSET}`, task_ids: tasks.map((task) => task.id) },
    },
  ]);
  const proposal = (await resultAtAgent(double, 'planTasks')) as Proposal;
  const t = texts.voice.changeSets;
  const held = card(page, texts).locator('.change-set__confirm');
  const shown = card(page, texts).locator('.proposal');
  await expect(held.getByRole('button', { name: t.moveToTrash })).toBeVisible({ timeout: 15_000 });
  await expect(shown.getByRole('checkbox')).toHaveCount(proposal.blocks.length);

  await shown.getByRole('button', { name: texts.planning.accept }).click();
  await expectSaved(page, setup, proposal.blocks);
  await expect(held.getByRole('button', { name: t.moveToTrash })).toBeVisible();
  expect(await openTasks()).toEqual(expect.arrayContaining(old.map((task) => task.id)));

  await held.getByRole('button', { name: t.cancel }).click();
  await expect(held).toHaveCount(0);
  expect(await openTasks()).toEqual(expect.arrayContaining(old.map((task) => task.id)));
  const lines = (await changeSet(proposal.change_set_id)).lines;
  expect(lines.filter((line) => line.action === 'delete').map((line) => line.status)).toEqual(old.map(() => 'declined'));
  expect(lines.filter((line) => line.proposal).every((line) => line.status === 'applied')).toBe(true);
});
