import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { idempotentRequestKey, itemKey, userKey } from '../../functions/data/keys';
import { db, tableName } from '../../functions/platform/dynamo';
import { IDEMPOTENCY_WINDOW_HOURS } from '../../shared/constants';
import { API_ERRORS, MESSAGES } from '../../shared/messages';
import { useVirtualClock } from '../support/clock';
import { daysFromNow, integrationHarness, type TestUser } from '../support/harness';

/**
 * What an offline client relies on (issue 56): every item carries a version that a write moves on,
 * a PATCH may name the version it was made against (If-Match), a change sent with an
 * Idempotency-Key runs once however often it is sent, and a create may name its item's id.
 */

const { world, call, user } = integrationHarness();

/** A request of `who`'s with extra headers (the harness's user sends none). */
const send = (who: TestUser, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(method, url, { token: who.token, body, headers });

const versionOf = async (who: TestUser, path: string) => (await who.get(path)).body.version as number;

describe('item versions', () => {
  it('start at 1 and move on by one with every write of the item, never with a reorder', async () => {
    const alice = await user();
    const task = (await alice.post('/api/tasks', { title: 'Write' })).body;
    const other = (await alice.post('/api/tasks', { title: 'Read' })).body;
    expect(task.version).toBe(1);
    expect((await alice.get('/api/tasks')).body.items.map((item: { version: number }) => item.version)).toEqual([1, 1]);

    expect((await alice.patch(`/api/tasks/${task.id}`, { title: 'Write more' })).body.version).toBe(2);
    expect((await alice.put('/api/tasks/order', { ids: [task.id, other.id] })).status).toBe(204);
    expect(await versionOf(alice, `/api/tasks/${task.id}`)).toBe(2);
    expect(await versionOf(alice, `/api/tasks/${other.id}`)).toBe(1);

    expect((await alice.delete(`/api/tasks/${task.id}`)).status).toBe(204);
    expect((await alice.post('/api/trash/restore', { items: [{ kind: 'tasks', id: task.id }] })).body).toEqual({ restored: 1 });
    expect(await versionOf(alice, `/api/tasks/${task.id}`)).toBe(4);

    const tag = (await alice.post('/api/tags', { name: 'versioned' })).body;
    expect(tag.version).toBe(1);
    expect((await alice.patch(`/api/tags/${tag.id}`, { color: 'red' })).body.version).toBe(2);
  });

  it('move on when a purged goal lets its tasks go, and when a series is cut', async () => {
    const alice = await user();
    const goal = (await alice.post('/api/goals', { title: 'Goal' })).body;
    const task = (await alice.post('/api/tasks', { title: 'Step', goal_id: goal.id })).body;
    await alice.delete(`/api/goals/${goal.id}`);
    expect((await alice.post('/api/trash/delete', { items: [{ kind: 'goals', id: goal.id }] })).body).toEqual({ deleted: 1 });
    await world.settle();
    expect((await alice.get(`/api/tasks/${task.id}`)).body).toMatchObject({ goal_id: null, version: 2 });

    const series = (
      await alice.post('/api/events', {
        title: 'Standup',
        start_time: daysFromNow(1, 9),
        end_time: daysFromNow(1, 10),
        recurrence: { rule: 'FREQ=DAILY', time_zone: 'UTC' },
      })
    ).body;
    expect((await alice.delete(`/api/events/${series.id}/occurrences?from=${daysFromNow(3, 9)}`)).status).toBe(204);
    expect(await versionOf(alice, `/api/events/${series.id}`)).toBe(2);
  });

  it('read as 1 on an item saved before items had versions', async () => {
    const alice = await user();
    const goal = (await alice.post('/api/goals', { title: 'Old' })).body;
    await db().send(
      new UpdateCommand({ TableName: tableName(), Key: { PK: userKey(alice.id), SK: itemKey('goals', goal.id) }, UpdateExpression: 'REMOVE version' }),
    );
    expect(await versionOf(alice, `/api/goals/${goal.id}`)).toBe(1);
    expect((await send(alice, 'PATCH', `/api/goals/${goal.id}`, { title: 'Older' }, { 'if-match': '1' })).body.version).toBe(2);

    const other = (await alice.post('/api/goals', { title: 'Old too' })).body;
    await db().send(
      new UpdateCommand({ TableName: tableName(), Key: { PK: userKey(alice.id), SK: itemKey('goals', other.id) }, UpdateExpression: 'REMOVE version' }),
    );
    await alice.delete(`/api/goals/${other.id}`);
    await alice.post('/api/trash/restore', { items: [{ kind: 'goals', id: other.id }] });
    expect(await versionOf(alice, `/api/goals/${other.id}`)).toBe(3);
  });
});

describe('If-Match on an update', () => {
  it('applies the change when it names the item’s version, plain or quoted', async () => {
    const alice = await user();
    const event = (await alice.post('/api/events', { title: 'Lunch', start_time: daysFromNow(1, 12), end_time: daysFromNow(1, 13) })).body;
    const first = await send(alice, 'PATCH', `/api/events/${event.id}`, { title: 'Long lunch' }, { 'if-match': '1' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ title: 'Long lunch', version: 2 });
    const second = await send(alice, 'PATCH', `/api/events/${event.id}`, { location: 'Park' }, { 'if-match': '"2"' });
    expect(second.body).toMatchObject({ location: 'Park', version: 3 });
  });

  it('answers 412 with the item as it is now, and changes nothing, when it names another version', async () => {
    const alice = await user();
    const task = (await alice.post('/api/tasks', { title: 'Mine' })).body;
    await alice.patch(`/api/tasks/${task.id}`, { title: 'Changed elsewhere' });
    const current = (await alice.get(`/api/tasks/${task.id}`)).body;

    const stale = await send(alice, 'PATCH', `/api/tasks/${task.id}`, { title: 'Changed offline', priority: 'high' }, { 'if-match': '1' });
    expect(stale.status).toBe(412);
    expect(stale.body.error).toEqual({ code: 'version_mismatch', message: API_ERRORS.versionMismatch, message_key: 'versionMismatch', current });
    expect((await alice.get(`/api/tasks/${task.id}`)).body).toEqual(current);
  });

  it('refuses a malformed If-Match with 400, and answers 404 for an item in the trash', async () => {
    const alice = await user();
    const goal = (await alice.post('/api/goals', { title: 'Goal' })).body;
    for (const value of ['abc', 'W/"1"', '0', '1.5', '*', '"1', '99999999999999999999']) {
      const refused = await send(alice, 'PATCH', `/api/goals/${goal.id}`, { title: 'No' }, { 'if-match': value });
      expect(refused.status, value).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'validation_failed', fields: { 'If-Match': API_ERRORS.invalidIfMatch } });
    }
    expect((await alice.get(`/api/goals/${goal.id}`)).body).toMatchObject({ title: 'Goal', version: 1 });

    await alice.delete(`/api/goals/${goal.id}`);
    expect((await send(alice, 'PATCH', `/api/goals/${goal.id}`, { title: 'No' }, { 'if-match': '2' })).status).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('makes an item once however often the create is sent, and answers the first answer again', async () => {
    const alice = await user();
    const key = randomUUID();
    const first = await send(alice, 'POST', '/api/tasks', { title: 'Once' }, { 'idempotency-key': key });
    const again = await send(alice, 'POST', '/api/tasks', { title: 'Once' }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe('application/json');
    expect(again.body).toEqual(first.body);
    expect((await alice.get('/api/tasks')).body.items.map((task: { title: string }) => task.title)).toEqual(['Once']);
  });

  it('runs one of two sends at once: the other waits (409) or gets its answer', async () => {
    const alice = await user();
    const sends = await Promise.all([1, 2].map(() => send(alice, 'POST', '/api/tasks', { title: 'Twice at once' }, { 'idempotency-key': 'at-once' })));
    const ran = sends.filter((answer) => answer.status === 201 && answer.headers['idempotent-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    const [other] = sends.filter((answer) => answer !== ran[0]);
    if (other!.status === 409) expect(other!.body.error.code).toBe('idempotency_in_progress');
    else expect(other!.body).toEqual(ran[0]!.body);
    expect((await alice.get('/api/tasks')).body.items).toHaveLength(1);
  });

  it('applies an update, a move to the trash and a restore once', async () => {
    const alice = await user();
    const task = (await alice.post('/api/tasks', { title: 'Toggle' })).body;
    const complete = () => send(alice, 'PATCH', `/api/tasks/${task.id}`, { status: 'completed' }, { 'idempotency-key': 'complete-1', 'if-match': '1' });
    const done = await complete();
    // Without the key, the second send would meet version 2 and be refused (412).
    const doneAgain = await complete();
    expect(done.body).toMatchObject({ status: 'completed', version: 2 });
    expect(doneAgain.status).toBe(200);
    expect(doneAgain.body).toEqual(done.body);

    const trash = () => send(alice, 'DELETE', `/api/tasks/${task.id}`, undefined, { 'idempotency-key': 'trash-1' });
    expect((await trash()).status).toBe(204);
    const trashedAgain = await trash();
    expect(trashedAgain.status).toBe(204);
    expect(trashedAgain.headers['idempotent-replayed']).toBe('true');

    const restore = () => send(alice, 'POST', '/api/trash/restore', { items: [{ kind: 'tasks', id: task.id }] }, { 'idempotency-key': 'restore-1' });
    expect((await restore()).body).toEqual({ restored: 1 });
    expect((await restore()).body).toEqual({ restored: 1 });
    expect(await versionOf(alice, `/api/tasks/${task.id}`)).toBe(4);
  });

  it('keeps a 4xx answer of the operation, and answers it again', async () => {
    const alice = await user();
    const refused = () => send(alice, 'POST', '/api/tasks', { title: 'Late', due_date: daysFromNow(-3) }, { 'idempotency-key': 'late' });
    expect((await refused()).body.error.fields).toEqual({ due_date: MESSAGES.dueDateInPast });
    const again = await refused();
    expect(again.status).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('answers 409 while the first request with the key still runs, and runs it when that run died', async () => {
    const alice = await user();
    const task = (await alice.post('/api/tasks', { title: 'Slow' })).body;
    const rename = () => send(alice, 'PATCH', `/api/tasks/${task.id}`, { title: 'Renamed' }, { 'idempotency-key': 'slow' });
    expect((await rename()).body.version).toBe(2);
    // The record as a run still under way holds it: claimed, no answer yet.
    const clock = useVirtualClock();
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: idempotentRequestKey(alice.id, 'slow'),
          UpdateExpression: 'SET lease_until = :lease REMOVE answer',
          ExpressionAttributeValues: { ':lease': clock.now() + 30_000 },
        }),
      );
      const running = await rename();
      expect(running.status).toBe(409);
      expect(running.headers['retry-after']).toBe('1');
      expect(running.body.error).toMatchObject({ code: 'idempotency_in_progress', message: API_ERRORS.idempotencyInProgress });
      expect(await versionOf(alice, `/api/tasks/${task.id}`)).toBe(2);

      clock.advance(31_000);
      const retried = await rename();
      expect(retried.status).toBe(200);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      expect(retried.body.version).toBe(3);
      expect((await rename()).headers['idempotent-replayed']).toBe('true');
    } finally {
      clock.restore();
    }
  });

  it('refuses the key on another request with 422, and changes nothing', async () => {
    const alice = await user();
    const made = (await send(alice, 'POST', '/api/goals', { title: 'First' }, { 'idempotency-key': 'reused' })).body;
    const other = await send(alice, 'POST', '/api/goals', { title: 'Second' }, { 'idempotency-key': 'reused' });
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({ code: 'idempotency_key_reused', message: API_ERRORS.idempotencyKeyReused });
    const elsewhere = await send(alice, 'PATCH', `/api/goals/${made.id}`, { title: 'First' }, { 'idempotency-key': 'reused' });
    expect(elsewhere.status).toBe(422);
    expect((await alice.get('/api/goals')).body.items).toEqual([made]);
  });

  it('frees the key once its window ended', async () => {
    const alice = await user();
    const clock = useVirtualClock();
    try {
      await send(alice, 'POST', '/api/goals', { title: 'Monday' }, { 'idempotency-key': 'weekly' });
      clock.advance(IDEMPOTENCY_WINDOW_HOURS * 3_600_000 + 1_000);
      const later = await send(alice, 'POST', '/api/goals', { title: 'Tuesday' }, { 'idempotency-key': 'weekly' });
      expect(later.status).toBe(201);
      expect(later.body.title).toBe('Tuesday');
    } finally {
      clock.restore();
    }
  });

  it('keeps each user’s keys apart', async () => {
    const alice = await user();
    const bob = await user();
    const alices = await send(alice, 'POST', '/api/tasks', { title: 'Alice task' }, { 'idempotency-key': 'shared' });
    const bobs = await send(bob, 'POST', '/api/tasks', { title: 'Bob task' }, { 'idempotency-key': 'shared' });
    expect(bobs.status).toBe(201);
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
    expect(bobs.body).toMatchObject({ title: 'Bob task', user_id: bob.id });
    const bobsAgain = await send(bob, 'POST', '/api/tasks', { title: 'Alice task' }, { 'idempotency-key': 'shared' });
    expect(bobsAgain.status).toBe(422);
    expect(JSON.stringify(bobsAgain.body)).not.toContain(alices.body.id);
    expect((await alice.get('/api/tasks')).body.items).toEqual([alices.body]);
  });

  it('refuses a malformed key with 400 before anything runs', async () => {
    const alice = await user();
    for (const key of ['', 'x'.repeat(256), 'with space', 'zoë']) {
      const refused = await send(alice, 'POST', '/api/tasks', { title: 'No' }, { 'idempotency-key': key });
      expect(refused.status, JSON.stringify(key)).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'validation_failed', fields: { 'Idempotency-Key': API_ERRORS.invalidIdempotencyKey } });
    }
    expect((await send(alice, 'POST', '/api/tasks', { title: 'Yes' }, { 'idempotency-key': 'x'.repeat(255) })).status).toBe(201);
    expect((await alice.get('/api/tasks')).body.items.map((task: { title: string }) => task.title)).toEqual(['Yes']);
  });

  it('does not keep a 5xx answer: the client may try again', async () => {
    const alice = await user();
    const clientId = process.env.GOOGLE_CLIENT_ID;
    delete process.env.GOOGLE_CLIENT_ID;
    try {
      const connect = () => send(alice, 'POST', '/api/gcal/connect', { write: true }, { 'idempotency-key': 'connect' });
      expect((await connect()).status).toBe(503);
      const again = await connect();
      expect(again.status).toBe(503);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: idempotentRequestKey(alice.id, 'connect'), ConsistentRead: true }));
      expect(Item).toBeUndefined();
    } finally {
      if (clientId !== undefined) process.env.GOOGLE_CLIENT_ID = clientId;
    }
  });
});

describe('a create with the client’s id', () => {
  it('makes the item under that id, and refuses the id a second time, live or in the trash', async () => {
    const alice = await user();
    const id = randomUUID();
    const made = await alice.post('/api/tasks', { id, title: 'Named offline' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ id, title: 'Named offline', version: 1 });

    const twice = await alice.post('/api/tasks', { id, title: 'Named offline' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'conflict', message: API_ERRORS.idAlreadyUsed, message_key: 'idAlreadyUsed' });
    await alice.delete(`/api/tasks/${id}`);
    expect((await alice.post('/api/tasks', { id, title: 'Again' })).status).toBe(409);
    expect((await alice.get('/api/trash')).body.items).toMatchObject([{ id, title: 'Named offline' }]);

    const tagId = randomUUID();
    expect((await alice.post('/api/tags', { id: tagId, name: 'offline' })).body.id).toBe(tagId);
    expect((await alice.post('/api/tags', { id: tagId, name: 'other' })).status).toBe(409);

    const bad = await alice.post('/api/goals', { id: 'not-a-uuid', title: 'No' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('id');
  });

  it('lets another user use the same id in their own items, and shows neither the other’s item', async () => {
    const alice = await user();
    const bob = await user();
    const id = randomUUID();
    const alices = (await alice.post('/api/goals', { id, title: 'Alice goal' })).body;
    const bobs = await bob.post('/api/goals', { id, title: 'Bob goal' });
    expect(bobs.status).toBe(201);
    expect(bobs.body).toMatchObject({ id, title: 'Bob goal', user_id: bob.id, version: 1 });
    expect((await alice.get(`/api/goals/${id}`)).body).toEqual(alices);
    expect((await bob.get(`/api/goals/${id}`)).body.title).toBe('Bob goal');
    const bobsAgain = await bob.post('/api/goals', { id, title: 'Bob goal' });
    expect(bobsAgain.status).toBe(409);
    expect(JSON.stringify(bobsAgain.body)).not.toContain('Alice');
  });
});
