import { randomUUID } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSetKey, itemKey, userKey } from '../../functions/data/keys';
import { setClock } from '../../functions/platform/clock';
import { db, tableName } from '../../functions/platform/dynamo';
import { runPlanningTool } from '../../functions/planning/tools';
import { changeSetIdOf } from '../../functions/voice/change-sets';
import { toolMeaning, type PlanningToolMeaning } from '../../shared/assistant-tools';
import { CHANGE_SET_MESSAGES, PLANNER_CONVERSATION } from '../../shared/change-sets';
import type { ChangeLine, ChangeSet } from '../../shared/change-sets.schema';
import { VOICE_MESSAGES } from '../../shared/messages';
import { PLANNING_LIMITS, PLANNING_MESSAGES, PLANNING_TOOL_MESSAGES } from '../../shared/planning';
import { reasonInWords } from '../../shared/planning-texts';
import { TOOL_CALL_MESSAGES } from '../../shared/tool-calls';
import type { ToolCall } from '../../shared/tool-calls.schema';
import { integrationHarness, type TestUser } from '../support/harness';

const { world, user } = integrationHarness();

/**
 * The functions' clock stands still on Monday 2 December 2030, 08:00 in Berlin (07:00 UTC), where
 * the people of these tests live: the default working week is 9 to 5 with lunch at noon and 10
 * minutes between blocks. Whatever day the tests run, the plans are the same.
 */
const MONDAY_8AM = Date.parse('2030-12-02T07:00:00Z');
let clockNow = MONDAY_8AM;
let restoreClock: () => void;
beforeAll(() => {
  restoreClock = setClock({ now: () => clockNow, sleep: async (ms) => void (clockNow += Math.max(0, ms)) });
});
afterAll(() => restoreClock());

/** An instant of the first week of December 2030 in Berlin (UTC+1), e.g. at(2, '09:00') is Monday at 9. */
const at = (day: number, time: string) => new Date(`2030-12-${String(day).padStart(2, '0')}T${time}:00+01:00`).toISOString();
const MONDAY = { from: '2030-12-02T00:00:00+01:00', to: '2030-12-03T00:00:00+01:00' };
const MONDAY_AND_TUESDAY = { from: MONDAY.from, to: '2030-12-04T00:00:00+01:00' };

async function berliner(settings: Record<string, unknown> = {}): Promise<TestUser> {
  const person = await user();
  expect((await person.put('/api/settings', { preferred_timezone: 'Europe/Berlin', lang: 'en', ...settings })).status).toBe(200);
  return person;
}

/** Logs a tool call as the SPA does, in a turn of its own (or of `conversation_id`'s turn 1), and waits for the bus to have processed it. */
async function toolCall(person: TestUser, tool_name: string, parameters: Record<string, unknown>, conversation_id = `conv_${randomUUID()}`) {
  const tool_call_id = `toolu_${randomUUID()}`;
  const logged = await person.post('/api/voice/tool-calls', { tool_call_id, conversation_id, turn: 1, tool_name, parameters });
  expect(logged.status, JSON.stringify(logged.body)).toBe(202);
  await world.settle();
  const answer = await person.get(`/api/voice/tool-calls/${tool_call_id}`);
  expect(answer.status).toBe(200);
  return answer.body as ToolCall & { result: any };
}

async function task(person: TestUser, fields: Record<string, unknown>) {
  const made = await person.post('/api/tasks', fields);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

async function event(person: TestUser, fields: Record<string, unknown>) {
  const made = await person.post('/api/events', fields);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

const events = async (person: TestUser) => (await person.get('/api/events')).body.items as Array<Record<string, any>>;
const changeSet = async (person: TestUser, id: string) => (await person.get(`/api/voice/change-sets/${id}`)).body as ChangeSet;
const lineIdOf = (line: ChangeLine) => `${line.tool_call_id}/${line.index}`;
/** What the table's stream put on the bus about the person's items: what the mirror to Google acts on. */
const itemEventsOf = (person: TestUser) =>
  world.bus.published.filter((published) => published['detail-type'].startsWith('item.') && (published.detail as { userId?: string }).userId === person.id);

/** Two tasks for a Monday: the report (high, 90 minutes, due Tuesday 5 pm), the slides (an hour by default); and one done. */
async function twoTasks(person: TestUser) {
  const report = await task(person, { title: 'Write the report', priority: 'high', estimate_minutes: 90, due_date: at(3, '17:00') });
  const slides = await task(person, { title: 'Slides' });
  await task(person, { title: 'Done already', status: 'completed' });
  return { report, slides };
}

describe('getSchedule', () => {
  it("answers the range's events (a series' occurrence, Google's), tasks due, busy and free working time, in the person's words", async () => {
    const alice = await berliner();
    const recurrence = { rule: 'FREQ=WEEKLY;BYDAY=MO', time_zone: 'Europe/Berlin', exceptions: [] };
    const standup = await event(alice, { title: 'Standup', start_time: '2030-11-25T09:00:00+01:00', end_time: '2030-11-25T09:30:00+01:00', recurrence });
    const flight = await event(alice, { title: 'Flight', start_time: at(3, '10:00'), end_time: at(3, '12:00') });
    // As a sync from Google stores it: an ordinary event with Google's id.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: userKey(alice.id), SK: itemKey('events', flight.id) },
        UpdateExpression: 'SET gcal_id = :gcal',
        ExpressionAttributeValues: { ':gcal': 'google-flight' },
      }),
    );
    await event(alice, { title: 'Holiday', start_time: '2030-12-03T00:00:00Z', end_time: '2030-12-03T00:00:00Z', all_day: true });
    await event(alice, { title: 'Next week', start_time: at(9, '10:00'), end_time: at(9, '11:00') });
    const due = await task(alice, { title: 'Tax return', due_date: at(3, '18:00') });
    await task(alice, { title: 'Later', due_date: at(9, '18:00') });

    const answer = await toolCall(alice, 'getSchedule', MONDAY_AND_TUESDAY);
    expect(answer.status, answer.error_message ?? '').toBe('success');
    const result = answer.result;
    expect(result.events.map((shown: any) => [shown.title, shown.id, shown.start_time, shown.from_google, shown.all_day])).toEqual([
      ['Standup', standup.id, '2030-12-02T08:00:00.000Z', false, false],
      ['Holiday', expect.any(String), '2030-12-03T00:00:00Z', false, true],
      ['Flight', flight.id, '2030-12-03T09:00:00.000Z', true, false],
    ]);
    expect(result.events[0].said).toMatch(/^Monday, December 2, 9:00\s–\s9:30\sAM$/);
    expect(result.events[1].said).toBe('Tuesday, December 3');
    expect(result.tasks_due).toEqual([
      {
        id: due.id,
        title: 'Tax return',
        due_date: at(3, '18:00'),
        priority: 'medium',
        estimate_minutes: null,
        said: expect.stringMatching(/^Tuesday, December 3 at 6:00\sPM$/),
      },
    ]);
    // Two working days of 7 hours: the standup's half hour and the flight's 2 hours are taken.
    expect([result.busy_minutes, result.free_minutes]).toEqual([150, 2 * 7 * 60 - 150]);
    // From now (8 am), the standup and 10 minutes after it taken, on the quarter hour.
    expect(result.free.slice(0, 2).map((slot: any) => [slot.start, slot.end, slot.minutes])).toEqual([
      [at(2, '09:45'), at(2, '12:00'), 135],
      [at(2, '13:00'), at(2, '17:00'), 240],
    ]);
    expect(result.more).toBe(false);
  });

  it('refuses a range that ends before it starts, or one too long, with the reason', async () => {
    const alice = await berliner();
    expect(await toolCall(alice, 'getSchedule', { from: MONDAY.to, to: MONDAY.from })).toMatchObject({
      status: 'error',
      error_message: PLANNING_MESSAGES.rangeOrder,
    });
    expect(await toolCall(alice, 'getSchedule', { from: MONDAY.from, to: '2031-02-01T00:00:00+01:00' })).toMatchObject({
      status: 'error',
      error_message: PLANNING_MESSAGES.scheduleTooLong,
    });
  });
});

describe('findFreeTime', () => {
  it('answers free time of the length asked within working hours, outside lunch and busy time with its buffer', async () => {
    const alice = await berliner({ plan_buffer_minutes: 15 });
    await event(alice, { title: 'Dentist', start_time: at(2, '10:00'), end_time: at(2, '11:00') });
    const slots = async (minutes: number) => {
      const answer = await toolCall(alice, 'findFreeTime', { ...MONDAY, minutes });
      expect(answer.status, answer.error_message ?? '').toBe('success');
      return answer.result.slots.map((slot: any) => [slot.start, slot.end]);
    };
    // 9:00 to 9:45 and 11:15 to 12:00 are too short for an hour; lunch and 5 pm on are not working time.
    expect(await slots(60)).toEqual([[at(2, '13:00'), at(2, '17:00')]]);
    expect(await slots(45)).toEqual([
      [at(2, '09:00'), at(2, '09:45')],
      [at(2, '11:15'), at(2, '12:00')],
      [at(2, '13:00'), at(2, '17:00')],
    ]);
    const answer = await toolCall(alice, 'findFreeTime', { ...MONDAY, minutes: 60 });
    expect(answer.result.slots[0].said).toMatch(/^Monday, December 2, 1:00\s–\s5:00\sPM$/);

    expect(await toolCall(alice, 'findFreeTime', { ...MONDAY, minutes: 2 })).toMatchObject({ status: 'error', error_message: PLANNING_MESSAGES.estimateRange });
    expect(await toolCall(alice, 'findFreeTime', { from: MONDAY.to, to: MONDAY.from, minutes: 30 })).toMatchObject({
      status: 'error',
      error_message: PLANNING_MESSAGES.rangeOrder,
    });
  });
});

describe('planTasks', () => {
  it('proposes blocks with their reasons and saves nothing (no event, nothing on the bus for Google) until the person accepts', async () => {
    const alice = await berliner();
    const { report, slides } = await twoTasks(alice);
    await world.settle();
    const itemEventsBefore = itemEventsOf(alice).length;

    const plan = await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY);
    expect(plan.status, plan.error_message ?? '').toBe('success');
    expect(plan.result).toMatchObject({ change_set_id: plan.change_set_id, awaiting_confirmation: true, unplaced: [] });
    const reasonOfReport = reasonInWords({ code: 'before_due', due: report.due_date }, 'en', 'Europe/Berlin');
    expect(plan.result.blocks).toEqual([
      {
        position: 1,
        title: 'Write the report',
        task_id: report.id,
        start_time: at(2, '09:00'),
        end_time: at(2, '10:30'),
        said: expect.stringMatching(/^Monday, December 2, 9:00\s–\s10:30\sAM$/),
        reason: reasonOfReport,
      },
      // The buffer after the report, on the quarter hour.
      {
        position: 2,
        title: 'Slides',
        task_id: slides.id,
        start_time: at(2, '10:45'),
        end_time: at(2, '11:45'),
        said: expect.any(String),
        reason: expect.any(String),
      },
    ]);
    expect(await events(alice)).toEqual([]);
    await world.settle();
    expect(itemEventsOf(alice)).toHaveLength(itemEventsBefore);

    const set = await changeSet(alice, plan.change_set_id!);
    expect(set.awaiting_confirmation).toBe(true);
    expect(set.lines.map((line) => [line.status, line.action, line.entity, line.title, line.proposal?.task_id])).toEqual([
      ['proposed', 'create', 'event', 'Write the report', report.id],
      ['proposed', 'create', 'event', 'Slides', slides.id],
    ]);
    expect(set.lines[0]!.proposal).toEqual({
      task_id: report.id,
      start_time: at(2, '09:00'),
      end_time: at(2, '10:30'),
      reason: { code: 'before_due', due: report.due_date },
    });

    const accepted = await alice.post(`/api/voice/change-sets/${plan.change_set_id}/confirm`, { apply: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ awaiting_confirmation: false });
    expect(accepted.body.lines.map((line: ChangeLine) => line.status)).toEqual(['applied', 'applied']);
    const saved = await events(alice);
    expect(saved.map((block) => [block.title, block.task_id, block.start_time, block.end_time])).toEqual([
      ['Write the report', report.id, at(2, '09:00'), at(2, '10:30')],
      ['Slides', slides.id, at(2, '10:45'), at(2, '11:45')],
    ]);
    // Each block took the id its line named.
    expect(saved.map((block) => block.id)).toEqual(set.lines.map((line) => line.item_id));
    await world.settle();
    // Once accepted, the blocks are changes like any other: the mirror to Google hears of them from here.
    expect(
      itemEventsOf(alice)
        .filter((published) => (published.detail as { entity: string }).entity === 'event')
        .map((published) => published['detail-type']),
    ).toEqual(['item.created', 'item.created']);

    // The planned tasks are not planned again while their blocks are still to come.
    expect(await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY)).toMatchObject({ status: 'error', error_message: PLANNING_MESSAGES.nothingToPlan });

    const undone = await alice.post(`/api/voice/change-sets/${plan.change_set_id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body.lines.map((line: ChangeLine) => line.status)).toEqual(['undone', 'undone']);
    expect(await events(alice)).toEqual([]);
    const trash = (await alice.get('/api/trash')).body.items.map((entry: { title: string }) => entry.title);
    expect(trash.sort()).toEqual(['Slides', 'Write the report']);
  });

  it('accepts only the lines named, and turns the others down', async () => {
    const alice = await berliner();
    await twoTasks(alice);
    const plan = await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY);
    const [first, second] = (await changeSet(alice, plan.change_set_id!)).lines;
    const answered = await alice.post(`/api/voice/change-sets/${plan.change_set_id}/confirm`, { apply: true, lines: [lineIdOf(second!)] });
    expect(answered.status).toBe(200);
    expect(answered.body.lines.map((line: ChangeLine) => [line.title, line.status])).toEqual([
      [first!.title, 'declined'],
      [second!.title, 'applied'],
    ]);
    expect((await events(alice)).map((block) => block.title)).toEqual([second!.title]);
    // Answered: nothing waits any more.
    expect((await alice.post(`/api/voice/change-sets/${plan.change_set_id}/confirm`, { apply: true })).status).toBe(409);
  });

  it('leaves nothing behind when the person declines', async () => {
    const alice = await berliner();
    await twoTasks(alice);
    const plan = await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY);
    const stranger = await alice.post(`/api/voice/change-sets/${plan.change_set_id}/confirm`, { apply: true, lines: ['toolu_other/0'] });
    expect([stranger.status, stranger.body.error.message]).toEqual([409, CHANGE_SET_MESSAGES.nothingToConfirm]);
    const declined = await alice.post(`/api/voice/change-sets/${plan.change_set_id}/confirm`, { apply: false });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ awaiting_confirmation: false });
    expect(declined.body.lines.map((line: ChangeLine) => line.status)).toEqual(['declined', 'declined']);
    expect(await events(alice)).toEqual([]);
  });

  it('plans only the tasks named or of the priorities given; a task that is not the person’s is not found', async () => {
    const alice = await berliner();
    const { report, slides } = await twoTasks(alice);
    const named = await toolCall(alice, 'planTasks', { ...MONDAY_AND_TUESDAY, task_ids: [slides.id], minutes: 30 });
    expect(named.result.blocks.map((block: any) => [block.task_id, block.start_time, block.end_time])).toEqual([[slides.id, at(2, '09:00'), at(2, '09:30')]]);
    const high = await toolCall(alice, 'planTasks', { ...MONDAY_AND_TUESDAY, priorities: ['high'] });
    expect(high.result.blocks.map((block: any) => block.task_id)).toEqual([report.id]);

    const bob = await berliner();
    expect(await toolCall(bob, 'planTasks', { ...MONDAY_AND_TUESDAY, task_ids: [report.id] })).toMatchObject({
      status: 'error',
      error_message: TOOL_CALL_MESSAGES.notFound('task'),
    });
    expect(await toolCall(bob, 'planTasks', MONDAY_AND_TUESDAY)).toMatchObject({ status: 'error', error_message: PLANNING_MESSAGES.nothingToPlan });
    expect(await toolCall(alice, 'planTasks', { from: MONDAY.from, to: '2030-12-20T00:00:00+01:00' })).toMatchObject({
      status: 'error',
      error_message: PLANNING_MESSAGES.planTooLong,
    });
  });

  it('replaces a plan of the same turn still waiting: the newest is the one answered', async () => {
    const alice = await berliner();
    const { report, slides } = await twoTasks(alice);
    const conversation = `conv_${randomUUID()}`;
    const first = await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY, conversation);
    // A moment later, as the person says "only the slides".
    clockNow += 1_000;
    const second = await toolCall(alice, 'planTasks', { ...MONDAY_AND_TUESDAY, task_ids: [slides.id] }, conversation);
    expect(second.change_set_id).toBe(first.change_set_id);
    const set = await changeSet(alice, second.change_set_id!);
    expect(set.lines.map((line) => [line.tool_call_id, line.proposal?.task_id, line.status])).toEqual([
      [first.id, report.id, 'declined'],
      [first.id, slides.id, 'declined'],
      [second.id, slides.id, 'proposed'],
    ]);
    const answer = await toolCall(alice, 'answerProposal', { change_set_id: second.change_set_id, accept: true, positions: [1] });
    expect(answer.result).toMatchObject({ applied: 1, declined: 0 });
    expect((await events(alice)).map((block) => [block.task_id, block.start_time])).toEqual([[slides.id, second.result.blocks[0].start_time]]);
  });

  it('reports a task that fits nowhere before it is due, on the set as in the answer', async () => {
    const alice = await berliner();
    const late = await task(alice, { title: 'Too big for Monday', estimate_minutes: 300, due_date: at(2, '17:00') });
    const plan = await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY);
    expect(plan.result).toMatchObject({ awaiting_confirmation: false, blocks: [], unplaced: [{ title: late.title, reason: expect.any(String) }] });
    expect((await changeSet(alice, plan.change_set_id!)).unplaced).toEqual([
      { task_id: late.id, title: late.title, reason: expect.objectContaining({ code: expect.any(String) }) },
    ]);
  });

  it('gives a block the same id when the call runs again', async () => {
    const alice = await berliner();
    await twoTasks(alice);
    const call = {
      id: `toolu_${randomUUID()}`,
      conversation_id: 'conv_again',
      turn: 0,
      tool_name: 'planTasks',
      tool_args: MONDAY_AND_TUESDAY,
      change_set_id: changeSetIdOf(alice.id, 'conv_again', 0),
      sequence: null,
      created_at: new Date(MONDAY_8AM).toISOString(),
    };
    const meaning = toolMeaning('planTasks') as PlanningToolMeaning;
    const once = await runPlanningTool(alice.id, call, meaning, new Date(MONDAY_8AM));
    const twice = await runPlanningTool(alice.id, call, meaning, new Date(MONDAY_8AM));
    expect(once.lines.map((line) => line.item_id)).toEqual(twice.lines.map((line) => line.item_id));
    expect(once.lines).toHaveLength(2);
  });
});

describe('rescheduleEvents', () => {
  it('proposes moving the timed events onto the day asked; a series stays, with why; a block changed since fails on accept', async () => {
    const alice = await berliner();
    const review = await event(alice, { title: 'Review', start_time: at(2, '15:00'), end_time: at(2, '16:00') });
    const call = await event(alice, { title: 'Call', start_time: at(2, '16:00'), end_time: at(2, '16:30') });
    await event(alice, {
      title: 'Gym',
      start_time: at(2, '15:30'),
      end_time: at(2, '16:30'),
      recurrence: { rule: 'FREQ=DAILY', time_zone: 'Europe/Berlin', exceptions: [] },
    });
    // Tuesday's morning: the Gym again at 15:30 each day, and a meeting 9 to 10.
    await event(alice, { title: 'Busy', start_time: at(3, '09:00'), end_time: at(3, '10:00') });

    const moves = await toolCall(alice, 'rescheduleEvents', { from: at(2, '14:00'), to: at(2, '18:00'), onto_date: '2030-12-03' });
    expect(moves.status, moves.error_message ?? '').toBe('success');
    expect(moves.result.blocks.map((block: any) => [block.title, block.start_time, block.end_time])).toEqual([
      ['Review', at(3, '10:15'), at(3, '11:15')],
      ['Call', at(3, '11:30'), at(3, '12:00')],
    ]);
    expect(moves.result.unplaced).toEqual([{ title: 'Gym', reason: reasonInWords({ code: 'repeats' }, 'en', 'Europe/Berlin') }]);
    const set = await changeSet(alice, moves.change_set_id!);
    expect(set.lines.map((line) => [line.action, line.item_id, line.status, line.fields.map((field) => field.field)])).toEqual([
      ['update', review.id, 'proposed', ['start_time', 'end_time']],
      ['update', call.id, 'proposed', ['start_time', 'end_time']],
    ]);
    expect(set.lines[0]!.proposal?.reason).toEqual({ code: 'moved', was: at(2, '15:00') });
    expect((await events(alice)).find((shown) => shown.id === review.id)!.start_time).toBe(at(2, '15:00'));

    // The call is renamed meanwhile: its move fails, the review's is made.
    expect((await alice.patch(`/api/events/${call.id}`, { title: 'Call with Ann' })).status).toBe(200);
    const accepted = await alice.post(`/api/voice/change-sets/${moves.change_set_id}/confirm`, { apply: true });
    expect(accepted.body.lines.map((line: ChangeLine) => [line.title, line.status, line.reason])).toEqual([
      ['Review', 'applied', null],
      ['Call', 'failed', VOICE_MESSAGES.changedSince],
    ]);
    const after = await events(alice);
    expect(after.find((shown) => shown.id === review.id)).toMatchObject({ start_time: at(3, '10:15'), end_time: at(3, '11:15') });
    expect(after.find((shown) => shown.id === call.id)).toMatchObject({ start_time: at(2, '16:00'), title: 'Call with Ann' });
  });
});

describe('answerProposal', () => {
  it('accepts the blocks named by position, by voice, and turns the rest down; a second answer finds nothing waiting', async () => {
    const alice = await berliner();
    await twoTasks(alice);
    await task(alice, { title: 'Email Ann', priority: 'low' });
    const plan = await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY);
    expect(plan.result.blocks).toHaveLength(3);
    const second = plan.result.blocks[1];

    expect(await toolCall(alice, 'answerProposal', { change_set_id: plan.change_set_id, accept: true, positions: [4] })).toMatchObject({
      status: 'error',
      error_message: PLANNING_TOOL_MESSAGES.noSuchBlock(4),
    });
    const answer = await toolCall(alice, 'answerProposal', { change_set_id: plan.change_set_id, accept: true, positions: [2] });
    expect(answer).toMatchObject({ status: 'success', result: { change_set_id: plan.change_set_id, applied: 1, declined: 2, failed: [] } });
    expect((await events(alice)).map((block) => [block.title, block.start_time])).toEqual([[second.title, second.start_time]]);
    expect(await toolCall(alice, 'answerProposal', { change_set_id: plan.change_set_id, accept: true })).toMatchObject({
      status: 'error',
      error_message: PLANNING_MESSAGES.proposalGone,
    });
  });

  it('turns a plan down by voice', async () => {
    const alice = await berliner();
    await twoTasks(alice);
    const plan = await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY);
    const answer = await toolCall(alice, 'answerProposal', { change_set_id: plan.change_set_id, accept: false });
    expect(answer.result).toMatchObject({ applied: 0, declined: 2 });
    expect(await events(alice)).toEqual([]);
  });
});

describe('POST /api/planning/plans', () => {
  it("plans today, or the week to Sunday, in the person's zone, as a change set of its own waiting for the person", async () => {
    const alice = await berliner();
    // Four hours each: Monday afternoon holds one; the week's afternoons hold five.
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) await task(alice, { title, estimate_minutes: 240 });

    const day = await alice.post('/api/planning/plans', { scope: 'day' });
    expect(day.status, JSON.stringify(day.body)).toBe(201);
    expect(day.body).toMatchObject({ conversation_id: PLANNER_CONVERSATION, awaiting_confirmation: true });
    expect(day.body.lines.map((line: ChangeLine) => [line.status, line.proposal?.start_time])).toEqual([['proposed', at(2, '13:00')]]);
    expect(day.body.unplaced).toHaveLength(5);
    expect(await events(alice)).toEqual([]);
    expect((await alice.get('/api/voice/change-sets')).body.items.map((set: ChangeSet) => set.id)).toContain(day.body.id);

    const week = await alice.post('/api/planning/plans', { scope: 'week' });
    expect(week.status).toBe(201);
    expect(week.body.id).not.toBe(day.body.id);
    expect(week.body.lines.map((line: ChangeLine) => line.proposal?.start_time)).toEqual([2, 3, 4, 5, 6].map((date) => at(date, '13:00')));
    expect(week.body.unplaced).toHaveLength(1);

    const accepted = await alice.post(`/api/voice/change-sets/${week.body.id}/confirm`, { apply: true });
    expect(accepted.body.lines.map((line: ChangeLine) => line.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect(await events(alice)).toHaveLength(5);
  });

  it('answers 409 with nothing to plan and 400 for a scope it does not know, and writes nothing', async () => {
    const alice = await berliner();
    const nothing = await alice.post('/api/planning/plans', { scope: 'day' });
    expect([nothing.status, nothing.body.error.message]).toEqual([409, PLANNING_MESSAGES.nothingToPlan]);
    expect((await alice.post('/api/planning/plans', { scope: 'month' })).status).toBe(400);
    expect((await alice.get('/api/voice/change-sets')).body.items).toEqual([]);
  });
});

describe('a plan', () => {
  it("is the person's own: another user can neither read it, nor accept it on screen or by voice", async () => {
    const alice = await berliner();
    await twoTasks(alice);
    const plan = await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY);
    const bob = await berliner();
    expect((await bob.get(`/api/voice/change-sets/${plan.change_set_id}`)).status).toBe(404);
    expect((await bob.post(`/api/voice/change-sets/${plan.change_set_id}/confirm`, { apply: true })).status).toBe(404);
    expect(await toolCall(bob, 'answerProposal', { change_set_id: plan.change_set_id, accept: true })).toMatchObject({
      status: 'error',
      error_message: CHANGE_SET_MESSAGES.notFound,
    });
    expect(await events(bob)).toEqual([]);
    expect(await events(alice)).toEqual([]);
    expect((await changeSet(alice, plan.change_set_id!)).awaiting_confirmation).toBe(true);
  });
});

describe('a plan beside other changes of its turn', () => {
  const keysOf = (set: ChangeSet, status: ChangeLine['status']) => set.lines.filter((line) => line.status === status).map(lineIdOf);
  const confirm = (person: TestUser, set: ChangeSet, body: Record<string, unknown>) => person.post(`/api/voice/change-sets/${set.id}/confirm`, body);

  /** A plan of the two tasks and, in the same turn, 4 events of next week moved to the trash: held for the person. */
  async function planAndDeletes(person: TestUser) {
    await twoTasks(person);
    const nextWeek = [];
    for (const hour of ['09', '10', '11', '12'])
      nextWeek.push(await event(person, { title: `Old ${hour}`, start_time: at(9, `${hour}:00`), end_time: at(9, `${hour}:30`) }));
    const conversation = `conv_${randomUUID()}`;
    const plan = await toolCall(person, 'planTasks', MONDAY_AND_TUESDAY, conversation);
    // The turn's calls in the order they were logged.
    clockNow += 1_000;
    const deletes = await toolCall(person, 'deleteEvents', { ids: nextWeek.map((old) => old.id) }, conversation);
    expect(deletes.result).toMatchObject({ awaiting_confirmation: true });
    const set = await changeSet(person, plan.change_set_id!);
    expect(set.lines.map((line) => line.status)).toEqual(['proposed', 'proposed', 'held', 'held', 'held', 'held']);
    return set;
  }

  it('answers the plan and the held moves to the trash apart, on screen', async () => {
    const alice = await berliner();
    const set = await planAndDeletes(alice);
    // One question at a time: a block and a delete together are refused, and nothing changes.
    expect((await confirm(alice, set, { apply: true, lines: [keysOf(set, 'proposed')[0], keysOf(set, 'held')[0]] })).status).toBe(409);

    const accepted = await confirm(alice, set, { apply: true, lines: keysOf(set, 'proposed') });
    expect(accepted.status).toBe(200);
    expect(accepted.body.lines.map((line: ChangeLine) => line.status)).toEqual(['applied', 'applied', 'held', 'held', 'held', 'held']);
    expect(accepted.body.awaiting_confirmation).toBe(true);
    expect((await changeSet(alice, set.id)).awaiting_confirmation).toBe(true);
    expect(await events(alice)).toHaveLength(6);

    const trashed = await confirm(alice, set, { apply: true, lines: keysOf(set, 'held') });
    expect(trashed.body.lines.map((line: ChangeLine) => line.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied', 'applied']);
    expect(trashed.body.awaiting_confirmation).toBe(false);
    expect((await events(alice)).map((block) => block.title)).toEqual(['Write the report', 'Slides']);
  });

  it("undoes only the plan's blocks when asked for its lines, and leaves the turn's other changes", async () => {
    const alice = await berliner();
    const set = await planAndDeletes(alice);
    await confirm(alice, set, { apply: true, lines: keysOf(set, 'proposed') });
    await confirm(alice, set, { apply: true, lines: keysOf(set, 'held') });
    const plan = set.lines.filter((line) => line.proposal).map(lineIdOf);

    const undone = await alice.post(`/api/voice/change-sets/${set.id}/undo`, { lines: plan });
    expect(undone.status).toBe(200);
    expect(undone.body.lines.map((line: ChangeLine) => line.status)).toEqual(['undone', 'undone', 'applied', 'applied', 'applied', 'applied']);
    // The blocks are gone; the four moves to the trash stand.
    expect(await events(alice)).toEqual([]);
  });

  it('declines only the plan by voice; the held moves to the trash still wait, then a no declines them', async () => {
    const alice = await berliner();
    const set = await planAndDeletes(alice);
    const answer = await toolCall(alice, 'answerProposal', { change_set_id: set.id, accept: false });
    expect(answer.result).toMatchObject({ applied: 0, declined: 2 });
    expect((await changeSet(alice, set.id)).lines.map((line) => line.status)).toEqual(['declined', 'declined', 'held', 'held', 'held', 'held']);
    const declined = await confirm(alice, set, { apply: false });
    expect(declined.body).toMatchObject({ awaiting_confirmation: false });
    expect(await events(alice)).toHaveLength(4);
  });

  it('does not hold a single delete made beside a plan', async () => {
    const alice = await berliner();
    await twoTasks(alice);
    const old = await event(alice, { title: 'Old', start_time: at(9, '09:00'), end_time: at(9, '10:00') });
    const conversation = `conv_${randomUUID()}`;
    const plan = await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY, conversation);
    // The turn's calls in the order they were logged.
    clockNow += 1_000;
    const deleted = await toolCall(alice, 'deleteEvent', { id: old.id }, conversation);
    expect(deleted.status, deleted.error_message ?? '').toBe('success');
    expect(deleted.result).not.toHaveProperty('awaiting_confirmation');
    expect(await events(alice)).toEqual([]);
    expect((await changeSet(alice, plan.change_set_id!)).lines.map((line) => line.status)).toEqual(['proposed', 'proposed', 'applied']);
  });

  it('keeps two plans of one turn made by different tools, and accepts both', async () => {
    const alice = await berliner();
    const { report, slides } = await twoTasks(alice);
    const review = await event(alice, { title: 'Review', start_time: at(2, '15:00'), end_time: at(2, '16:00') });
    const conversation = `conv_${randomUUID()}`;
    const moves = await toolCall(alice, 'rescheduleEvents', { from: at(2, '14:00'), to: at(2, '18:00'), onto_date: '2030-12-03' }, conversation);
    // The turn's calls in the order they were logged.
    clockNow += 1_000;
    const plan = await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY, conversation);
    expect([moves.status, plan.status]).toEqual(['success', 'success']);
    const set = await changeSet(alice, plan.change_set_id!);
    expect(set.lines.map((line) => [line.item_id, line.status])).toEqual([
      [review.id, 'proposed'],
      [expect.any(String), 'proposed'],
      [expect.any(String), 'proposed'],
    ]);
    const accepted = await confirm(alice, set, { apply: true });
    expect(accepted.body.lines.map((line: ChangeLine) => line.status)).toEqual(['applied', 'applied', 'applied']);
    const saved = await events(alice);
    expect(saved.find((shown) => shown.id === review.id)!.start_time).toBe(moves.result.blocks[0].start_time);
    expect(saved.map((shown) => shown.task_id).filter(Boolean)).toEqual([report.id, slides.id]);
  });
});

describe('accepting a plan', () => {
  it('refuses a block whose task was done since, or whose time an event took since, and makes the others', async () => {
    const alice = await berliner();
    const { report } = await twoTasks(alice);
    await task(alice, { title: 'Email Ann', priority: 'low' });
    const plan = await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY);
    const [reportBlock, slidesBlock, emailBlock] = plan.result.blocks;
    expect((await alice.patch(`/api/tasks/${report.id}`, { status: 'completed' })).status).toBe(200);
    await event(alice, { title: 'Call', start_time: slidesBlock.start_time, end_time: at(2, '11:00') });
    const accepted = await alice.post(`/api/voice/change-sets/${plan.change_set_id}/confirm`, { apply: true });
    expect(accepted.body.lines.map((line: ChangeLine) => [line.title, line.status, line.reason])).toEqual([
      [reportBlock.title, 'failed', VOICE_MESSAGES.taskDoneOrGone],
      [slidesBlock.title, 'failed', VOICE_MESSAGES.timeTakenSince],
      [emailBlock.title, 'applied', null],
    ]);
    expect((await events(alice)).map((shown) => shown.title).sort()).toEqual(['Call', emailBlock.title]);
  });

  it('refuses the blocks of an older plan for tasks planned since', async () => {
    const alice = await berliner();
    await twoTasks(alice);
    const older = await alice.post('/api/planning/plans', { scope: 'day' });
    const newer = await alice.post('/api/planning/plans', { scope: 'day' });
    expect((await alice.post(`/api/voice/change-sets/${newer.body.id}/confirm`, { apply: true })).body.lines.map((line: ChangeLine) => line.status)).toEqual([
      'applied',
      'applied',
    ]);
    const accepted = await alice.post(`/api/voice/change-sets/${older.body.id}/confirm`, { apply: true });
    expect(accepted.body.lines.map((line: ChangeLine) => [line.status, line.reason])).toEqual([
      ['failed', VOICE_MESSAGES.taskPlannedSince],
      ['failed', VOICE_MESSAGES.taskPlannedSince],
    ]);
    expect(await events(alice)).toHaveLength(2);
  });

  it('after an answer that crashed midway, waits for its claim to lapse, then answers positions as the plan was read out', async () => {
    const alice = await berliner();
    await twoTasks(alice);
    await task(alice, { title: 'Email Ann', priority: 'low' });
    const plan = await toolCall(alice, 'planTasks', MONDAY_AND_TUESDAY);
    const setId = plan.change_set_id!;
    // As an answer leaves the set when its function dies after writing the first block: claimed, the first line answered.
    const now = new Date(clockNow).toISOString();
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: changeSetKey(alice.id, setId),
        UpdateExpression: 'SET answering_until = :until',
        ExpressionAttributeValues: { ':until': new Date(clockNow + 60_000).toISOString() },
      }),
    );
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :lines)',
        ExpressionAttributeValues: { ':pk': userKey(alice.id), ':lines': `${changeSetKey(alice.id, setId).SK}#LINE#` },
      }),
    );
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: Items[0]!.PK, SK: Items[0]!.SK },
        UpdateExpression: 'SET #status = :applied, updated_at = :at',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':applied': 'applied', ':at': now },
      }),
    );

    expect((await alice.post(`/api/voice/change-sets/${setId}/confirm`, { apply: true })).status).toBe(409);
    clockNow += 61_000;
    const answer = await toolCall(alice, 'answerProposal', { change_set_id: setId, accept: true, positions: [2] });
    expect(answer.result).toMatchObject({ applied: 1, declined: 1 });
    const second = plan.result.blocks[1];
    expect((await events(alice)).map((block) => [block.title, block.start_time])).toEqual([[second.title, second.start_time]]);
    expect((await changeSet(alice, setId)).awaiting_confirmation).toBe(false);
  });
});

describe('plan limits and reads', () => {
  it('lists in getSchedule a task due today without a time of day, for a range from now', async () => {
    const alice = await berliner();
    const today = await task(alice, { title: 'Due today', due_date: '2030-12-02T00:00:00+01:00' });
    const answer = await toolCall(alice, 'getSchedule', { from: new Date(clockNow).toISOString(), to: MONDAY.to });
    expect(answer.result.tasks_due.map((due: { id: string }) => due.id)).toEqual([today.id]);
  });

  it('answers at most a plan’s limit of tasks that found no room, and a series once however often it repeats', async () => {
    const alice = await berliner();
    await Promise.all(
      Array.from({ length: PLANNING_LIMITS.blocksPerPlan + 3 }, (_, index) =>
        task(alice, { title: `Big ${index}`, estimate_minutes: 300, due_date: at(2, '17:00') }),
      ),
    );
    const plan = await toolCall(alice, 'planTasks', MONDAY);
    expect(plan.result.unplaced).toHaveLength(PLANNING_LIMITS.blocksPerPlan);
    expect((await changeSet(alice, plan.change_set_id!)).unplaced).toHaveLength(PLANNING_LIMITS.blocksPerPlan);

    await event(alice, {
      title: 'Gym',
      start_time: at(2, '15:30'),
      end_time: at(2, '16:30'),
      recurrence: { rule: 'FREQ=DAILY', time_zone: 'Europe/Berlin', exceptions: [] },
    });
    const moves = await toolCall(alice, 'rescheduleEvents', { from: MONDAY.from, to: at(5, '00:00'), onto_date: '2030-12-06' });
    expect(moves.result.unplaced.map((entry: { title: string }) => entry.title)).toEqual(['Gym']);
  });
});
