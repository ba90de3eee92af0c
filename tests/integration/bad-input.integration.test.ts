import { describe, expect, it } from 'vitest';
import { API_LIMITS } from '../../shared/constants';
import { API_ERRORS, MESSAGES } from '../../shared/messages';
import { daysFromNow, integrationHarness, type TestUser } from '../support/harness';

const { user, call } = integrationHarness();

/** What a user can see: every list, the trash and the change counters. */
async function snapshot(someone: TestUser) {
  const lists = await Promise.all(
    ['goals', 'tasks', 'events', 'tags', 'trash', 'settings', 'changes', 'voice/tool-calls'].map((path) => someone.get(`/api/${path}`)),
  );
  return lists.map((answer) => answer.body);
}

describe('bad input gets a clear error and changes nothing', () => {
  const cases: Array<{
    name: string;
    send: (someone: TestUser, ids: Record<string, string>) => Promise<{ status: number; body: any }>;
    status: number;
    message?: string;
    fields?: Record<string, string>;
  }> = [
    { name: 'malformed JSON', send: (u) => u.raw('POST', '/api/goals', '{"title": "x",'), status: 400, message: API_ERRORS.invalidJson },
    { name: 'a JSON array instead of an object', send: (u) => u.post('/api/goals', ['title']), status: 400 },
    { name: 'wrong type', send: (u) => u.post('/api/goals', { title: 42 }), status: 400, fields: { title: MESSAGES.goalTitleRequired } },
    { name: 'unknown field', send: (u) => u.post('/api/tasks', { title: 'x', owner: 'someone' }), status: 400, fields: { owner: 'Unknown field' } },
    {
      name: 'user_id in the body',
      send: (u) => u.post('/api/tasks', { title: 'x', user_id: 'someone-else' }),
      status: 400,
      fields: { user_id: 'Unknown field' },
    },
    { name: 'invalid enum', send: (u) => u.post('/api/tasks', { title: 'x', priority: 'urgent' }), status: 400 },
    { name: 'invalid status on update', send: (u, ids) => u.patch(`/api/goals/${ids.goal}`, { status: 'archived' }), status: 400 },
    {
      name: 'date out of range',
      send: (u) => u.post('/api/tasks', { title: 'x', due_date: '2999-01-01T00:00:00Z' }),
      status: 400,
      fields: { due_date: MESSAGES.dateOutOfRange },
    },
    {
      name: 'impossible date',
      send: (u) => u.post('/api/tasks', { title: 'x', due_date: '2030-02-30T00:00:00Z' }),
      status: 400,
      fields: { due_date: MESSAGES.invalidDate },
    },
    { name: 'date without a zone', send: (u) => u.post('/api/tasks', { title: 'x', due_date: '2030-02-03' }), status: 400 },
    { name: 'title too long', send: (u) => u.post('/api/goals', { title: 'x'.repeat(API_LIMITS.titleMax + 1) }), status: 400 },
    { name: 'too many tags', send: (u) => u.post('/api/goals', { title: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), status: 400 },
    {
      name: 'oversized body',
      send: (u) => u.post('/api/goals', { title: 'x', description: 'y'.repeat(API_LIMITS.maxBodyBytes) }),
      status: 413,
      message: API_ERRORS.payloadTooLarge,
    },
    { name: 'not an id', send: (u) => u.get('/api/goals/not-an-id'), status: 404 },
    { name: 'missing item', send: (u) => u.patch('/api/goals/00000000-0000-4000-8000-000000000000', { title: 'x' }), status: 404 },
    { name: 'settings out of range', send: (u) => u.put('/api/settings', { sync_past_days: 61 }), status: 400 },
    { name: 'settings start minute not on the quarter', send: (u) => u.put('/api/settings', { calendar_start_minute: 10 }), status: 400 },
    { name: 'settings unknown field gcal_connected', send: (u) => u.put('/api/settings', { gcal_connected: true }), status: 400 },
    { name: 'reorder with a foreign id', send: (u) => u.put('/api/goals/order', { ids: ['00000000-0000-4000-8000-000000000000'] }), status: 409 },
    { name: 'trash restore with an unknown kind', send: (u, ids) => u.post('/api/trash/restore', { items: [{ kind: 'tags', id: ids.goal }] }), status: 400 },
    {
      name: 'event in the past order',
      send: (u) => u.post('/api/events', { title: 'x', start_time: daysFromNow(1, 10), end_time: daysFromNow(1, 9) }),
      status: 400,
      message: MESSAGES.endBeforeStart,
    },
    {
      name: 'text that is not well-formed Unicode (a lone surrogate), in any field',
      send: (u) => u.post('/api/goals', { title: 'Fine', tags: ['fine', 'x\udc00'] }),
      status: 400,
      fields: { 'tags.1': API_ERRORS.illFormedText },
    },
    {
      name: 'a tool call id no URL can carry (a lone surrogate)',
      send: (u) => u.post('/api/voice/tool-calls', { tool_call_id: 'x\ud800y', conversation_id: 'c', tool_name: 'listGoals', parameters: {} }),
      status: 400,
      fields: { tool_call_id: API_ERRORS.illFormedText },
    },
    {
      name: 'client-made ids outside the URL-safe characters',
      send: (u) => u.post('/api/voice/tool-calls', { tool_call_id: 'a/../b', conversation_id: 'conv one', tool_name: 'listGoals', parameters: {} }),
      status: 400,
      fields: { tool_call_id: MESSAGES.idCharacters, conversation_id: MESSAGES.idCharacters },
    },
  ];

  for (const testCase of cases) {
    it(testCase.name, async () => {
      const alice = await user();
      const goal = (await alice.post('/api/goals', { title: 'Existing' })).body;
      const before = await snapshot(alice);
      const answer = await testCase.send(alice, { goal: goal.id });
      expect(answer.status).toBe(testCase.status);
      expect(answer.body.error.code).toEqual(expect.any(String));
      expect(answer.body.error.message).toEqual(expect.any(String));
      if (testCase.message) expect(answer.body.error.message).toBe(testCase.message);
      if (testCase.fields) expect(answer.body.error.fields).toEqual(testCase.fields);
      expect(await snapshot(alice)).toEqual(before);
    });
  }

  it('refuses a path it cannot decode as API Gateway does (400, JSON), before asking for a token', async () => {
    const alice = await user();
    for (const path of ['/api/goals/%', '/api/tasks/%FF%FE', '/api/goals/%E0%A4%A', '/api/voice/tool-calls/%C3/undo']) {
      for (const answer of [await call('GET', path), await alice.get(path), await alice.post(path, {})]) {
        expect([path, answer.status, answer.body]).toEqual([path, 400, { message: 'Bad Request' }]);
      }
    }
    // A well-formed escape is decoded once: the id "a b" is no UUID, so it names nothing.
    expect((await alice.get('/api/goals/a%20b')).status).toBe(404);
  });

  it('answers 500 without revealing anything internal', async () => {
    const alice = await user();
    const saved = process.env.TABLE_NAME;
    process.env.TABLE_NAME = 'no-such-table';
    try {
      const answer = await alice.get('/api/goals');
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ error: { code: 'internal', message: API_ERRORS.internal } });
    } finally {
      process.env.TABLE_NAME = saved;
    }
  });
});
