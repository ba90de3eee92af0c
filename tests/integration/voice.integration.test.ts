import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/platform/dynamo';
import { handler as processToolCall } from '../../functions/voice/tool-processor';
import { LIST_TOOL_LIMITS, runTool } from '../../functions/voice/run-tool';
import { insertToolCall } from '../../functions/voice/tool-calls.repository';
import { changeSetIdOf } from '../../functions/voice/change-sets';
import { CHANGE_SET_MESSAGES } from '../../shared/change-sets';
import { startElevenLabsDouble, type ElevenLabsDouble } from '../../local/elevenlabs-double';
import { pushAgent } from '../../functions/voice/agent/push-agent';
import { USER_QUOTAS } from '../../shared/constants';
import { MESSAGES, VOICE_MESSAGES } from '../../shared/messages';
import { itemIdOfToolCall, TOOL_CALL_MESSAGES, TOOL_CALL_SEQUENCE_MAX } from '../../shared/tool-calls';
import type { ToolCall } from '../../shared/tool-calls.schema';
import { ChangeLineSchema, type ChangeLine, type ChangeSet } from '../../shared/change-sets.schema';
import { useVirtualClock } from '../support/clock';
import { daysFromNow, integrationHarness, type TestUser } from '../support/harness';
import { lambdaContext } from '../../local/lambda-context';

const { world, call, user } = integrationHarness();
let double: ElevenLabsDouble;
let voiceEnv: Record<string, string>;

beforeAll(async () => {
  double = await startElevenLabsDouble();
  const { agentId } = await pushAgent(double.apiEnv);
  voiceEnv = { ...double.apiEnv, ELEVENLABS_AGENT_ID: agentId };
});

beforeEach(() => {
  Object.assign(process.env, voiceEnv);
});

afterAll(async () => {
  for (const name of Object.keys(voiceEnv)) delete process.env[name];
  await double.stop();
});

async function stored(person: TestUser, sortKey: string) {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: `USER#${person.id}`, SK: sortKey }, ConsistentRead: true }));
  return Item;
}

/** Logs a tool call as the SPA does and waits for the bus to have processed it. */
async function toolCall(person: TestUser, tool_name: string, parameters: Record<string, unknown> = {}, tool_call_id = `toolu_${randomUUID()}`) {
  const logged = await person.post('/api/voice/tool-calls', { tool_call_id, conversation_id: 'conv_test', tool_name, parameters });
  expect(logged.status, JSON.stringify(logged.body)).toBe(202);
  await world.settle();
  const answer = await person.get(`/api/voice/tool-calls/${tool_call_id}`);
  expect(answer.status).toBe(200);
  return answer.body as ToolCall & { result: any };
}

async function idempotencyRecords(consumer: string): Promise<Array<Record<string, unknown>>> {
  const { Items } = await db().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `IDEMPOTENCY#${consumer}` } }),
  );
  return Items ?? [];
}

/** A call logged but not yet run: as if the bus had not delivered it yet. */
async function loggedPending(person: TestUser, id: string, tool_name: string, tool_args: Record<string, unknown>): Promise<string> {
  const now = new Date().toISOString();
  await insertToolCall({
    id,
    user_id: person.id,
    conversation_id: 'conv_1',
    turn: 0,
    change_set_id: changeSetIdOf(person.id, 'conv_1', 0),
    sequence: null,
    tool_name,
    tool_args,
    status: 'pending',
    result: null,
    error_message: null,
    undone_at: null,
    created_at: now,
    updated_at: now,
  });
  return now;
}

const requestedEvents = (id: string) =>
  world.bus.published.filter((event) => event['detail-type'] === 'toolcall.requested' && (event.detail as { toolCallId: string }).toolCallId === id);

const sessionEvents = (type: 'voice.session-started' | 'voice.session-ended', sessionId: string) =>
  world.bus.published
    .filter((event) => event['detail-type'] === type && (event.detail as { sessionId: string }).sessionId === sessionId)
    .map((event) => event.detail);

describe('GET /api/voice/config', () => {
  it('answers the agent, a signed URL minted with the key, the user and the template variables, and records a voice session', async () => {
    const sub = randomUUID();
    const token = await world.sign({ sub, email: `${sub}@example.com`, name: 'Token Name' });
    await call('PUT', '/api/settings', { token, body: { full_name: 'Ada Lovelace', preferred_timezone: 'Europe/Paris' } });

    const answer = await call('GET', '/api/voice/config', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      agentId: double.agentId,
      userId: sub,
      templateVars: { user_name: 'Ada Lovelace', user_tz: 'Europe/Paris', user_lang: 'en' },
    });
    expect(answer.body.signedUrl).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${double.port}/v1/convai/conversation\\?agent_id=${double.agentId}&token=\\w+$`));
    const session = await stored({ id: sub } as TestUser, `VOICESESSION#${answer.body.sessionId}`);
    expect(session).toMatchObject({ user_id: sub, agent_id: double.agentId, conversation_id: null, duration: 0 });
    expect(sessionEvents('voice.session-started', answer.body.sessionId)).toEqual([
      { userId: sub, sessionId: answer.body.sessionId, agentId: double.agentId, occurredAt: session!.created_at },
    ]);

    await call('PUT', '/api/settings', { token, body: { use_personalization: false, lang: 'fr' } });
    const impersonal = await call('GET', '/api/voice/config', { token });
    // With personalization off the assistant gets no name at all, not even the one given at sign-up.
    expect(impersonal.body.templateVars).toEqual({ user_name: '', user_tz: 'Europe/Paris', user_lang: 'fr' });
    expect(impersonal.body.sessionId).not.toBe(answer.body.sessionId);
  });

  it('answers 503 voice_not_configured without an agent id or key', async () => {
    const alice = await user();
    for (const name of ['ELEVENLABS_AGENT_ID', 'ELEVENLABS_API_KEY']) {
      Object.assign(process.env, voiceEnv);
      delete process.env[name];
      const answer = await alice.get('/api/voice/config');
      expect(answer.status, name).toBe(503);
      expect(answer.body).toEqual({ error: { code: 'voice_not_configured', message: VOICE_MESSAGES.notConfigured, message_key: 'notConfigured' } });
    }
  });

  it('answers 502 when ElevenLabs refuses the key or the agent', async () => {
    const alice = await user();
    process.env.ELEVENLABS_API_KEY = 'not-the-key';
    const refused = await alice.get('/api/voice/config');
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe('upstream_failed');
    Object.assign(process.env, voiceEnv, { ELEVENLABS_AGENT_ID: 'another-agent' });
    expect((await alice.get('/api/voice/config')).status).toBe(502);
  });
});

describe('PATCH /api/voice/sessions/{id}', () => {
  it("saves the duration and conversation id of the caller's own session only", async () => {
    const alice = await user();
    const bob = await user();
    const { sessionId } = (await alice.get('/api/voice/config')).body;

    expect((await bob.patch(`/api/voice/sessions/${sessionId}`, { duration_seconds: 99 })).status).toBe(404);
    expect((await alice.patch(`/api/voice/sessions/${sessionId}`, { duration_seconds: -1 })).status).toBe(400);
    expect((await alice.patch(`/api/voice/sessions/${sessionId}`, { duration_seconds: 1.5 })).status).toBe(400);
    expect((await alice.patch('/api/voice/sessions/not-a-session', { duration_seconds: 1 })).status).toBe(404);
    expect(await stored(alice, `VOICESESSION#${sessionId}`)).toMatchObject({ duration: 0, conversation_id: null });
    expect(sessionEvents('voice.session-ended', sessionId)).toEqual([]);
    expect((await alice.patch(`/api/voice/sessions/${sessionId}`, { duration_seconds: 3, conversation_id: '' })).status).toBe(204);
    expect(await stored(alice, `VOICESESSION#${sessionId}`)).toMatchObject({ duration: 3, conversation_id: null });

    const saved = await alice.patch(`/api/voice/sessions/${sessionId}`, { duration_seconds: 42, conversation_id: 'conv_1' });
    expect(saved.status).toBe(204);
    expect(await stored(alice, `VOICESESSION#${sessionId}`)).toMatchObject({ duration: 42, conversation_id: 'conv_1' });
    expect(sessionEvents('voice.session-ended', sessionId)).toMatchObject([
      { userId: alice.id, sessionId, conversationId: null, durationSeconds: 3 },
      { userId: alice.id, sessionId, conversationId: 'conv_1', durationSeconds: 42 },
    ]);
    expect(await stored(bob, `VOICESESSION#${sessionId}`)).toBeUndefined();
  });
});

describe('the voice-call quota', () => {
  it("refuses a person's calls past the hour's quota with 429, the wait and our text; other people and the next hour go on", async () => {
    const alice = await user();
    const clock = useVirtualClock();
    try {
      for (let call = 0; call < USER_QUOTAS.voiceCalls; call += 1) expect((await alice.get('/api/voice/config')).status).toBe(200);
      const refused = await alice.get('/api/voice/config');
      expect([refused.status, refused.body.error]).toEqual([
        429,
        { code: 'rate_limited', message: MESSAGES.tooManyVoiceCalls, message_key: 'tooManyVoiceCalls' },
      ]);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await (await user()).get('/api/voice/config')).status).toBe(200);
      clock.advance(USER_QUOTAS.window);
      expect((await alice.get('/api/voice/config')).status).toBe(200);
    } finally {
      clock.restore();
    }
  });
});

describe('tool calls', () => {
  it('are logged pending, run through the bus and the items domain, and end in success with the item', async () => {
    const alice = await user();
    const stampsBefore = (await alice.get('/api/changes')).body.stamps;
    const id = `toolu_${randomUUID()}`;
    const logged = await alice.post('/api/voice/tool-calls', {
      tool_call_id: id,
      conversation_id: 'conv_1',
      tool_name: 'createTask',
      parameters: { title: '  Buy milk ', priority: 'high' },
    });
    expect(logged.status).toBe(202);
    expect(logged.body).toMatchObject({ id, user_id: alice.id, status: 'pending', result: null, error_message: null, undone_at: null });
    await world.settle();

    const done = (await alice.get(`/api/voice/tool-calls/${id}`)).body;
    expect(done).toMatchObject({ status: 'success', error_message: null, tool_args: { title: '  Buy milk ', priority: 'high' } });
    expect(done.result).toMatchObject({
      entity: 'task',
      action: 'create',
      item: { title: 'Buy milk', priority: 'high', status: 'pending', user_id: alice.id },
    });
    const tasks = (await alice.get('/api/tasks')).body.items;
    expect(tasks).toEqual([done.result.item]);
    expect(done.updated_at >= done.created_at).toBe(true);

    const completed = world.bus.published.find(
      (event) => event['detail-type'] === 'toolcall.completed' && (event.detail as { toolCallId: string }).toolCallId === id,
    );
    expect(completed?.detail).toMatchObject({ userId: alice.id, toolName: 'createTask', status: 'success' });
    const stamps = (await alice.get('/api/changes')).body.stamps;
    // Logged, its line, finished: the processor taking the call changes nothing a screen shows, so it wakes none.
    expect(stamps.toolcalls).toBe(stampsBefore.toolcalls + 3);
    expect(stamps.tasks).toBe(stampsBefore.tasks + 1);
  });

  it('clear a field that may be empty with an empty string, as the tools say (the agent has no null); a required field stays refused', async () => {
    const alice = await user();
    const goal = (await toolCall(alice, 'createGoal', { title: 'Learn Dutch', target_date: daysFromNow(30) })).result.item;
    const task = (await toolCall(alice, 'createTask', { title: 'Flash cards', due_date: daysFromNow(2), goal_id: goal.id })).result.item;
    expect(task).toMatchObject({ goal_id: goal.id, due_date: expect.any(String) });

    const cleared = await toolCall(alice, 'updateTask', { id: task.id, due_date: '', goal_id: '' });
    expect(cleared.result.item).toMatchObject({ id: task.id, due_date: null, goal_id: null, title: 'Flash cards' });
    expect((await toolCall(alice, 'updateGoal', { id: goal.id, target_date: '' })).result.item).toMatchObject({ target_date: null });
    const untitled = await toolCall(alice, 'updateTask', { id: task.id, title: '' });
    expect(untitled).toMatchObject({ status: 'error', error_message: MESSAGES.taskTitleRequired });
  });

  it('make a weekly series from a rule, change it, and end it with empty text fields', async () => {
    const alice = await user();
    const recurrence = { rule: 'FREQ=WEEKLY;BYDAY=MO', time_zone: 'Europe/Berlin', exceptions: [] };
    const made = await toolCall(alice, 'createEvent', {
      title: 'Team call',
      start_time: '2030-03-04T09:00:00+01:00',
      end_time: '2030-03-04T10:00:00+01:00',
      recurrence,
    });
    expect(made).toMatchObject({ status: 'success', result: { item: { title: 'Team call', recurrence } } });
    const id = made.result.item.id;

    const lastFriday = await toolCall(alice, 'updateEvent', { id, recurrence: { ...recurrence, rule: 'FREQ=MONTHLY;BYDAY=-1FR' } });
    expect(lastFriday.result.item.recurrence.rule).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    const refused = await toolCall(alice, 'updateEvent', { id, recurrence: { ...recurrence, rule: 'FREQ=HOURLY' } });
    expect(refused).toMatchObject({ status: 'error', error_message: MESSAGES.repeatFrequency });

    const ended = await toolCall(alice, 'updateEvent', { id, recurrence: { rule: '', time_zone: '' } });
    expect(ended.result.item).toMatchObject({ id, recurrence: null, title: 'Team call' });
  });

  it('count the same tool_call_id once: one record, one event, one item', async () => {
    const alice = await user();
    const body = { tool_call_id: 'toolu_same', conversation_id: 'conv_1', tool_name: 'createGoal', parameters: { title: 'Run a marathon' } };
    const first = await alice.post('/api/voice/tool-calls', body);
    const second = await alice.post('/api/voice/tool-calls', { ...body, parameters: { title: 'Something else' } });
    await world.settle();
    const third = await alice.post('/api/voice/tool-calls', body);
    expect([first.status, second.status, third.status]).toEqual([202, 202, 202]);
    expect(second.body.created_at).toBe(first.body.created_at);
    expect(third.body).toMatchObject({ status: 'success', tool_args: { title: 'Run a marathon' } });
    await world.settle();
    expect((await alice.get('/api/goals')).body.items.map((goal: { title: string }) => goal.title)).toEqual(['Run a marathon']);
    expect((await alice.get('/api/voice/tool-calls')).body.items).toHaveLength(1);
    expect(
      world.bus.published.filter((event) => (event.detail as { userId?: string }).userId === alice.id && event['detail-type'] === 'toolcall.requested'),
    ).toHaveLength(1);
  });

  it('run once when the bus delivers the request again, or twice at the same time', async () => {
    const alice = await user();
    const id = `toolu_${randomUUID()}`;
    const done = await toolCall(alice, 'createTask', { title: 'Only once' }, id);
    const [delivered] = requestedEvents(id);
    const event = delivered as unknown as EventBridgeEvent<'toolcall.requested', unknown>;
    await processToolCall(event, lambdaContext('voice/tool-processor'));
    await processToolCall(event, lambdaContext('voice/tool-processor'));
    expect((await alice.get(`/api/voice/tool-calls/${id}`)).body).toEqual(done);

    // Logged but not yet run, then delivered twice at once: one runs, the other is told to retry.
    const racing = 'toolu_racing';
    const now = await loggedPending(alice, racing, 'createTask', { title: 'Raced' });
    const twin = { ...event, id: randomUUID(), detail: { userId: alice.id, toolCallId: racing, toolName: 'createTask', occurredAt: now } };
    const outcomes = await Promise.allSettled([
      processToolCall(twin, lambdaContext('voice/tool-processor')),
      processToolCall(twin, lambdaContext('voice/tool-processor')),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    await processToolCall(twin, lambdaContext('voice/tool-processor'));
    await world.settle();
    const titles = (await alice.get('/api/tasks')).body.items.map((task: { title: string }) => task.title);
    expect(titles.sort()).toEqual(['Only once', 'Raced']);
  });

  it('keep no idempotency record: the claim on the call is what makes a repeated delivery harmless', async () => {
    const alice = await user();
    const id = `toolu_${randomUUID()}`;
    const occurredAt = await loggedPending(alice, id, 'createTask', { title: 'Once per call' });
    const event = { id: randomUUID(), 'detail-type': 'toolcall.requested', detail: { userId: alice.id, toolCallId: id, toolName: 'createTask', occurredAt } };
    const deliver = () => processToolCall(event as unknown as EventBridgeEvent<'toolcall.requested', unknown>, lambdaContext('voice/tool-processor'));
    const recordsBefore = await idempotencyRecords('voice/tool-processor');
    await deliver();
    await deliver();
    await world.settle();
    expect(await idempotencyRecords('voice/tool-processor')).toEqual(recordsBefore);
    expect((await alice.get(`/api/voice/tool-calls/${id}`)).body.status).toBe('success');
    expect((await alice.get('/api/tasks')).body.items.map((task: { title: string }) => task.title)).toEqual(['Once per call']);
  });

  it('read the agent id and the entity beside the fields without taking them for fields', async () => {
    const alice = await user();
    const done = await toolCall(alice, 'createItem', { title: 'Learn to sail', entity: 'goal', agent_id: 'agent_1' });
    expect(done).toMatchObject({ status: 'success', result: { entity: 'goal', action: 'create', item: { title: 'Learn to sail' } } });
    expect(done.result.item).not.toHaveProperty('entity');
    expect(done.result.item).not.toHaveProperty('agent_id');
  });

  it('make one item when a run is cut off after saving it and the bus runs the call again', async () => {
    const alice = await user();
    const id = 'toolu_cut_off';
    const occurredAt = await loggedPending(alice, id, 'createTask', { title: 'Saved before the cut' });
    // The first run saved the task, then stopped before marking the call finished (a timeout, a crash).
    const call = {
      id,
      conversation_id: 'conv_1',
      turn: 0,
      tool_name: 'createTask',
      tool_args: { title: 'Saved before the cut' },
      change_set_id: changeSetIdOf(alice.id, 'conv_1', 0),
      sequence: null,
      created_at: occurredAt,
    };
    const cutOff = await runTool(alice.id, call, new Date());
    expect(cutOff).toMatchObject({ status: 'success', result: { item: { id: itemIdOfToolCall(id) } } });

    const redelivered = {
      id: 'evt-cut-off',
      'detail-type': 'toolcall.requested',
      detail: { userId: alice.id, toolCallId: id, toolName: 'createTask', occurredAt },
    };
    await processToolCall(redelivered as unknown as EventBridgeEvent<'toolcall.requested', unknown>, lambdaContext('voice/tool-processor'));
    await world.settle();
    const tasks = (await alice.get('/api/tasks')).body.items;
    expect(tasks.map((task: { id: string; title: string }) => [task.id, task.title])).toEqual([[itemIdOfToolCall(id), 'Saved before the cut']]);
    expect((await alice.get(`/api/voice/tool-calls/${id}`)).body).toMatchObject({ status: 'success', result: { item: { id: itemIdOfToolCall(id) } } });
  });

  it('are refused without a tool_name, and nothing is logged or queued', async () => {
    const alice = await user();
    const published = world.bus.published.length;
    for (const body of [
      { tool_call_id: 'toolu_1', conversation_id: 'c', parameters: {} },
      { tool_call_id: 'toolu_1', conversation_id: 'c', tool_name: '  ', parameters: {} },
    ]) {
      const answer = await alice.post('/api/voice/tool-calls', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'validation_failed', message: TOOL_CALL_MESSAGES.toolNameRequired });
    }
    expect((await alice.post('/api/voice/tool-calls', { conversation_id: 'c', tool_name: 'listTasks' })).status).toBe(400);
    expect((await alice.post('/api/voice/tool-calls', { tool_call_id: 'x'.repeat(201), conversation_id: 'c', tool_name: 'listTasks' })).status).toBe(400);
    expect((await alice.get('/api/voice/tool-calls')).body.items).toEqual([]);
    expect((await alice.get('/api/voice/tool-calls/toolu_1')).status).toBe(404);
    expect(world.bus.published.length).toBe(published);
  });

  it('end in error with the validation messages, and change nothing', async () => {
    const alice = await user();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['createTask', {}, MESSAGES.taskTitleRequired],
      ['createTask', { title: '   ' }, MESSAGES.taskTitleRequired],
      ['createTask', { title: 'Late', due_date: daysFromNow(-3) }, MESSAGES.dueDateInPast],
      ['createGoal', { title: '' }, MESSAGES.goalTitleRequired],
      ['createEvent', { title: 'Meeting' }, MESSAGES.startDateRequired],
      ['createEvent', { title: 'Meeting', start_time: daysFromNow(1, 10), end_time: daysFromNow(1, 9) }, MESSAGES.endBeforeStart],
      ['createTag', { name: '' }, MESSAGES.tagNameRequired],
      ['createTask', { title: 'Odd', colour: 'red' }, TOOL_CALL_MESSAGES.unknownField('colour')],
      ['createWidget', { title: 'x' }, TOOL_CALL_MESSAGES.unknownTool('createWidget')],
      ['getWeather', {}, TOOL_CALL_MESSAGES.unknownTool('getWeather')],
      ['updateTask', { id: randomUUID(), title: 'Nothing there' }, TOOL_CALL_MESSAGES.notFound('task')],
      ['deleteEvent', { id: 'not-an-id' }, TOOL_CALL_MESSAGES.notFound('event')],
    ];
    for (const [name, parameters, message] of cases) {
      const done = await toolCall(alice, name, parameters);
      expect(done, `${name} ${JSON.stringify(parameters)}`).toMatchObject({ status: 'error', result: null, error_message: message });
    }
    for (const kind of ['goals', 'tasks', 'events', 'tags']) expect((await alice.get(`/api/${kind}`)).body.items).toEqual([]);
  });

  it("cannot touch another user's items nor read another user's calls", async () => {
    const alice = await user();
    const bob = await user();
    const task = (await alice.post('/api/tasks', { title: 'Alice task' })).body;
    const aliceCall = await toolCall(alice, 'listTasks');

    const update = await toolCall(bob, 'updateTask', { id: task.id, title: 'hijacked' });
    const remove = await toolCall(bob, 'deleteTask', { id: task.id });
    for (const done of [update, remove]) expect(done).toMatchObject({ status: 'error', error_message: TOOL_CALL_MESSAGES.notFound('task') });
    expect((await alice.get(`/api/tasks/${task.id}`)).body).toEqual(task);

    expect((await bob.get(`/api/voice/tool-calls/${aliceCall.id}`)).status).toBe(404);
    expect((await bob.post(`/api/voice/tool-calls/${aliceCall.id}/undo`)).status).toBe(404);
    expect((await bob.get('/api/voice/tool-calls')).body.items.map((entry: ToolCall) => entry.user_id)).toEqual([bob.id, bob.id]);
    // The same tool_call_id under Bob is Bob's own call, not Alice's.
    const mine = await bob.post('/api/voice/tool-calls', { tool_call_id: aliceCall.id, conversation_id: 'c', tool_name: 'listGoals', parameters: {} });
    expect(mine.body).toMatchObject({ user_id: bob.id, tool_name: 'listGoals', status: 'pending' });
    await world.settle();
    expect((await alice.get(`/api/voice/tool-calls/${aliceCall.id}`)).body).toEqual(aliceCall);
  });

  it("answer list tools with the user's own items", async () => {
    const alice = await user();
    const bob = await user();
    await alice.post('/api/tasks', { title: 'First' });
    await alice.post('/api/tasks', { title: 'Second' });
    await alice.post('/api/goals', { title: 'Goal' });
    await bob.post('/api/tasks', { title: 'Bob task' });

    const tasks = await toolCall(alice, 'listTasks');
    expect(tasks.status).toBe('success');
    expect(tasks.result.entity).toBe('task');
    expect(tasks.result.items.map((item: { title: string }) => item.title)).toEqual(['Second', 'First']);
    const items = await toolCall(alice, 'listItems');
    expect(items.result).toMatchObject({ entity: 'goal', items: [{ title: 'Goal' }] });
    expect((await toolCall(alice, 'listTags')).result).toEqual({ entity: 'tag', items: [] });
  });

  it('keep a list within one stored record, counted in UTF-8 bytes with the arguments beside it', async () => {
    const alice = await user();
    // 45 descriptions of 5,000 three-byte characters: 675 KB of text, 225 KB counted in characters.
    for (let index = 0; index < 45; index += 1) {
      const created = await alice.post('/api/tasks', { title: `Task ${index}`, description: '漢'.repeat(5_000) });
      expect(created.status).toBe(201);
    }
    const listed = await toolCall(alice, 'listTasks', { note: '字'.repeat(1_000) });
    expect(listed.status).toBe('success');
    expect(listed.result.items.length).toBeGreaterThan(0);
    expect(listed.result.items.length).toBeLessThan(45);
    const record = await stored(alice, `TOOLCALL#${listed.id}`);
    expect(Buffer.byteLength(JSON.stringify(record), 'utf8')).toBeLessThan(LIST_TOOL_LIMITS.bytes + 10_000);
  });

  it('refuse parameters a model should never send (too deep, too many, numbers a double cannot hold) with 400, storing nothing', async () => {
    const alice = await user();
    const send = (parameters: string, id = `toolu_${randomUUID()}`) =>
      alice.raw('POST', '/api/voice/tool-calls', `{"tool_call_id":"${id}","conversation_id":"c","tool_name":"listTasks","parameters":${parameters}}`);
    const nested = (depth: number) => `{"n":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
    const refused = [
      nested(900),
      nested(5_000),
      '{"n":1e400}',
      '{"n":-1e400}',
      '{"n":9007199254740993}',
      '{"n":1e16}',
      `{"n":[${Array.from({ length: 150 }, (_, index) => index).join(',')}]}`,
      `{"n":"${'x'.repeat(6_000)}"}`,
    ];
    for (const parameters of refused) {
      const answer = await send(parameters);
      expect([parameters.slice(0, 40), answer.status, answer.body.error.code]).toEqual([parameters.slice(0, 40), 400, 'validation_failed']);
      expect(answer.body.error.fields.parameters).toEqual(expect.any(String));
    }
    const fine = await send('{"n":[[1.5,-2,9007199254740991]],"text":"ok"}');
    expect(fine.status).toBe(202);
    await world.settle();
    expect((await alice.get('/api/voice/tool-calls')).body.items).toHaveLength(1);
  });

  it('name no call with an id longer than any logged, reading or undoing (404, not a failed key)', async () => {
    const alice = await user();
    const long = 'x'.repeat(1_100);
    expect((await alice.get(`/api/voice/tool-calls/${long}`)).status).toBe(404);
    const undo = await alice.post(`/api/voice/tool-calls/${long}/undo`);
    expect([undo.status, undo.body.error.code]).toEqual([404, 'not_found']);
  });

  it('are listed newest first, at most 50', async () => {
    const alice = await user();
    // Each call is logged a second after the one before, on the functions' clock.
    const clock = useVirtualClock();
    try {
      for (const index of [1, 2, 3]) {
        await alice.post('/api/voice/tool-calls', { tool_call_id: `toolu_${index}`, conversation_id: 'c', tool_name: 'listTags', parameters: {} });
        clock.advance(1_000);
      }
    } finally {
      clock.restore();
    }
    await world.settle();
    expect((await alice.get('/api/voice/tool-calls')).body.items.map((entry: ToolCall) => entry.id)).toEqual(['toolu_3', 'toolu_2', 'toolu_1']);

    // 52 calls a second apart: the 50 newest come back.
    const bob = await user();
    const start = Date.now() - 60_000;
    for (let index = 1; index <= 52; index += 1) {
      const at = new Date(start + index * 1_000).toISOString();
      await insertToolCall({
        id: `toolu_${String(index).padStart(2, '0')}`,
        user_id: bob.id,
        conversation_id: 'c',
        tool_name: 'listTags',
        tool_args: {},
        turn: 0,
        change_set_id: null,
        sequence: null,
        status: 'success',
        result: null,
        error_message: null,
        undone_at: null,
        created_at: at,
        updated_at: at,
      });
    }
    const listed = (await bob.get('/api/voice/tool-calls')).body.items.map((entry: ToolCall) => entry.id);
    expect(listed).toHaveLength(50);
    expect([listed[0], listed.at(-1)]).toEqual(['toolu_52', 'toolu_03']);
  });
});

describe('undo', () => {
  it('moves a created item to the trash, once', async () => {
    const alice = await user();
    const done = await toolCall(alice, 'createTask', { title: 'Undo me' });
    const stamps = (await alice.get('/api/changes')).body.stamps;
    const undone = await alice.post(`/api/voice/tool-calls/${done.id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ id: done.id, status: 'success', result: done.result });
    expect(undone.body.undone_at).toEqual(expect.any(String));
    expect((await alice.get(`/api/voice/tool-calls/${done.id}`)).body).toEqual(undone.body);
    expect((await alice.get('/api/tasks')).body.items).toEqual([]);
    expect((await alice.get('/api/trash')).body.items.map((entry: { id: string }) => entry.id)).toEqual([done.result.item.id]);
    expect((await alice.get('/api/changes')).body.stamps.toolcalls).toBeGreaterThan(stamps.toolcalls);

    const again = await alice.post(`/api/voice/tool-calls/${done.id}/undo`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(TOOL_CALL_MESSAGES.alreadyUndone);
  });

  it('gives an updated item its previous values back, and restores a deleted one from the trash', async () => {
    const alice = await user();
    const goal = (await alice.post('/api/goals', { title: 'Before', description: 'as it was' })).body;
    const updated = await toolCall(alice, 'updateGoal', { id: goal.id, title: 'After', status: 'paused' });
    expect(updated.result.item).toMatchObject({ title: 'After', status: 'paused', description: 'as it was' });
    expect((await alice.post(`/api/voice/tool-calls/${updated.id}/undo`)).status).toBe(200);
    expect((await alice.get(`/api/goals/${goal.id}`)).body).toMatchObject({ title: 'Before', status: 'active', description: 'as it was' });

    const deleted = await toolCall(alice, 'deleteItem', { id: goal.id });
    expect(deleted.result).toMatchObject({ entity: 'goal', action: 'delete', item: { id: goal.id, title: 'Before' } });
    expect((await alice.get(`/api/goals/${goal.id}`)).status).toBe(404);
    expect((await alice.post(`/api/voice/tool-calls/${deleted.id}/undo`)).status).toBe(200);
    expect((await alice.get(`/api/goals/${goal.id}`)).body).toMatchObject({ title: 'Before', deleted_at: null });
  });

  it('deletes a created tag, and makes a deleted tag again', async () => {
    const alice = await user();
    const created = await toolCall(alice, 'createTag', { name: 'focus', color: 'teal' });
    expect((await alice.post(`/api/voice/tool-calls/${created.id}/undo`)).status).toBe(200);
    expect((await alice.get('/api/tags')).body.items).toEqual([]);

    await alice.post('/api/tags', { name: 'deep-work', color: 'blue' });
    const tag = (await alice.get('/api/tags')).body.items[0];
    // A tag delete waits for the person's yes.
    const deleted = await toolCall(alice, 'deleteTag', { id: tag.id });
    expect(deleted.result).toMatchObject({ awaiting_confirmation: true, message: CHANGE_SET_MESSAGES.awaitingConfirmation });
    expect((await alice.get('/api/tags')).body.items).toHaveLength(1);
    expect((await alice.post(`/api/voice/change-sets/${deleted.change_set_id}/confirm`, { apply: true })).status).toBe(200);
    expect((await alice.get('/api/tags')).body.items).toEqual([]);
    expect((await alice.post(`/api/voice/tool-calls/${deleted.id}/undo`)).status).toBe(200);
    expect((await alice.get('/api/tags')).body.items).toMatchObject([{ name: 'deep-work', color: tag.color }]);
  });

  it('refuses a call that changed nothing, and one whose item has gone since', async () => {
    const alice = await user();
    const failed = await toolCall(alice, 'createTask', {});
    const listed = await toolCall(alice, 'listTasks');
    for (const done of [failed, listed]) {
      const answer = await alice.post(`/api/voice/tool-calls/${done.id}/undo`);
      expect(answer.status).toBe(409);
      expect(answer.body.error.message).toBe(TOOL_CALL_MESSAGES.notUndoable);
    }
    await loggedPending(alice, 'toolu_pending', 'createTask', { title: 'Later' });
    expect((await alice.post('/api/voice/tool-calls/toolu_pending/undo')).status).toBe(409);
    expect((await alice.post('/api/voice/tool-calls/toolu_missing/undo')).status).toBe(404);

    const created = await toolCall(alice, 'createTask', { title: 'Gone' });
    await alice.delete(`/api/tasks/${created.result.item.id}`);
    const gone = await alice.post(`/api/voice/tool-calls/${created.id}/undo`);
    expect(gone.status).toBe(409);
    expect(gone.body.error.message).toBe(TOOL_CALL_MESSAGES.undoTargetGone);
    expect((await alice.get(`/api/voice/tool-calls/${created.id}`)).body.undone_at).toBeNull();
  });
});

describe('change sets', () => {
  /**
   * Logs a turn's calls as the SPA does: one after the other, each once the one before has run, or
   * `together` (an agent's parallel calls, sent before any result); then waits for the bus.
   */
  async function turn(person: TestUser, calls: Array<[string, Record<string, unknown>]>, { together = false } = {}) {
    const conversation = `conv_${randomUUID()}`;
    const ids = calls.map(() => `toolu_${randomUUID()}`);
    const log = async ([tool_name, parameters]: [string, Record<string, unknown>], index: number) => {
      const answer = await person.post('/api/voice/tool-calls', { tool_call_id: ids[index], conversation_id: conversation, turn: 1, tool_name, parameters });
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      if (!together) await world.settle();
    };
    if (together) await Promise.all(calls.map(log));
    else for (const [index, call] of calls.entries()) await log(call, index);
    await world.settle();
    const answers = await Promise.all(ids.map(async (id) => (await person.get(`/api/voice/tool-calls/${id}`)).body as ToolCall & { result: any }));
    const setId = answers[0]!.change_set_id!;
    expect(answers.every((answer) => answer.change_set_id === setId)).toBe(true);
    return { answers, setId, changeSet: async () => (await person.get(`/api/voice/change-sets/${setId}`)).body };
  }

  it("gather a turn of 5 calls into one change set, one line per item, and read the dates back in the person's words", async () => {
    const alice = await user();
    await alice.put('/api/settings', { preferred_timezone: 'Europe/Berlin', lang: 'de' });
    const dentist = (await alice.post('/api/events', { title: 'Dentist', start_time: '2030-12-02T14:00:00Z', end_time: '2030-12-02T15:00:00Z' })).body;
    const { answers, changeSet } = await turn(alice, [
      ['createTask', { title: 'Milk' }],
      ['createTask', { title: 'Eggs', due_date: '2030-12-06T09:00:00Z' }],
      ['updateEvent', { id: dentist.id, start_time: '2030-12-06T14:00:00Z', end_time: '2030-12-06T15:00:00Z' }],
      ['createTasks', { tasks: [{ title: 'Bread' }, { title: 'Butter' }] }],
      ['createGoal', { title: '' }],
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['success', 'success', 'success', 'success', 'error']);
    // The agent reads the resolved dates back: Friday 6 December 2030, in Berlin's time, in German.
    expect(answers[1]!.result.said).toEqual(['Eggs: Freitag, 6. Dezember um 10:00']);
    expect(answers[2]!.result.said).toEqual(['Dentist: Freitag, 6. Dezember um 15:00']);

    const set = await changeSet();
    expect(set).toMatchObject({ awaiting_confirmation: false, turn: 1 });
    expect(set.lines.map((line: ChangeLine) => [line.action, line.title, line.status])).toEqual([
      ['create', 'Milk', 'applied'],
      ['create', 'Eggs', 'applied'],
      ['update', 'Dentist', 'applied'],
      ['create', 'Bread', 'applied'],
      ['create', 'Butter', 'applied'],
      ['create', '', 'failed'],
    ]);
    expect(set.lines[2].fields.map((field: { field: string }) => field.field)).toEqual(['start_time', 'end_time']);
    expect(set.lines[5].reason).toBe(MESSAGES.goalTitleRequired);
    expect((await alice.get('/api/voice/change-sets')).body.items.map((listed: ChangeSet) => listed.id)).toEqual([set.id]);
    // The items on either side of a change stay on the server, for Undo; only a plan's lines carry a proposal.
    const publicKeys = Object.keys(ChangeLineSchema.shape).filter((key) => key !== 'proposal');
    for (const line of set.lines) expect(Object.keys(line).sort()).toEqual(publicKeys.sort());
  });

  it('list a turn’s lines in the order the agent sent its calls, whatever order they reach the server in', async () => {
    const alice = await user();
    const conversation = `conv_${randomUUID()}`;
    const logCreate = (sequence: unknown, title: string) =>
      alice.post('/api/voice/tool-calls', {
        tool_call_id: `toolu_${randomUUID()}`,
        conversation_id: conversation,
        turn: 1,
        sequence,
        tool_name: 'createTask',
        parameters: { title },
      });
    // The agent sent Milk (event 4), Eggs (7), then Bread (9); the browser's requests arrive last first.
    const sent: Array<[number, string]> = [
      [4, 'Milk'],
      [7, 'Eggs'],
      [9, 'Bread'],
    ];
    for (const [sequence, title] of [...sent].reverse()) {
      const logged = await logCreate(sequence, title);
      expect(logged.status, JSON.stringify(logged.body)).toBe(202);
      expect(logged.body.sequence).toBe(sequence);
      await world.settle();
    }
    const [set] = (await alice.get('/api/voice/change-sets')).body.items as ChangeSet[];
    const lines = (await alice.get(`/api/voice/change-sets/${set!.id}`)).body.lines as ChangeLine[];
    expect(lines.map((line) => line.title)).toEqual(['Milk', 'Eggs', 'Bread']);

    for (const sequence of [-1, 1.5, TOOL_CALL_SEQUENCE_MAX + 1, '4']) {
      expect((await logCreate(sequence, 'No')).status, String(sequence)).toBe(400);
    }
    expect((await alice.get('/api/tasks')).body.items).toHaveLength(3);
  });

  it('undo all in one request, newest first: every item as it was, each call marked undone', async () => {
    const alice = await user();
    const goal = (await alice.post('/api/goals', { title: 'Run' })).body;
    const old = (await alice.post('/api/tasks', { title: 'Old shoes' })).body;
    const { setId, answers, changeSet } = await turn(alice, [
      ['createTask', { title: 'Shoes' }],
      ['updateGoal', { id: goal.id, title: 'Run a 10k' }],
      ['updateGoal', { id: goal.id, status: 'paused' }],
      ['deleteTask', { id: old.id }],
      ['createEvent', { title: 'Long run', start_time: daysFromNow(2, 7), end_time: daysFromNow(2, 8) }],
    ]);
    const made = await changeSet();
    const stamps = (await alice.get('/api/changes')).body.stamps;

    const undone = await alice.post(`/api/voice/change-sets/${setId}/undo`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.lines.map((line: ChangeLine) => line.status)).toEqual(['undone', 'undone', 'undone', 'undone', 'undone']);
    expect((await alice.get(`/api/goals/${goal.id}`)).body).toMatchObject({ title: 'Run', status: 'active' });
    expect((await alice.get('/api/tasks')).body.items.map((task: { id: string }) => task.id)).toEqual([old.id]);
    expect((await alice.get('/api/events')).body.items).toEqual([]);
    for (const answer of answers) expect((await alice.get(`/api/voice/tool-calls/${answer.id}`)).body.undone_at).toEqual(expect.any(String));
    expect((await alice.get('/api/changes')).body.stamps.toolcalls).toBeGreaterThan(stamps.toolcalls);
    expect(made.lines.map((line: ChangeLine) => line.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);

    const again = await alice.post(`/api/voice/change-sets/${setId}/undo`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CHANGE_SET_MESSAGES.nothingToUndo);
  });

  it('after a later edit, undo all says which lines cannot be undone and why, and undoes none', async () => {
    const alice = await user();
    const goal = (await alice.post('/api/goals', { title: 'Read' })).body;
    const { setId, changeSet } = await turn(alice, [
      ['createTask', { title: 'Library card' }],
      ['updateGoal', { id: goal.id, title: 'Read 12 books' }],
      ['createEvent', { title: 'Book club', start_time: daysFromNow(3, 18), end_time: daysFromNow(3, 19) }],
    ]);
    const [task, goalLine, event] = (await changeSet()).lines as ChangeLine[];
    await alice.patch(`/api/events/${event!.item_id}`, { title: 'Book club at Ann’s' });

    const refused = await alice.post(`/api/voice/change-sets/${setId}/undo`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields).toEqual({ [`${event!.tool_call_id}/0`]: VOICE_MESSAGES.changedSince });
    expect((await alice.get(`/api/tasks/${task!.item_id}`)).status).toBe(200);
    expect((await alice.get(`/api/goals/${goal.id}`)).body.title).toBe('Read 12 books');
    expect((await changeSet()).lines.map((line: ChangeLine) => line.status)).toEqual(['applied', 'applied', 'applied']);

    await alice.delete(`/api/tasks/${task!.item_id}`);
    expect((await alice.post(`/api/voice/change-sets/${setId}/undo`)).body.error.fields).toEqual({
      [`${event!.tool_call_id}/0`]: VOICE_MESSAGES.changedSince,
      [`${task!.tool_call_id}/0`]: VOICE_MESSAGES.deletedSince,
    });
    // A line of its own can still be undone.
    expect((await alice.post(`/api/voice/tool-calls/${goalLine!.tool_call_id}/undo`)).status).toBe(200);
    expect((await alice.get(`/api/goals/${goal.id}`)).body.title).toBe('Read');
  });

  it('hold a turn of 5 deletes until the person confirms: nothing is trashed before, all of it after', async () => {
    const alice = await user();
    const tasks = [];
    for (const title of ['A', 'B', 'C', 'D', 'E']) tasks.push((await alice.post('/api/tasks', { title })).body);
    const { answers, setId, changeSet } = await turn(
      alice,
      tasks.map((task) => ['deleteTask', { id: task.id }]),
      { together: true },
    );
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 'success',
        result: { action: 'delete', awaiting_confirmation: true, message: CHANGE_SET_MESSAGES.awaitingConfirmation },
      });
    }
    expect((await alice.get('/api/tasks')).body.items).toHaveLength(5);
    expect(await changeSet()).toMatchObject({ awaiting_confirmation: true });
    expect((await changeSet()).lines.map((line: ChangeLine) => line.status)).toEqual(['held', 'held', 'held', 'held', 'held']);

    const confirmed = await alice.post(`/api/voice/change-sets/${setId}/confirm`, { apply: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ awaiting_confirmation: false });
    expect(confirmed.body.lines.map((line: ChangeLine) => line.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect((await alice.get('/api/tasks')).body.items).toEqual([]);
    // And Undo all brings them back from the trash.
    expect((await alice.post(`/api/voice/change-sets/${setId}/undo`)).status).toBe(200);
    expect((await alice.get('/api/tasks')).body.items).toHaveLength(5);
  });

  it('apply the first 3 of deletes that come one at a time, hold the 4th, and answer the set with both, each as it stands', async () => {
    const alice = await user();
    const tasks = [];
    for (const title of ['A', 'B', 'C', 'D']) tasks.push((await alice.post('/api/tasks', { title })).body);
    const { answers, setId, changeSet } = await turn(
      alice,
      tasks.map((task) => ['deleteTask', { id: task.id }]),
    );
    expect(answers.map((answer) => answer.result.awaiting_confirmation ?? false)).toEqual([false, false, false, true]);
    const set = await changeSet();
    expect(set).toMatchObject({ awaiting_confirmation: true });
    expect(set.lines.map((line: ChangeLine) => [line.title, line.action, line.status])).toEqual([
      ['A', 'delete', 'applied'],
      ['B', 'delete', 'applied'],
      ['C', 'delete', 'applied'],
      ['D', 'delete', 'held'],
    ]);
    expect((await alice.get('/api/tasks')).body.items.map((task: { title: string }) => task.title)).toEqual(['D']);
    // The moved ones come back line by line while the 4th still waits.
    for (const line of set.lines.slice(0, 3) as ChangeLine[]) {
      expect((await alice.post(`/api/voice/tool-calls/${line.tool_call_id}/undo`, { index: line.index })).status).toBe(200);
    }
    expect((await alice.get('/api/tasks')).body.items).toHaveLength(4);
    expect((await alice.get(`/api/voice/change-sets/${setId}`)).body).toMatchObject({ awaiting_confirmation: true });
  });

  it('hold a batch of 4 deletes, and turn them down on a no; 3 apply at once', async () => {
    const alice = await user();
    const events = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      events.push((await alice.post('/api/events', { title, start_time: daysFromNow(1, 9), end_time: daysFromNow(1, 10) })).body);
    }
    const held = await turn(alice, [['deleteEvents', { ids: events.map((event) => event.id) }]]);
    expect(held.answers[0]!.result).toMatchObject({ awaiting_confirmation: true, items: events.map((event) => ({ id: event.id })) });
    const declined = await alice.post(`/api/voice/change-sets/${held.setId}/confirm`, { apply: false });
    expect(declined.body.lines.map((line: ChangeLine) => line.status)).toEqual(['declined', 'declined', 'declined', 'declined']);
    expect((await alice.get('/api/events')).body.items).toHaveLength(4);
    expect((await alice.post(`/api/voice/change-sets/${held.setId}/confirm`, { apply: true })).status).toBe(409);

    const applied = await turn(alice, [['deleteEvents', { ids: events.slice(0, 3).map((event) => event.id) }]]);
    expect(applied.answers[0]!.result).not.toHaveProperty('awaiting_confirmation');
    expect((await alice.get('/api/events')).body.items.map((event: { id: string }) => event.id)).toEqual([events[3].id]);
  });

  it('stay whole when the call drops: a call the agent repeats after reconnecting answers the first, in its change set, and changes nothing twice', async () => {
    const alice = await user();
    const { answers, setId, changeSet } = await turn(alice, [['createTask', { title: 'Once' }]]);
    const repeated = await alice.post('/api/voice/tool-calls', {
      tool_call_id: answers[0]!.id,
      conversation_id: 'conv_after_reconnecting',
      turn: 0,
      tool_name: 'createTask',
      parameters: { title: 'Once' },
    });
    expect(repeated.status).toBe(202);
    expect(repeated.body).toMatchObject({ id: answers[0]!.id, change_set_id: setId, status: 'success' });
    await world.settle();
    expect((await alice.get('/api/tasks')).body.items.map((task: { title: string }) => task.title)).toEqual(['Once']);
    expect((await changeSet()).lines).toHaveLength(1);
    expect((await alice.get('/api/voice/change-sets')).body.items.map((set: ChangeSet) => set.id)).toEqual([setId]);
  });

  it("are the person's own: another user can neither read, undo nor confirm them", async () => {
    const alice = await user();
    const bob = await user();
    const { setId } = await turn(alice, [['createTask', { title: 'Mine' }]]);
    for (const answer of [
      await bob.get(`/api/voice/change-sets/${setId}`),
      await bob.post(`/api/voice/change-sets/${setId}/undo`),
      await bob.post(`/api/voice/change-sets/${setId}/confirm`, { apply: true }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect((await bob.get('/api/voice/change-sets')).body.items).toEqual([]);
    expect((await alice.get('/api/tasks')).body.items).toHaveLength(1);
    expect((await alice.get('/api/voice/change-sets/not-a-set')).status).toBe(404);
  });
});
