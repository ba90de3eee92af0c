import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { DOUBLE_HINT, parameterMismatch, startElevenLabsDouble, type ElevenLabsDouble, type ScriptStep } from '../../local/elevenlabs-double';
import { pushAgent } from '../../functions/voice/agent/push-agent';
import { CLIENT_TOOLS } from '../../functions/voice/agent/tools';

const RATE = 16_000;
const CHUNK_MS = 100;
let double: ElevenLabsDouble;
/** When the double sees each audio chunk arrive: moved by the test as a live stream would move it. */
let audioTime = Date.parse('2026-01-01T00:00:00Z');

beforeAll(async () => {
  double = await startElevenLabsDouble({ pingIntervalMs: 100, audioClock: () => audioTime });
  await pushAgent(double.apiEnv);
});
beforeEach(async () => {
  // A test ends by closing its socket: the double has seen it go before the next test counts connections.
  await vi.waitFor(() => expect(double.state().open).toBe(0));
  double.reset();
});
afterAll(async () => {
  await double.stop();
});

/** PCM16 mono at 16 kHz: a sine of `amplitude` (0 for silence), in base64 chunks of 100 ms. */
function pcmChunks(seconds: number, amplitude: number, frequency = 220): string[] {
  const samples = Math.round(seconds * RATE);
  const pcm = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index += 1) {
    pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * index) / RATE) * amplitude * 32767), index * 2);
  }
  const chunk = (RATE / 10) * 2;
  const chunks: string[] = [];
  for (let offset = 0; offset < pcm.length; offset += chunk) chunks.push(pcm.subarray(offset, offset + chunk).toString('base64'));
  return chunks;
}

async function signedUrl(key = double.apiKey, agentId = double.agentId): Promise<Response> {
  return fetch(`${double.httpUrl}/v1/convai/conversation/get-signed-url?agent_id=${agentId}`, { headers: { 'xi-api-key': key } });
}

/** Another agent than the stack's, made through the agent API; answers its id. */
async function createAgent(conversationConfig: Record<string, unknown>): Promise<string> {
  const created = await fetch(`${double.httpUrl}/v1/convai/agents/create`, {
    method: 'POST',
    headers: { 'xi-api-key': double.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ conversation_config: conversationConfig }),
  });
  const { agent_id: id } = (await created.json()) as { agent_id: string };
  expect(id).not.toBe(double.agentId);
  return id;
}

const postScript = (step: unknown) => fetch(`${double.httpUrl}/__double/script`, { method: 'POST', body: JSON.stringify(step) });

const INITIATION = { type: 'conversation_initiation_client_data', dynamic_variables: { user_name: 'Ada', user_tz: 'UTC' } };

/** A client as @elevenlabs/client connects: subprotocol convai, initiation data first; collects what arrives. */
async function connect({ agentId = double.agentId, initiation = INITIATION as Record<string, unknown> } = {}) {
  const { signed_url } = (await (await signedUrl(double.apiKey, agentId)).json()) as { signed_url: string };
  const socket = new WebSocket(signed_url, ['convai']);
  const received: any[] = [];
  const closedWith = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const closed = closedWith.then(({ code }) => code);
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    received.push(message);
    if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong', event_id: message.ping_event.event_id }));
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify(initiation));
  const next = async (type: string, timeoutMs = 3_000) => {
    const found = await vi.waitFor(
      () => {
        const arrived = received.find((message) => message.type === type);
        if (!arrived) throw new Error(`no ${type} arrived; got ${received.map((message) => message.type).join(', ')}`);
        return arrived;
      },
      { timeout: timeoutMs, interval: 10 },
    );
    received.splice(received.indexOf(found), 1);
    return found;
  };
  /** Sends the chunks at once; `live` spaces their arrival CHUNK_MS apart on the double's audio clock, as a stream in real time. */
  const sendAudio = async (chunks: string[], live = false) => {
    for (const chunk of chunks) {
      const arrived = double.state().audio.chunks + 1;
      socket.send(JSON.stringify({ user_audio_chunk: chunk }));
      if (!live) continue;
      await vi.waitFor(() => expect(double.state().audio.chunks).toBe(arrived));
      audioTime += CHUNK_MS;
    }
  };
  return { socket, received, closed, closedWith, next, sendAudio };
}

describe('the ElevenLabs double', () => {
  it('mints signed URLs for the right key and agent only', async () => {
    expect((await signedUrl('wrong')).status).toBe(401);
    const other = await fetch(`${double.httpUrl}/v1/convai/conversation/get-signed-url?agent_id=other`, { headers: { 'xi-api-key': double.apiKey } });
    expect(other.status).toBe(404);
    const { signed_url } = (await (await signedUrl()).json()) as { signed_url: string };
    expect(signed_url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${double.port}/v1/convai/conversation\\?agent_id=${double.agentId}&token=`));
    const forged = new WebSocket(signed_url.replace(/token=\w+/, 'token=forged'), ['convai']);
    await expect(new Promise((resolve, reject) => forged.once('open', resolve).once('error', reject))).rejects.toThrow(/403/);
  });

  it('closes at once (1008) a conversation overriding a field its agent does not enable, as ElevenLabs does', async () => {
    // What @elevenlabs/client sends for typed chat: text_only, and empty sections for what it leaves out.
    const textOnly = { ...INITIATION, conversation_config_override: { agent: {}, tts: {}, conversation: { text_only: true } } };
    const bare = await createAgent({ agent: { first_message: 'Hi' } });
    const refused = await connect({ agentId: bare, initiation: textOnly });
    expect(await refused.closedWith).toEqual({ code: 1008, reason: "Override for field 'text_only' is not allowed by config." });
    expect(refused.received.map((message) => message.type)).not.toContain('conversation_initiation_metadata');
    expect((await double.waitFor((current) => current.lastClose !== null)).lastClose).toMatchObject({ code: 1008, by: 'server' });

    // The agent made from the definition enables text_only, language and first_message, and nothing else.
    const allowed = await connect({
      initiation: { ...textOnly, conversation_config_override: { agent: { language: 'en', first_message: 'Hello' }, conversation: { text_only: false } } },
    });
    await allowed.next('conversation_initiation_metadata');
    allowed.socket.close(1000);
    await allowed.closed;
    await vi.waitFor(() => expect(double.state().open).toBe(0));
    const prompt = await connect({ initiation: { ...INITIATION, conversation_config_override: { agent: { prompt: { prompt: 'Be rude' } } } } });
    expect(await prompt.closedWith).toEqual({ code: 1008, reason: "Override for field 'prompt' is not allowed by config." });
  });

  it('opens with the initiation metadata, pings, and records the dynamic variables', async () => {
    const client = await connect();
    expect(client.socket.protocol).toBe('convai');
    const metadata = await client.next('conversation_initiation_metadata');
    expect(metadata.conversation_initiation_metadata_event).toMatchObject({ agent_output_audio_format: 'pcm_16000', user_input_audio_format: 'pcm_16000' });
    await client.next('ping');
    const state = await double.waitFor((current) => current.pongs > 0 && current.dynamicVariables !== null);
    expect(state.dynamicVariables).toEqual({ user_name: 'Ada', user_tz: 'UTC' });
    expect(state.conversations[0]!.conversation_id).toBe(metadata.conversation_initiation_metadata_event.conversation_id);
    client.socket.close(1000);
    expect(await client.closed).toBe(1000);
    expect((await double.waitFor((current) => current.lastClose !== null)).lastClose).toMatchObject({ code: 1000, by: 'client' });
  });

  it('takes a spoken turn from 16 kHz PCM16 speech then silence: transcript, the queued tool call, then the response', async () => {
    double.script({ transcript: 'create a task to buy milk', toolCalls: [{ tool_name: 'createTask', parameters: { title: 'Buy milk' } }] });
    const client = await connect();
    await client.sendAudio([...pcmChunks(0.8, 0.3), ...pcmChunks(0.5, 0)]);

    expect((await client.next('user_transcript')).user_transcription_event.user_transcript).toBe('create a task to buy milk');
    const { client_tool_call: call } = await client.next('client_tool_call');
    expect(call).toMatchObject({ tool_name: 'createTask', parameters: { title: 'Buy milk' } });
    expect(client.received.some((message) => message.type === 'agent_response')).toBe(false);
    client.socket.send(JSON.stringify({ type: 'client_tool_result', tool_call_id: call.tool_call_id, result: '{"ok":true}', is_error: false }));
    expect((await client.next('agent_response')).agent_response_event.agent_response).toBe('Done.');
    expect((await client.next('audio')).audio_event.audio_base_64.length).toBeGreaterThan(0);

    const { audio, toolResults, toolCalls } = double.state();
    expect(audio).toMatchObject({ chunks: 13, invalidChunks: 0, samples: 1.3 * RATE });
    expect(audio.seconds).toBeCloseTo(1.3);
    expect(audio.rms).toBeGreaterThan(0.15);
    expect(audio.peak).toBeCloseTo(0.3, 2);
    expect(audio.voicedSeconds).toBeCloseTo(0.8, 1);
    expect(toolResults).toMatchObject([{ tool_call_id: call.tool_call_id, result: '{"ok":true}', is_error: false }]);
    expect(Date.parse(toolResults[0]!.received_at)).toBeGreaterThanOrEqual(Date.parse(toolCalls[0]!.sent_at));
    client.socket.close();
  });

  it('ends a turn when the audio stops, and measures the rate of a live stream', async () => {
    const client = await connect();
    await client.sendAudio(pcmChunks(0.6, 0.2), true);
    expect((await client.next('user_transcript')).user_transcription_event.user_transcript).toMatch(/s of speech/);
    expect((await client.next('agent_response')).agent_response_event.agent_response).toBe(DOUBLE_HINT);
    expect(double.state().audio.liveRate).toBe(RATE);
    client.socket.close();
  });

  it('hears no turn in silence or a short click, and flags chunks that are not whole samples', async () => {
    double.script({ toolCalls: [{ tool_name: 'createTask', parameters: { title: 'never' } }] });
    const client = await connect();
    await client.sendAudio([...pcmChunks(1, 0), ...pcmChunks(0.1, 0.5), ...pcmChunks(0.5, 0)]);
    client.socket.send(JSON.stringify({ user_audio_chunk: Buffer.alloc(641).toString('base64') }));
    // Once the double has noticed the audio stop, it has decided: no turn was heard.
    await vi.waitFor(() => expect(double.state().audio).toMatchObject({ pauses: 1, invalidChunks: 1 }));
    const state = double.state();
    expect(state).toMatchObject({ turns: [], toolCalls: [], queued: 1 });
    expect(state.audio).toMatchObject({ chunks: 16, invalidChunks: 1 });
    expect(client.received.some((message) => message.type === 'user_transcript')).toBe(false);
    client.socket.close();
  });

  it('answers typed requests with tool calls a person can try, and a hint otherwise', async () => {
    const client = await connect();
    client.socket.send(JSON.stringify({ type: 'user_message', text: 'Create a task to buy bread.' }));
    const { client_tool_call: call } = await client.next('client_tool_call');
    expect(call).toMatchObject({ tool_name: 'createTask', parameters: { title: 'buy bread' } });
    client.socket.send(JSON.stringify({ type: 'client_tool_result', tool_call_id: call.tool_call_id, result: 'Task title is required', is_error: true }));
    expect((await client.next('agent_response')).agent_response_event.agent_response).toBe('Sorry, that did not work: Task title is required');

    client.socket.send(JSON.stringify({ type: 'user_message', text: 'list my goals' }));
    expect((await client.next('client_tool_call')).client_tool_call.tool_name).toBe('listGoals');
    client.socket.send(JSON.stringify({ type: 'user_message', text: 'what is the weather' }));
    expect(double.state()).toMatchObject({ turns: [{ kind: 'text' }, { kind: 'text' }], refusedCalls: [] });
    client.socket.close();
  });

  it('closes the conversation with a code through its HTTP knob, or drops it (1006)', async () => {
    for (const code of [4001, 1006]) {
      const client = await connect();
      await client.next('conversation_initiation_metadata');
      const closed = await fetch(`${double.httpUrl}/__double/close`, { method: 'POST', body: JSON.stringify({ code, reason: 'test' }) });
      expect(await closed.json()).toEqual({ closed: 1 });
      expect(await client.closed).toBe(code);
    }
    const state = (await (await fetch(`${double.httpUrl}/__double/state`)).json()) as ReturnType<ElevenLabsDouble['state']>;
    expect(state).toMatchObject({ connections: 2, open: 0 });
    expect(state.conversations.map((conversation) => conversation.closed?.by)).toEqual(['server', 'server']);
  });

  it('takes scripted steps over HTTP, and refuses a script without tool calls', async () => {
    expect((await postScript({ tool_calls: [] })).status).toBe(400);
    expect(await (await postScript({ toolCalls: [{ tool_name: 'listTasks' }], response: 'Here they are.' })).json()).toEqual({ queued: 1 });
    const client = await connect();
    client.socket.send(JSON.stringify({ type: 'user_message', text: 'anything' }));
    const { client_tool_call: call } = await client.next('client_tool_call');
    expect(call).toMatchObject({ tool_name: 'listTasks', parameters: {} });
    client.socket.send(JSON.stringify({ type: 'client_tool_result', tool_call_id: call.tool_call_id, result: '[]', is_error: false }));
    expect((await client.next('agent_response')).agent_response_event.agent_response).toBe('Here they are.');
    client.socket.close();
  });

  it('sends the calls of one generation back to back, takes their results in any order, then the next generation', async () => {
    double.script({
      toolCalls: [
        { tool_name: 'createTask', parameters: { title: 'First' } },
        { tool_name: 'createTask', parameters: { title: 'Second' }, after: 'sent' },
        { tool_name: 'listTasks' },
      ],
    });
    const client = await connect();
    client.socket.send(JSON.stringify({ type: 'user_message', text: 'add two tasks' }));
    // Both arrive before the client has answered either.
    const { client_tool_call: first } = await client.next('client_tool_call');
    const { client_tool_call: second } = await client.next('client_tool_call');
    expect([first.parameters.title, second.parameters.title]).toEqual(['First', 'Second']);
    expect(second.tool_call_id).not.toBe(first.tool_call_id);
    expect(second.event_id).toBeGreaterThan(first.event_id);
    const answer = (call: { tool_call_id: string }) =>
      client.socket.send(JSON.stringify({ type: 'client_tool_result', tool_call_id: call.tool_call_id, result: '{"ok":true}', is_error: false }));
    answer(second);
    answer(first);
    const { client_tool_call: third } = await client.next('client_tool_call');
    expect(third.tool_name).toBe('listTasks');
    answer(third);
    expect((await client.next('agent_response')).agent_response_event.agent_response).toBe('Done.');

    const { toolCalls, toolResults } = double.state();
    expect(toolCalls.map((call) => call.tool_call_id)).toEqual([first.tool_call_id, second.tool_call_id, third.tool_call_id]);
    expect(toolResults.map((result) => [result.tool_call_id, result.timed_out])).toEqual([
      [second.tool_call_id, false],
      [first.tool_call_id, false],
      [third.tool_call_id, false],
    ]);
    // The next generation went out once both results were in.
    expect(Date.parse(toolCalls[2]!.sent_at)).toBeGreaterThanOrEqual(Date.parse(toolResults[1]!.received_at));
    client.socket.close();
  });

  it("refuses a script (400 over HTTP, a throw in process) with a call its agent could not make: the tool's name, types, enums, required and unknown fields", async () => {
    const refusals: Array<[ScriptStep['toolCalls'], string]> = [
      [[{ tool_name: 'createThing', parameters: { title: 'x' } }], `The agent ${double.agentId} has no client tool createThing`],
      [
        [{ tool_name: 'createTask', parameters: { title: 'x', priority: 'urgent' } }],
        'createTask: parameters.priority must be one of low, medium, high, not "urgent"',
      ],
      [[{ tool_name: 'createEvent', parameters: { title: 'x', start_time: '2026-05-01T15:00:00Z' } }], 'createEvent: parameters.end_time is required'],
      [[{ tool_name: 'createTask', parameters: { title: 'x', colour: 'red' } }], 'createTask: parameters.colour is not a parameter of the tool'],
      [[{ tool_name: 'createTask', parameters: { title: 42 } }], 'createTask: parameters.title must be of type string, not number'],
      [
        [{ tool_name: 'createTask', parameters: { title: 'x', reminders: [5, '10'] } }],
        'createTask: parameters.reminders[1] must be of type number, not string',
      ],
      [
        [{ tool_name: 'createTask', parameters: { title: 'x', recurrence: { rule: 'FREQ=DAILY' } } }],
        'createTask: parameters.recurrence.time_zone is required',
      ],
      [
        [
          { tool_name: 'listTasks', tool_call_id: 'toolu_same' },
          { tool_name: 'listGoals', tool_call_id: 'toolu_same' },
        ],
        'Each scripted tool_call_id of a step must differ',
      ],
    ];
    for (const [toolCalls, detail] of refusals) {
      const refused = await postScript({ toolCalls });
      expect(refused.status, detail).toBe(400);
      expect(await refused.json()).toEqual({ detail });
    }
    expect((await postScript({ toolCalls: [{ tool_name: 'listTasks', after: 'never' }] })).status).toBe(400);
    expect(() => double.script({ toolCalls: [{ tool_name: 'deleteTask', parameters: {} }] })).toThrow('deleteTask: parameters.id is required');
    expect(double.state().queued).toBe(0);
  });

  it('checks parameters against whatever tools the agent has: lists of objects, integers, and no deeper than a bound', () => {
    const task = {
      type: 'object',
      description: 'A task',
      properties: { title: { type: 'string', description: 'Title' }, order: { type: 'integer', description: 'Order' } },
      required: ['title'],
    };
    const createTasks = {
      type: 'object',
      description: 'Parameters',
      properties: { tasks: { type: 'array', description: 'Tasks', items: task } },
      required: ['tasks'],
    };
    expect(parameterMismatch(createTasks, { tasks: [{ title: 'a', order: 1 }, { title: 'b' }] })).toBeNull();
    expect(parameterMismatch(createTasks, { tasks: [{ title: 'a' }, { order: 2 }] })).toBe('parameters.tasks[1].title is required');
    expect(parameterMismatch(createTasks, { tasks: [{ title: 'a', order: 1.5 }] })).toBe('parameters.tasks[0].order must be of type integer, not number');
    // A schema and a value that each contain themselves end at the bound.
    const endless: Record<string, unknown> = { type: 'object', description: 'Endless', required: [] };
    endless.properties = { inner: endless };
    const value: Record<string, unknown> = {};
    value.inner = value;
    expect(parameterMismatch(endless, value)).toMatch(/^parameters(\.inner){9} nests deeper than 8 levels$/);
  });

  it('takes the planning tools’ calls as the agent’s schemas allow them, and refuses what they do not', () => {
    const parameters = (name: string) => CLIENT_TOOLS.find((tool) => tool.name === name)!.parameters;
    const day = { from: '2026-03-05T00:00:00+01:00', to: '2026-03-06T00:00:00+01:00' };
    expect(parameterMismatch(parameters('getSchedule'), day)).toBeNull();
    expect(parameterMismatch(parameters('findFreeTime'), { ...day, minutes: 60 })).toBeNull();
    expect(parameterMismatch(parameters('planTasks'), { ...day, priorities: ['high'], minutes: 120, task_ids: [crypto.randomUUID()] })).toBeNull();
    expect(parameterMismatch(parameters('rescheduleEvents'), { ...day, onto_date: '2026-03-06' })).toBeNull();
    expect(parameterMismatch(parameters('answerProposal'), { change_set_id: crypto.randomUUID(), accept: true, positions: [1, 2] })).toBeNull();
    expect(parameterMismatch(parameters('findFreeTime'), day)).toBe('parameters.minutes is required');
    expect(parameterMismatch(parameters('planTasks'), { ...day, priorities: ['urgent'] })).toBe(
      'parameters.priorities[0] must be one of low, medium, high, not "urgent"',
    );
    expect(parameterMismatch(parameters('answerProposal'), { change_set_id: 'x', accept: 'yes' })).toBe(
      'parameters.accept must be of type boolean, not string',
    );
  });

  it("checks each call again when its turn comes, against the conversation's agent, and does not send one it could not make", async () => {
    double.script({ toolCalls: [{ tool_name: 'createTask', parameters: { title: 'Buy milk' } }] });
    const bare = await createAgent({ agent: { first_message: 'Hi' } });
    const client = await connect({ agentId: bare });
    client.socket.send(JSON.stringify({ type: 'user_message', text: 'add milk' }));
    await client.next('agent_response');
    expect(client.received.map((message) => message.type)).not.toContain('client_tool_call');
    expect(double.state()).toMatchObject({
      toolCalls: [],
      refusedCalls: [{ tool_name: 'createTask', parameters: { title: 'Buy milk' }, reason: `The agent ${bare} has no client tool createTask` }],
    });
    client.socket.close();
  });

  it("gives up on a call after its tool's response_timeout_secs, as failed, and ignores the result that comes later", async () => {
    const listTasks = CLIENT_TOOLS.find((tool) => tool.name === 'listTasks')!;
    // ElevenLabs' shortest timeout, 1 s.
    const slow = await createAgent({ agent: { prompt: { tools: [{ ...listTasks, response_timeout_secs: 1 }] } } });
    const client = await connect({ agentId: slow });
    await client.next('conversation_initiation_metadata');
    // A script is checked against the open conversation's agent.
    expect(() => double.script({ toolCalls: [{ tool_name: 'listGoals' }] })).toThrow(`The agent ${slow} has no client tool listGoals`);
    double.script({ toolCalls: [{ tool_name: 'listTasks' }] });
    client.socket.send(JSON.stringify({ type: 'user_message', text: 'list my tasks' }));
    const { client_tool_call: call } = await client.next('client_tool_call');
    const timedOut = 'The tool listTasks timed out after 1 s without a result';
    expect((await client.next('agent_response', 10_000)).agent_response_event.agent_response).toBe(`Sorry, that did not work: ${timedOut}`);
    expect(double.state().toolResults).toMatchObject([{ tool_call_id: call.tool_call_id, result: timedOut, is_error: true, timed_out: true }]);

    const late = JSON.stringify({ type: 'client_tool_result', tool_call_id: call.tool_call_id, result: '[]', is_error: false });
    client.socket.send(late);
    await vi.waitFor(() => expect(double.state().invalidMessages).toEqual([late]));
    expect(double.state().toolResults).toHaveLength(1);
    client.socket.close();
  });

  it('repeats, over HTTP, a call on the conversation after a dropped one with the tool_call_id it had no result for', async () => {
    const buyMilk = { tool_name: 'createTask', parameters: { title: 'Buy milk' } };
    expect((await postScript({ toolCalls: [buyMilk] })).status).toBe(200);
    const dropped = await connect();
    dropped.socket.send(JSON.stringify({ type: 'user_message', text: 'add milk' }));
    const { client_tool_call: unanswered } = await dropped.next('client_tool_call');
    await fetch(`${double.httpUrl}/__double/close`, { method: 'POST', body: JSON.stringify({ code: 1006 }) });
    expect(await dropped.closed).toBe(1006);

    const again = await connect();
    expect((await postScript({ toolCalls: [{ ...buyMilk, tool_call_id: unanswered.tool_call_id }] })).status).toBe(200);
    again.socket.send(JSON.stringify({ type: 'user_message', text: 'add milk' }));
    const { client_tool_call: repeated } = await again.next('client_tool_call');
    expect(repeated).toMatchObject({ ...buyMilk, tool_call_id: unanswered.tool_call_id });
    again.socket.send(JSON.stringify({ type: 'client_tool_result', tool_call_id: repeated.tool_call_id, result: '{"ok":true}', is_error: false }));
    expect((await again.next('agent_response')).agent_response_event.agent_response).toBe('Done.');

    const { conversations, toolCalls, toolResults } = double.state();
    const [first, second] = conversations.map((conversation) => conversation.conversation_id);
    expect(toolCalls.map((call) => [call.conversation_id, call.tool_call_id])).toEqual([
      [first, unanswered.tool_call_id],
      [second, unanswered.tool_call_id],
    ]);
    expect(toolResults).toMatchObject([{ conversation_id: second, tool_call_id: unanswered.tool_call_id, is_error: false }]);
    again.socket.close();
  });
});
