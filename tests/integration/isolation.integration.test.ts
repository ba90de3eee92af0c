import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/platform/dynamo';
import { routes, type AnyRoute, type RouteKey } from '../../functions/routes';
import { keepNotice, noticeIdOf } from '../../functions/reminders/notices.repository';
import { saveSubscription } from '../../functions/reminders/subscriptions.repository';
import { changeSetIdOf } from '../../functions/voice/change-sets';
import { startVoiceSession } from '../../functions/voice/voice-sessions.repository';
import { tickTickCsv } from '../fixtures/import/samples';
import { daysFromNow, integrationHarness, type TestUser } from '../support/harness';

// With a user pool, so that signing out everywhere runs whole.
const { world, call, user } = integrationHarness({ userPool: true });

type Ids = Record<
  | 'goal'
  | 'task'
  | 'event'
  | 'tag'
  | 'trashedGoal'
  | 'trashedTask'
  | 'trashedEvent'
  | 'toolCall'
  | 'changeSet'
  | 'voiceSession'
  | 'notice'
  | 'browser'
  | 'accessToken'
  | 'webhook'
  | 'dataExport'
  | 'dataImport',
  string
>;
type Attempt = (bob: TestUser, alice: Ids) => Promise<{ status: number; body: any }>;

/** Bob's attempt on each protected route, aimed at Alice's items. A new route must be added here. */
const attempts: Record<Exclude<RouteKey, Extract<AnyRoute, { public: true }>['key']>, Attempt> = {
  'GET /api/goals': (bob) => bob.get('/api/goals'),
  'POST /api/goals': (bob) => bob.post('/api/goals', { title: 'Bob goal' }),
  'GET /api/goals/{id}': (bob, a) => bob.get(`/api/goals/${a.goal}`),
  'PATCH /api/goals/{id}': (bob, a) => bob.patch(`/api/goals/${a.goal}`, { title: 'hijacked' }),
  'DELETE /api/goals/{id}': (bob, a) => bob.delete(`/api/goals/${a.goal}`),
  'PUT /api/goals/order': (bob, a) => bob.put('/api/goals/order', { ids: [a.goal] }),
  'GET /api/tasks': (bob) => bob.get('/api/tasks'),
  'POST /api/tasks': (bob, a) => bob.post('/api/tasks', { title: 'Link to Alice', goal_id: a.goal }),
  'GET /api/tasks/{id}': (bob, a) => bob.get(`/api/tasks/${a.task}`),
  'PATCH /api/tasks/{id}': (bob, a) => bob.patch(`/api/tasks/${a.task}`, { status: 'completed' }),
  'DELETE /api/tasks/{id}': (bob, a) => bob.delete(`/api/tasks/${a.task}`),
  'PUT /api/tasks/order': (bob, a) => bob.put('/api/tasks/order', { ids: [a.task] }),
  'GET /api/events': (bob) => bob.get('/api/events'),
  'POST /api/events': (bob) => bob.post('/api/events', { title: 'Bob event', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) }),
  'GET /api/events/{id}': (bob, a) => bob.get(`/api/events/${a.event}`),
  'PATCH /api/events/{id}': (bob, a) => bob.patch(`/api/events/${a.event}`, { title: 'hijacked' }),
  'DELETE /api/events/{id}': (bob, a) => bob.delete(`/api/events/${a.event}`),
  'DELETE /api/events/{id}/occurrences': (bob, a) => bob.delete(`/api/events/${a.event}/occurrences?from=${daysFromNow(1, 10)}`),
  'GET /api/calendar-feed': (bob) => bob.get('/api/calendar-feed'),
  'POST /api/calendar-feed': (bob) => bob.post('/api/calendar-feed'),
  'PUT /api/calendar-feed': (bob) => bob.put('/api/calendar-feed', { include_google: true }),
  'DELETE /api/calendar-feed': (bob) => bob.delete('/api/calendar-feed'),
  'GET /api/tags': (bob) => bob.get('/api/tags'),
  'POST /api/tags': (bob) => bob.post('/api/tags', { name: 'alice-tag' }),
  'GET /api/tags/{id}': (bob, a) => bob.get(`/api/tags/${a.tag}`),
  'PATCH /api/tags/{id}': (bob, a) => bob.patch(`/api/tags/${a.tag}`, { name: 'hijacked' }),
  'DELETE /api/tags/{id}': (bob, a) => bob.delete(`/api/tags/${a.tag}`),
  'GET /api/trash': (bob) => bob.get('/api/trash'),
  'POST /api/trash/restore': (bob, a) =>
    bob.post('/api/trash/restore', {
      items: [
        { kind: 'goals', id: a.trashedGoal },
        { kind: 'tasks', id: a.trashedTask },
      ],
    }),
  'POST /api/trash/delete': (bob, a) =>
    bob.post('/api/trash/delete', {
      items: [
        { kind: 'events', id: a.trashedEvent },
        { kind: 'goals', id: a.trashedGoal },
      ],
    }),
  'POST /api/trash/empty': (bob) => bob.post('/api/trash/empty'),
  'GET /api/settings': (bob) => bob.get('/api/settings'),
  'PUT /api/settings': (bob) => bob.put('/api/settings', { lang: 'de', full_name: 'Bob' }),
  'GET /api/changes': (bob) => bob.get('/api/changes'),
  // Trusts Bob's browser for Bob's own account: the account is the token's, never the body's.
  'POST /api/auth/device-token': (bob) => bob.post('/api/auth/device-token', {}),
  'POST /api/changes/socket-ticket': (bob) => bob.post('/api/changes/socket-ticket'),
  // Someone else than Bob signs out everywhere, so that Bob's later attempts still count: Alice stays signed in.
  'POST /api/auth/sign-out-everywhere': async () => (await user()).post('/api/auth/sign-out-everywhere'),
  'POST /api/gcal/connect': (bob) => bob.post('/api/gcal/connect', { write: true }),
  'GET /api/gcal/status': (bob) => bob.get('/api/gcal/status'),
  'POST /api/gcal/sync': (bob) => bob.post('/api/gcal/sync', {}),
  'POST /api/gcal/disconnect': (bob) => bob.post('/api/gcal/disconnect'),
  'GET /api/gcal/mirror-log': (bob) => bob.get('/api/gcal/mirror-log'),
  'GET /api/voice/config': (bob) => bob.get('/api/voice/config'),
  'PATCH /api/voice/sessions/{id}': (bob, a) => bob.patch(`/api/voice/sessions/${a.voiceSession}`, { duration_seconds: 5 }),
  'POST /api/voice/tool-calls': (bob) =>
    bob.post('/api/voice/tool-calls', { tool_call_id: 'bob-call', conversation_id: 'c', tool_name: 'listGoals', parameters: {} }),
  'GET /api/voice/tool-calls': (bob) => bob.get('/api/voice/tool-calls'),
  'GET /api/voice/tool-calls/{id}': (bob, a) => bob.get(`/api/voice/tool-calls/${a.toolCall}`),
  'POST /api/voice/tool-calls/{id}/undo': (bob, a) => bob.post(`/api/voice/tool-calls/${a.toolCall}/undo`),
  'GET /api/voice/change-sets': (bob) => bob.get('/api/voice/change-sets'),
  'GET /api/voice/change-sets/{id}': (bob, a) => bob.get(`/api/voice/change-sets/${a.changeSet}`),
  'POST /api/voice/change-sets/{id}/undo': (bob, a) => bob.post(`/api/voice/change-sets/${a.changeSet}/undo`),
  'POST /api/voice/change-sets/{id}/confirm': (bob, a) => bob.post(`/api/voice/change-sets/${a.changeSet}/confirm`, { apply: true }),
  // Bob plans his own day: he has no tasks, so nothing of Alice's is proposed (409).
  'POST /api/planning/plans': (bob) => bob.post('/api/planning/plans', { scope: 'day' }),
  'GET /api/reminders': (bob) => bob.get('/api/reminders'),
  'POST /api/reminders/{id}/dismiss': (bob, a) => bob.post(`/api/reminders/${a.notice}/dismiss`),
  'POST /api/reminders/{id}/snooze': (bob, a) => bob.post(`/api/reminders/${a.notice}/snooze`, { minutes: 10 }),
  'GET /api/reminders/mail': (bob) => bob.get('/api/reminders/mail'),
  'GET /api/push-subscriptions': (bob) => bob.get('/api/push-subscriptions'),
  'POST /api/push-subscriptions': (bob, a) =>
    bob.post('/api/push-subscriptions', {
      endpoint: `https://fcm.googleapis.com/fcm/send/${a.browser}`,
      keys: { p256dh: 'BBob', auth: 'bob' },
      label: 'Bob phone',
    }),
  'DELETE /api/push-subscriptions/{id}': (bob, a) => bob.delete(`/api/push-subscriptions/${a.browser}`),
  'GET /api/access-tokens': (bob) => bob.get('/api/access-tokens'),
  'POST /api/access-tokens': (bob) => bob.post('/api/access-tokens', { name: 'Bob script', scope: 'write', expires_in_days: 7 }),
  'DELETE /api/access-tokens/{id}': (bob, a) => bob.delete(`/api/access-tokens/${a.accessToken}`),
  // Reminders only, so that no change of the test's sends anything.
  'GET /api/webhooks': (bob) => bob.get('/api/webhooks'),
  'POST /api/webhooks': (bob) => bob.post('/api/webhooks', { url: 'https://93.184.216.34/bob', events: ['reminder.due'] }),
  'PATCH /api/webhooks/{id}': (bob, a) => bob.patch(`/api/webhooks/${a.webhook}`, { url: 'https://93.184.216.34/hijacked' }),
  'DELETE /api/webhooks/{id}': (bob, a) => bob.delete(`/api/webhooks/${a.webhook}`),
  'GET /api/webhooks/{id}/deliveries': (bob, a) => bob.get(`/api/webhooks/${a.webhook}/deliveries`),
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/retry': (bob, a) => bob.post(`/api/webhooks/${a.webhook}/deliveries/msg_000000000${'a'.repeat(22)}/retry`),
  // Bob exports his own data; Alice's export's file is not found.
  'GET /api/exports': (bob) => bob.get('/api/exports'),
  'POST /api/exports': (bob) => bob.post('/api/exports'),
  'GET /api/exports/{id}/file': (bob, a) => bob.get(`/api/exports/${a.dataExport}/file`),
  // Bob's own (empty) file is refused; Alice's preview is not found, nor confirmed.
  'POST /api/imports': (bob) => bob.post('/api/imports'),
  'GET /api/imports/{id}': (bob, a) => bob.get(`/api/imports/${a.dataImport}`),
  'POST /api/imports/{id}/apply': (bob, a) => bob.post(`/api/imports/${a.dataImport}/apply`),
  // Bob deletes only his own account, by typing his own address: Alice's is refused, and nothing goes.
  'DELETE /api/account': (bob) => bob.delete('/api/account', { confirmation: 'alice@example.com' }),
  // An outside assistant's tool call (MCP, functions/mcp/), aimed at Alice's task.
  'POST /mcp': (bob, a) =>
    call('POST', '/mcp', {
      token: bob.token,
      headers: { accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'updateTask', arguments: { id: a.task, title: 'hijacked' } } },
    }),
  'GET /mcp': (bob) => bob.get('/mcp'),
  'DELETE /mcp': (bob) => bob.delete('/mcp'),
};

/** A reminder shown to Alice, as a firing shows one (functions/reminders/fire.ts). */
async function aliceNotice(userId: string): Promise<string> {
  const at = daysFromNow(1, 10);
  const id = noticeIdOf(at, `r-${'a'.repeat(43)}`);
  const shown_at = new Date().toISOString();
  await keepNotice(
    userId,
    {
      id,
      kind: 'events',
      item_id: 'alice-event',
      title: 'Alice reminder',
      item_time: at,
      occurrence: null,
      all_day: false,
      offset: 0,
      shown_at,
    },
    true,
  );
  return id;
}

async function everythingOf(someone: TestUser) {
  const paths = [
    'goals',
    'tasks',
    'events',
    'tags',
    'trash',
    'settings',
    'changes',
    'reminders',
    'push-subscriptions',
    'calendar-feed',
    'access-tokens',
    'webhooks',
  ];
  return Object.fromEntries(await Promise.all(paths.map(async (path) => [path, (await someone.get(`/api/${path}`)).body])));
}

describe('user B can neither read nor change user A’s items, on every route', () => {
  it('covers every protected route of the route table', () => {
    const protectedKeys = routes.filter((route) => !('public' in route)).map((route) => route.key);
    expect(Object.keys(attempts).sort()).toEqual([...protectedKeys].sort());
  });

  it('keeps Alice’s data as it was and shows Bob only his own', async () => {
    const alice = await user();
    const bob = await user();
    const created = async (path: string, body: unknown) => (await alice.post(path, body)).body.id as string;
    const ids: Ids = {
      goal: await created('/api/goals', { title: 'Alice goal' }),
      task: await created('/api/tasks', { title: 'Alice task' }),
      event: await created('/api/events', { title: 'Alice event', start_time: daysFromNow(1, 10), end_time: daysFromNow(1, 11) }),
      tag: await created('/api/tags', { name: 'alice-tag' }),
      trashedGoal: await created('/api/goals', { title: 'Trashed goal' }),
      trashedTask: await created('/api/tasks', { title: 'Trashed task' }),
      trashedEvent: await created('/api/events', { title: 'Trashed event', start_time: daysFromNow(2, 10), end_time: daysFromNow(2, 11) }),
      toolCall: await created('/api/voice/tool-calls', { tool_call_id: 'alice-call', conversation_id: 'c', tool_name: 'listTasks', parameters: {} }),
      changeSet: changeSetIdOf(alice.id, 'c', 0),
      voiceSession: (await startVoiceSession(alice.id, 'agent_1', new Date())).id,
      notice: await aliceNotice(alice.id),
      browser: (await saveSubscription(
        alice.id,
        { endpoint: 'https://fcm.googleapis.com/fcm/send/alice', keys: { p256dh: 'BAlice', auth: 'alice' }, label: 'Alice phone' },
        new Date(),
      ))!.id,
      accessToken: (await alice.post('/api/access-tokens', { name: 'Alice script', scope: 'read', expires_in_days: 7 })).body.access_token.id,
      webhook: (await alice.post('/api/webhooks', { url: 'https://93.184.216.34/alice', events: ['reminder.due'] })).body.webhook.id,
      dataExport: (await alice.post('/api/exports')).body.id,
      dataImport: (await alice.raw('POST', '/api/imports?name=alice.csv', tickTickCsv([{ 'List Name': 'Alice list', Title: 'Alice import', taskId: 'a' }])))
        .body.id,
    };
    await alice.delete(`/api/goals/${ids.trashedGoal}`);
    await alice.delete(`/api/tasks/${ids.trashedTask}`);
    await alice.delete(`/api/events/${ids.trashedEvent}`);
    await alice.put('/api/settings', { full_name: 'Alice', preferred_timezone: 'Europe/Paris' });
    await alice.post('/api/calendar-feed');
    await world.settle();
    const aliceBefore = await everythingOf(alice);

    for (const [key, attempt] of Object.entries(attempts)) {
      const answer = await attempt(bob, ids);
      const text = JSON.stringify(answer.body ?? '');
      expect(text.includes('Alice'), `${key} showed Alice's data: ${text}`).toBe(false);
      for (const id of Object.values(ids)) expect(text.includes(id), `${key} echoed an id of Alice's`).toBe(false);
      if (key.includes('{id}')) expect(answer.status, key).toBe(404);
    }
    await world.settle();

    expect(await everythingOf(alice)).toEqual(aliceBefore);
    const { Item: session } = await db().send(
      new GetCommand({ TableName: tableName(), Key: { PK: `USER#${alice.id}`, SK: `VOICESESSION#${ids.voiceSession}` } }),
    );
    expect(session).toMatchObject({ duration: 0 });
    const bobSees = await everythingOf(bob);
    expect(bobSees.goals.items.map((goal: { title: string }) => goal.title)).toEqual(['Bob goal']);
    expect(bobSees.tasks.items).toEqual([]);
    expect(bobSees.settings).toMatchObject({ user_id: bob.id, lang: 'de' });
  });

  it('finds none of Alice’s items by their version or her Idempotency-Keys', async () => {
    const alice = await user();
    const bob = await user();
    const made = await call('POST', '/api/tasks', { token: alice.token, body: { title: 'Alice task' }, headers: { 'idempotency-key': 'alice-key' } });
    const patched = await call('PATCH', `/api/tasks/${made.body.id}`, { token: bob.token, body: { title: 'hijacked' }, headers: { 'if-match': '1' } });
    expect(patched.status).toBe(404);
    expect(JSON.stringify(patched.body)).not.toContain('Alice');

    const bobs = await call('POST', '/api/tasks', { token: bob.token, body: { title: 'Alice task' }, headers: { 'idempotency-key': 'alice-key' } });
    expect(bobs.status).toBe(201);
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
    expect(bobs.body).toMatchObject({ user_id: bob.id, version: 1 });
    expect(bobs.body.id).not.toBe(made.body.id);
    expect((await alice.get('/api/tasks')).body.items).toEqual([made.body]);
  });
});
