import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_TOOLS } from '../../functions/voice/agent/tools';
import { MESSAGES, VOICE_MESSAGES } from '../../shared/messages';
import { ASSISTANT_TOOL_NAMES } from '../../shared/assistant-tools';
import { itemIdOfToolCall } from '../../shared/tool-calls';
import type { ToolCall } from '../../shared/tool-calls.schema';
import { assistantGreeting } from '../../shared/voice';
import { fetchVoiceConfig } from '../../web/src/features/voice/api/voice-session';
import { callVariables, clientTools, endMessage, startErrorMessage, voiceErrorKind } from '../../web/src/features/voice/lib/conversation';
import { createToolCallReflector, loadItemSchemas, type ListCache } from '../../web/src/features/voice/lib/reflect-tool-calls';
import { standInId } from '../../web/src/lib/assistant-activity';
import de from '../../web/src/i18n/de/app';
import en from '../../web/src/i18n/en/app';
import es from '../../web/src/i18n/es/app';
import { isUndoable, toastQueue, toastStatus, toastSubtitle } from '../../web/src/features/voice/lib/tool-activity';

const CONFIG = {
  agentId: 'agent',
  signedUrl: 'ws://127.0.0.1/conversation?token=t',
  userId: 'user-1',
  sessionId: 'session-1',
  templateVars: { user_name: 'Ada', user_tz: 'Europe/Paris', user_lang: 'en' },
};
const signedIn = async () => 'id-token';
const answer = (status: number, body: unknown = {}, statusText = '') => new Response(JSON.stringify(body), { status, statusText });

describe('the voice configuration fetch', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Runs the fetch to its end on fake time; answers its outcome and the fake-clock times of each attempt. */
  async function run(idToken: () => Promise<string | null> = signedIn) {
    const times: number[] = [];
    const start = Date.now();
    fetchMock.mockImplementation(async (...args) => {
      times.push(Date.now() - start);
      return next(...args);
    });
    const outcome = fetchVoiceConfig(idToken).then(
      (config) => ({ config }),
      (error: Error) => ({ error: error.message }),
    );
    await vi.runAllTimersAsync();
    return { outcome: await outcome, times };
  }
  let next: (...args: Parameters<typeof fetch>) => Promise<Response>;

  it('sends the bearer token and answers the configuration', async () => {
    next = async () => answer(200, CONFIG);
    const { outcome } = await run();
    expect(outcome).toEqual({ config: CONFIG });
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/voice/config');
    expect(headers.authorization).toBe('Bearer id-token');
  });

  it.each([
    [404, 'Not Found', VOICE_MESSAGES.configNotFound],
    [401, 'Unauthorized', VOICE_MESSAGES.configUnauthorized],
    [403, 'Forbidden', 'Failed to get ElevenLabs configuration: 403 Forbidden'],
    [429, '', 'Failed to get ElevenLabs configuration: 429'],
  ])('maps %i to its message without trying again', async (status, statusText, message) => {
    next = async () => answer(status, { message: 'no' }, statusText);
    const { outcome, times } = await run();
    expect(outcome).toEqual({ error: message });
    expect(times).toEqual([0]);
  });

  it('tries a 5xx three times, 2 s then 4 s apart, then says the server failed', async () => {
    next = async () => answer(502);
    const { outcome, times } = await run();
    expect(outcome).toEqual({ error: VOICE_MESSAGES.configServerError });
    expect(times).toEqual([0, 2_000, 6_000]);
  });

  it('tries again after network failures and takes the answer that comes', async () => {
    let calls = 0;
    next = async () => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return answer(200, CONFIG);
    };
    const { outcome, times } = await run();
    expect(outcome).toEqual({ config: CONFIG });
    expect(times).toEqual([0, 2_000, 6_000]);
  });

  it('gives up on an attempt after 10 s and counts it as a network failure', async () => {
    next = (_input, init) =>
      new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    const { outcome, times } = await run();
    expect(outcome).toEqual({ error: VOICE_MESSAGES.startFailed });
    expect(times).toEqual([0, 12_000, 26_000]);
  });

  it('says the agent is not configured on the 503 that names it, at once', async () => {
    next = async () => answer(503, { message: 'Voice agent not configured', code: 'voice_not_configured' });
    const { outcome, times } = await run();
    expect(outcome).toEqual({ error: VOICE_MESSAGES.notConfigured });
    expect(times).toEqual([0]);
  });

  it('says why a demo account may start no more conversations, at once, with the server’s text', async () => {
    next = async () => answer(403, { error: { code: 'demo_limit', message: MESSAGES.demoVoiceUsedUp, message_key: 'demoVoiceUsedUp' } });
    const { outcome, times } = await run();
    expect(outcome).toEqual({ error: MESSAGES.demoVoiceUsedUp });
    expect(times).toEqual([0]);
  });

  it('needs a session and a complete answer', async () => {
    next = async () => answer(200, CONFIG);
    expect((await run(async () => null)).outcome).toEqual({ error: VOICE_MESSAGES.noSession });
    expect(fetchMock).not.toHaveBeenCalled();
    next = async () => answer(200, { ...CONFIG, signedUrl: '' });
    expect((await run()).outcome).toEqual({ error: VOICE_MESSAGES.configIncomplete });
    next = async () => answer(200, { ...CONFIG, agentId: undefined });
    expect((await run()).outcome).toEqual({ error: VOICE_MESSAGES.configIncomplete });
  });

  it('makes a call start without a session say the user is not signed in, and one whose session gives no token say to sign in again', async () => {
    /** What the call shows when its start fails on this fetch. */
    async function shown(idToken: () => Promise<string | null>) {
      fetchMock.mockImplementation((...args) => next(...args));
      const failure = fetchVoiceConfig(idToken).then(
        () => null,
        (error: unknown) => error,
      );
      await vi.runAllTimersAsync();
      return startErrorMessage(await failure);
    }
    next = async () => answer(401, { message: 'Unauthorized' }, 'Unauthorized');
    expect(await shown(async () => null)).toBe('User not authenticated. Please sign in to use voice features.');
    expect(await shown(() => Promise.reject(new Error('NotAuthorizedException: Refresh Token has been revoked')))).toBe(
      'Authentication error. Please sign out and sign back in.',
    );
    // The API refusing the session keeps the configuration's own text.
    expect(await shown(signedIn)).toBe(VOICE_MESSAGES.configUnauthorized);
    // The configuration's other failures show as they are.
    next = async () => answer(404, { message: 'no' }, 'Not Found');
    expect(await shown(signedIn)).toBe(VOICE_MESSAGES.configNotFound);
  });
});

describe('call errors and ends', () => {
  const domError = (name: string, message = '') => new DOMException(message, name);

  it('names each microphone failure', () => {
    expect(startErrorMessage(domError('NotAllowedError', 'Permission denied'))).toBe(VOICE_MESSAGES.microphoneDenied);
    expect(startErrorMessage(domError('NotAllowedError', 'Permission dismissed'))).toBe(VOICE_MESSAGES.microphoneDismissed);
    expect(startErrorMessage(domError('NotFoundError'))).toBe(VOICE_MESSAGES.microphoneNotFound);
    expect(startErrorMessage(domError('NotReadableError'))).toBe(VOICE_MESSAGES.microphoneInUse);
  });

  it('passes the shared texts through and falls back to the start failure', () => {
    const socket = Object.assign(new Error('closed'), { name: 'SessionConnectionError' });
    expect(startErrorMessage(socket)).toBe(VOICE_MESSAGES.socketCreateFailed);
    expect(startErrorMessage(Object.assign(socket, { closeCode: 1006 }))).toBe(VOICE_MESSAGES.socketCreateFailed);
    expect(startErrorMessage(Object.assign(new Error(VOICE_MESSAGES.configNotFound), { name: 'VoiceError' }))).toBe(VOICE_MESSAGES.configNotFound);
    expect(startErrorMessage(new Error('boom'))).toBe(VOICE_MESSAGES.startFailed);
    expect(startErrorMessage('odd')).toBe(VOICE_MESSAGES.startFailed);
  });

  it('ends quietly on 1000, 1001 and 1005 and on the user or agent ending; other closes are a lost connection', () => {
    const closed = (closeCode: number) => endMessage({ reason: 'error', message: '', context: { type: 'close', code: closeCode }, closeCode });
    expect(endMessage({ reason: 'user' })).toBeNull();
    expect(endMessage({ reason: 'agent', closeCode: 1000 })).toBeNull();
    expect([1000, 1001, 1005].map(closed)).toEqual([null, null, null]);
    expect([1006, 1011, 4000].map(closed)).toEqual(Array(3).fill(VOICE_MESSAGES.connectionLost));
    expect(endMessage({ reason: 'error', message: 'socket error', context: { type: 'error' } })).toBe(VOICE_MESSAGES.socketError);
  });

  it('reports an error inside a call by its kind (type, code, tool), never by its text, which can quote what was said', () => {
    expect(voiceErrorKind({ errorType: 'server_error', code: 1011, debugMessage: 'buy milk', details: { text: 'buy milk' } })).toEqual({
      errorType: 'server_error',
      code: 1011,
    });
    expect(voiceErrorKind({ clientToolName: 'createTask' })).toEqual({ tool: 'createTask' });
    expect(voiceErrorKind(new Error('buy milk'))).toEqual({});
    expect(voiceErrorKind(undefined)).toEqual({});
  });

  it('tells a refusal by ElevenLabs (1008, before or during the call) from a network failure, and logs its code and reason', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reason = "Override for field 'text_only' is not allowed by config.";
    const refused = Object.assign(new Error(reason), { name: 'SessionConnectionError', closeCode: 1008, closeReason: reason });
    expect(startErrorMessage(refused)).toBe(VOICE_MESSAGES.agentUnavailable);
    expect(endMessage({ reason: 'error', message: reason, context: { type: 'close', code: 1008 }, closeCode: 1008, closeReason: reason })).toBe(
      VOICE_MESSAGES.agentUnavailable,
    );
    expect(errors.mock.calls).toEqual([
      ['Voice agent refused the conversation:', 1008, reason],
      ['Voice agent refused the conversation:', 1008, reason],
    ]);
    errors.mockRestore();
  });
});

describe('the call set-up', () => {
  it('gives the agent today in the user time zone, now, the zone, the name and the language', () => {
    const now = new Date('2026-03-01T23:30:00Z');
    expect(callVariables(now, { user_name: 'Ada', user_tz: 'Europe/Paris', user_lang: 'de' })).toEqual({
      today_date: 'Monday, March 2, 2026',
      today_iso: '2026-03-02',
      now_iso: '2026-03-01T23:30:00.000Z',
      user_tz: 'Europe/Paris',
      user_name: 'Ada',
      user_language: 'German',
    });
  });

  it('greets in the person’s language, by name or by none', () => {
    expect(assistantGreeting('en', 'Ada')).toBe('Hi Ada, what would you like to get done?');
    expect(assistantGreeting('es', '')).toBe('¡Hola! ¿Qué quieres hacer hoy?');
    expect(assistantGreeting('fr', 'Ada')).toBe('Bonjour Ada, que souhaitez-vous faire aujourd’hui\u202f?');
    expect(assistantGreeting('de', '')).toBe('Hallo, was möchtest du heute erledigen?');
  });

  it('registers exactly the registry’s tools, the ones the agent is defined with, each logging its call under its name', async () => {
    const run = vi.fn(async (name: string, parameters: unknown) => `${name}:${JSON.stringify(parameters)}`);
    const tools = clientTools(run);
    expect(Object.keys(tools)).toEqual([...ASSISTANT_TOOL_NAMES]);
    expect(Object.keys(tools)).toEqual(CLIENT_TOOLS.map((tool) => tool.name));
    expect(await tools.planTasks!({ from: 'a', to: 'b' })).toBe('planTasks:{"from":"a","to":"b"}');
    expect(run).toHaveBeenCalledWith('planTasks', { from: 'a', to: 'b' });
  });
});

function toolCall(fields: Partial<ToolCall> & Pick<ToolCall, 'id' | 'tool_name'>): ToolCall {
  return {
    user_id: 'user-1',
    conversation_id: 'conv',
    tool_args: {},
    turn: 0,
    change_set_id: null,
    sequence: null,
    status: 'pending',
    result: null,
    error_message: null,
    undone_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...fields,
  };
}

describe('the tool-activity toast', () => {
  it('shows pending calls first, then the 3 most recently updated finished ones', () => {
    const finished = [1, 2, 3, 4].map((n) => toolCall({ id: `f${n}`, tool_name: 'createTask', status: 'success', updated_at: `2026-03-01T10:0${n}:00.000Z` }));
    const pending = toolCall({ id: 'p', tool_name: 'deleteGoal' });
    expect(toastQueue([...finished, pending]).map((call) => call.id)).toEqual(['p', 'f4', 'f3', 'f2']);
  });

  it('names the entity argument, else the title, else the request', () => {
    expect(toastSubtitle(toolCall({ id: 'a', tool_name: 'createItem', tool_args: { entity: 'goal', title: 'Run' } }), en)).toBe('goal');
    expect(toastSubtitle(toolCall({ id: 'a', tool_name: 'createItem', tool_args: { entity: 'goal', title: 'Run' } }), de)).toBe('Ziel');
    expect(toastSubtitle(toolCall({ id: 'b', tool_name: 'createTask', tool_args: { title: 'Buy milk' } }), en)).toBe('Buy milk');
    expect(toastSubtitle(toolCall({ id: 'c', tool_name: 'listTasks' }), en)).toBe(VOICE_MESSAGES.toolSubtitleFallback);
    expect(toastSubtitle(toolCall({ id: 'c', tool_name: 'listTasks' }), es)).toBe('Procesando la petición');
    // A batch names what it made; a tag is named by its name; a list names nothing it read.
    const made: ToolCall['result'] = { entity: 'task', action: 'create', items: [{ title: 'Milk' }, { title: 'Eggs' }] };
    expect(toastSubtitle(toolCall({ id: 'd', tool_name: 'createTasks', status: 'success', result: made }), en)).toBe('Milk, Eggs');
    const many: ToolCall['result'] = { entity: 'task', action: 'create', items: ['A', 'B', 'C', 'D', 'E'].map((title) => ({ title })) };
    expect(toastSubtitle(toolCall({ id: 'g', tool_name: 'createTasks', status: 'success', result: many }), en)).toBe('A, B, C, …');
    const tag: ToolCall['result'] = { entity: 'tag', action: 'create', item: { name: 'home' } };
    expect(toastSubtitle(toolCall({ id: 'e', tool_name: 'createTag', status: 'success', result: tag }), en)).toBe('home');
    const listed: ToolCall['result'] = { entity: 'task', items: [{ title: 'Milk' }] };
    expect(toastSubtitle(toolCall({ id: 'f', tool_name: 'listTasks', status: 'success', result: listed }), en)).toBe(VOICE_MESSAGES.toolSubtitleFallback);
  });

  it('says a change that waits for the person’s yes waits, never that it completed', () => {
    const held = toolCall({
      id: 'h',
      tool_name: 'deleteTask',
      status: 'success',
      result: { entity: 'task', action: 'delete', item: { id: 't' }, awaiting_confirmation: true },
    });
    expect(toastStatus(held, en)).toBe('Waiting for your confirmation');
    expect(toastStatus(held, de)).toBe('Wartet auf deine Bestätigung');
    expect(toastStatus({ ...held, result: { entity: 'task', action: 'delete', item: { id: 't' } } }, en)).toBe(VOICE_MESSAGES.toolCompleted);
    expect(toastStatus({ ...held, undone_at: '2026-03-01T10:05:00.000Z' }, en)).toBe(VOICE_MESSAGES.toolUndone);
    expect(toastStatus(toolCall({ id: 'p', tool_name: 'createTask' }), en)).toBe(VOICE_MESSAGES.toolProcessing);
    expect(toastStatus(toolCall({ id: 'e', tool_name: 'createTask', status: 'error' }), en)).toBe(VOICE_MESSAGES.toolFailed);
  });

  it('offers Undo on finished changes not yet undone', () => {
    const done = toolCall({ id: 'a', tool_name: 'updateTask', status: 'success' });
    expect(isUndoable(done)).toBe(true);
    expect(isUndoable({ ...done, undone_at: '2026-03-01T10:05:00.000Z' })).toBe(false);
    expect(isUndoable({ ...done, tool_name: 'listTasks' })).toBe(false);
    // A plan saves nothing, and an answer's blocks are the plan's lines, undone from the change set.
    expect(isUndoable({ ...done, tool_name: 'planTasks' })).toBe(false);
    expect(isUndoable({ ...done, tool_name: 'answerProposal' })).toBe(false);
    expect(isUndoable({ ...done, status: 'error' })).toBe(false);
    // A delete waiting for the person's yes has done nothing yet.
    const held = toolCall({
      id: 'h',
      tool_name: 'deleteTask',
      status: 'success',
      result: { entity: 'task', action: 'delete', item: { id: 't' }, awaiting_confirmation: true },
    });
    expect(isUndoable(held)).toBe(false);
  });
});

describe('tool calls reflected in the lists', () => {
  type Row = { id: string } & Record<string, unknown>;
  let lists: Record<string, Row[]>;
  let touched: string[];
  let refetched: string[];
  const cache: ListCache = {
    change: (kind, update) => void (lists[kind] = update(lists[kind] ?? [])),
    refetch: (kind) => void refetched.push(kind),
    touched: (entity, id) => void touched.push(`${entity}:${id}`),
  };
  beforeEach(async () => {
    // Loaded once before the clock is faked: after that a stand-in follows the timer within the same tick.
    await loadItemSchemas();
    vi.useFakeTimers();
    lists = { tasks: [{ id: 'old', title: 'Old' }] };
    touched = [];
    refetched = [];
  });
  afterEach(() => vi.useRealTimers());

  const created = { id: 'real', title: 'Buy milk', priority: 'medium' };
  const pendingCreate = toolCall({ id: 'c1', tool_name: 'createTask', tool_args: { title: 'Buy milk' } });
  const doneCreate = { ...pendingCreate, status: 'success' as const, result: { entity: 'task' as const, action: 'create' as const, item: created } };

  it('shows a stand-in after 100 ms of pending, then puts the real item in its place', async () => {
    const reflector = createToolCallReflector(cache);
    reflector.reflectList([]);
    reflector.reflect(pendingCreate);
    await vi.advanceTimersByTimeAsync(99);
    expect(lists.tasks).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(lists.tasks!.map((row) => row.id)).toEqual([standInId(pendingCreate.id), 'old']);
    expect(lists.tasks![0]).toMatchObject({ title: 'Buy milk', status: 'pending', priority: 'medium', tags: [] });

    reflector.reflect(doneCreate);
    reflector.reflectList([doneCreate]);
    expect(lists.tasks).toEqual([created, { id: 'old', title: 'Old' }]);
    expect(touched).toEqual([`task:${standInId(pendingCreate.id)}`, 'task:real']);
    expect(refetched).toEqual(['tasks']);
  });

  it('shows no stand-in when the list already holds the item the call made (its own read came first)', async () => {
    const made = itemIdOfToolCall(pendingCreate.id);
    const reflector = createToolCallReflector(cache);
    reflector.reflectList([]);
    reflector.reflect(pendingCreate);
    lists.tasks = [{ id: made, title: 'Buy milk' }, ...lists.tasks!];
    await vi.advanceTimersByTimeAsync(100);
    expect(lists.tasks!.map((row) => row.id)).toEqual([made, 'old']);
  });

  it('skips the stand-in when the answer comes first, and applies updates and deletes', async () => {
    const reflector = createToolCallReflector(cache);
    reflector.reflectList([]);
    reflector.reflect(pendingCreate);
    reflector.reflect(doneCreate);
    await vi.advanceTimersByTimeAsync(500);
    expect(lists.tasks!.map((row) => row.id)).toEqual(['real', 'old']);

    reflector.reflect(toolCall({ id: 'u1', tool_name: 'updateTask', tool_args: { id: 'old', title: 'Renamed' } }));
    await vi.advanceTimersByTimeAsync(100);
    expect(lists.tasks![1]).toEqual({ id: 'old', title: 'Renamed' });
    reflector.reflect(toolCall({ id: 'd1', tool_name: 'deleteTask', tool_args: { id: 'real' } }));
    await vi.advanceTimersByTimeAsync(100);
    expect(lists.tasks!.map((row) => row.id)).toEqual(['old']);
  });

  it('settles each call once however long the list grows, and only refetches a call first seen undone', () => {
    const reflector = createToolCallReflector(cache);
    const finished = (index: number) => ({
      ...doneCreate,
      id: `c${index}`,
      created_at: new Date(Date.UTC(2026, 2, 1, 10, 0, index)).toISOString(),
      result: { ...doneCreate.result, item: { id: `t${index}`, title: `Task ${index}` } },
    });
    reflector.reflectList([]);
    // The server answers the newest 50 calls; the page puts each new one at the top of its copy at once.
    let list: ToolCall[] = [];
    for (let index = 0; index < 120; index += 1) {
      list = [finished(index), ...list];
      reflector.reflectList(list);
      if (list.length > 50) list = list.slice(0, 50);
      reflector.reflectList(list);
    }
    expect(touched).toHaveLength(120);
    expect(refetched).toHaveLength(120);

    // An Undo of a call long gone from the list puts it back at the top, undone: nothing to show again.
    reflector.reflectList([{ ...finished(3), undone_at: '2026-03-01T11:00:00.000Z' }, ...list]);
    expect(touched).toHaveLength(120);
    expect(refetched).toHaveLength(121);
    expect(lists.tasks!.filter((row) => row.id === 't3')).toHaveLength(1);
  });

  it('refetches on an error, ignores success without a result, and leaves history alone', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reflector = createToolCallReflector(cache);
    const before = { ...doneCreate, id: 'before' };
    reflector.reflectList([before]);
    expect(reflector.isHistory('before')).toBe(true);
    expect(touched).toEqual([]);

    reflector.reflect(toolCall({ id: 'e1', tool_name: 'createTask', status: 'error', error_message: 'Task title is required' }));
    expect(refetched).toEqual(['tasks']);
    reflector.reflect(toolCall({ id: 's1', tool_name: 'createTask', status: 'success' }));
    expect(warn).toHaveBeenCalledOnce();
    expect(lists.tasks).toEqual([{ id: 'old', title: 'Old' }]);
    warn.mockRestore();
  });

  it('refetches every list when an answer settles (it may have saved blocks or moved any kind to the trash), and no list for a plan, a read or an unknown tool', async () => {
    const reflector = createToolCallReflector(cache);
    reflector.reflectList([]);
    for (const tool_name of ['planTasks', 'rescheduleEvents', 'getSchedule', 'findFreeTime', 'getWeather']) {
      reflector.reflect(toolCall({ id: `p-${tool_name}`, tool_name, tool_args: { from: 'a', to: 'b' } }));
      await vi.advanceTimersByTimeAsync(100);
      reflector.reflect(toolCall({ id: `p-${tool_name}`, tool_name, status: 'success', result: { slots: [] } }));
    }
    expect(refetched).toEqual([]);
    expect(lists).toEqual({ tasks: [{ id: 'old', title: 'Old' }] });
    reflector.reflect(
      toolCall({ id: 'a1', tool_name: 'answerProposal', status: 'success', result: { change_set_id: 'set', applied: 2, declined: 1, failed: [] } }),
    );
    expect(refetched).toEqual(['goals', 'tasks', 'events', 'tags']);
    expect(touched).toEqual([]);
  });
});
