import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_LIMITS } from '../../shared/constants';
import { API_ERRORS, MESSAGES } from '../../shared/messages';
import { Outbox, OutboxFullError, type OutboxChannel, type OutboxMessage } from '../../web/src/lib/offline/outbox';
import { OutboxSender, sendWaiting, type OutboxRequest, type TransportAnswer } from '../../web/src/lib/offline/sender';
import { overlayItems } from '../../web/src/lib/offline/overlay';

/** A transport that answers from a script, and records what was sent. */
function scriptedTransport(...answers: Array<TransportAnswer | 'network down'>) {
  const sent: OutboxRequest[] = [];
  const transport = async (request: OutboxRequest): Promise<TransportAnswer> => {
    sent.push(request);
    const answer = answers.shift() ?? { status: 200, body: {} };
    if (answer === 'network down') throw new TypeError('Failed to fetch');
    return answer;
  };
  return { sent, transport };
}

const TASK = '11111111-1111-4111-8111-111111111111';
let factory: IDBFactory;
const opened: Outbox[] = [];
const open = async (user = 'user-a', channel?: OutboxChannel) => {
  const outbox = await Outbox.open(user, { factory, channel });
  opened.push(outbox);
  return outbox;
};

describe('the outbox', () => {
  beforeEach(() => void (factory = new IDBFactory()));
  afterEach(() => {
    for (const outbox of opened.splice(0)) outbox.close();
  });

  it('keeps changes in the order they were made, across a reopen (a reload)', async () => {
    const outbox = await open();
    await outbox.enqueue([{ kind: 'tasks', op: 'create', id: TASK, body: { title: 'A' } }]);
    await outbox.enqueue([{ kind: 'tasks', op: 'update', id: TASK, body: { title: 'B' } }]);
    outbox.close();
    const again = await open();
    expect(again.changes.map((change) => [change.op, change.body])).toEqual([
      ['create', { title: 'A' }],
      ['update', { title: 'B' }],
    ]);
    expect(new Set(again.changes.map((change) => change.key)).size).toBe(2);
  });

  it("never shows one account's changes to another", async () => {
    const first = await open('user-a');
    await first.enqueue([{ kind: 'tasks', op: 'trash', id: TASK }]);
    expect((await open('user-b')).changes).toEqual([]);
  });

  it('refuses a change past the bound before it is kept', async () => {
    const outbox = await open();
    const many = Array.from({ length: OFFLINE_LIMITS.maxWaitingChanges }, () => ({ kind: 'tasks' as const, op: 'trash' as const, id: TASK }));
    await outbox.enqueue(many);
    expect(outbox.full).toBe(true);
    await expect(outbox.enqueue([{ kind: 'tasks', op: 'trash', id: TASK }])).rejects.toBeInstanceOf(OutboxFullError);
    expect(outbox.changes).toHaveLength(OFFLINE_LIMITS.maxWaitingChanges);
  });

  it('sends in order, each with its own key, and the same key again after a network failure', async () => {
    const outbox = await open();
    await outbox.enqueue([
      { kind: 'tasks', op: 'create', id: TASK, body: { title: 'A' } },
      { kind: 'tasks', op: 'reorder', body: { ids: [TASK] } },
    ]);
    const { sent, transport } = scriptedTransport({ status: 201, body: { id: TASK, title: 'A', version: 1 } }, 'network down');
    expect(await sendWaiting(outbox, transport)).toBe('waiting');
    expect(outbox.changes.map((change) => change.op)).toEqual(['reorder']);
    expect(await sendWaiting(outbox, transport)).toBe('idle');
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/tasks', 'PUT /api/tasks/order', 'PUT /api/tasks/order']);
    expect(sent[0]!.body).toEqual({ title: 'A', id: TASK });
    expect(sent[1]!.idempotencyKey).toBe(sent[2]!.idempotencyKey);
    expect(sent[0]!.idempotencyKey).not.toBe(sent[1]!.idempotencyKey);
    expect(outbox.changes).toEqual([]);
  });

  it('waits, keeping the change, on 5xx, 429, 401 and a key still in progress', async () => {
    const outbox = await open();
    await outbox.enqueue([{ kind: 'tasks', op: 'trash', id: TASK }]);
    for (const answer of [
      { status: 503, body: undefined },
      { status: 429, body: undefined },
      { status: 401, body: undefined },
      { status: 409, body: { error: { code: 'idempotency_in_progress' } } },
    ]) {
      expect(await sendWaiting(outbox, scriptedTransport(answer).transport)).toBe('waiting');
      expect(outbox.changes).toHaveLength(1);
    }
  });

  it('sends an update on the version its own earlier write made', async () => {
    const outbox = await open();
    await outbox.enqueue([
      { kind: 'tasks', op: 'update', id: TASK, body: { title: 'B' }, base: { title: 'A' }, base_version: 3 },
      { kind: 'tasks', op: 'update', id: TASK, body: { title: 'C' }, base: { title: 'B' }, base_version: 3 },
    ]);
    const { sent, transport } = scriptedTransport({ status: 200, body: { id: TASK, title: 'B', version: 4 } });
    await sendWaiting(outbox, transport);
    expect(sent.map((request) => request.ifMatch)).toEqual([3, 4]);
  });

  it('does not move a later update onto a version that holds changes made elsewhere (after a merge)', async () => {
    const outbox = await open();
    await outbox.enqueue([
      { kind: 'tasks', op: 'update', id: TASK, body: { title: 'B' }, base: { title: 'A' }, base_version: 3 },
      { kind: 'tasks', op: 'update', id: TASK, body: { notes: 'Mine' }, base: { notes: 'Old' }, base_version: 3 },
    ]);
    const theirs = { id: TASK, title: 'A', notes: 'Theirs', version: 4, updated_at: '2999-01-01T00:00:00.000Z' };
    const { sent, transport } = scriptedTransport(
      { status: 412, body: { error: { code: 'version_mismatch', current: theirs } } },
      { status: 200, body: { ...theirs, title: 'B', version: 5 } },
      { status: 412, body: { error: { code: 'version_mismatch', current: { ...theirs, title: 'B', version: 5 } } } },
    );
    expect(await sendWaiting(outbox, transport)).toBe('idle');
    // The second update goes on the version it was made on, so the server's 412 has it merged: theirs is not overwritten unseen.
    expect(sent.map((request) => request.ifMatch)).toEqual([3, 4, 3]);
    expect(outbox.conflicts).toEqual([expect.objectContaining({ fields: [{ field: 'notes', mine: 'Mine', theirs: 'Theirs', applied: 'theirs' }] })]);
  });

  it('sends different items side by side, and each item in the order its changes were made', async () => {
    const outbox = await open();
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    await outbox.enqueue([
      { kind: 'tasks', op: 'create', id: first, body: { title: 'A' } },
      { kind: 'tasks', op: 'create', id: second, body: { title: 'B' } },
      { kind: 'tasks', op: 'update', id: first, body: { title: 'A2' } },
      { kind: 'tasks', op: 'reorder', body: { ids: [second, first] } },
      { kind: 'goals', op: 'create', id: TASK, body: { title: 'G' } },
      { kind: 'tasks', op: 'update', id: second, body: { goal_id: TASK } },
    ]);
    const started: string[] = [];
    let underWay = 0;
    let most = 0;
    const transport = async ({ method, path, body }: OutboxRequest): Promise<TransportAnswer> => {
      started.push(`${method} ${path} ${JSON.stringify(body)}`);
      most = Math.max(most, ++underWay);
      // Answered a few turns later, so the others can start meanwhile.
      for (let turn = 0; turn < 3; turn++) await Promise.resolve();
      underWay--;
      return { status: 200, body: {} };
    };
    expect(await sendWaiting(outbox, transport)).toBe('idle');
    expect(most).toBeGreaterThan(1);
    const at = (text: string) => started.findIndex((line) => line.includes(text));
    expect(at('"A2"')).toBeGreaterThan(at('"A"'));
    // The reorder after every earlier change of its kind, the task on the new goal after the goal is made.
    expect(at('order')).toBeGreaterThan(Math.max(at('"A2"'), at('"B"')));
    expect(at('goal_id')).toBeGreaterThan(Math.max(at('"G"'), at('order')));
    expect(outbox.changes).toEqual([]);
  });

  it('merges per field on 412 and sends what is left under a new key, keeping a true conflict', async () => {
    const outbox = await open();
    await outbox.enqueue([
      { kind: 'tasks', op: 'update', id: TASK, body: { title: 'Mine', priority: 'high' }, base: { title: 'Old', priority: 'low' }, base_version: 1 },
    ]);
    const current = { id: TASK, title: 'Theirs', priority: 'low', version: 2, updated_at: '2999-01-01T00:00:00.000Z' };
    const { sent, transport } = scriptedTransport(
      { status: 412, body: { error: { code: 'version_mismatch', current } } },
      { status: 200, body: { ...current, priority: 'high', version: 3 } },
    );
    expect(await sendWaiting(outbox, transport)).toBe('idle');
    expect(sent[1]).toMatchObject({ method: 'PATCH', body: { priority: 'high' }, ifMatch: 2 });
    expect(sent[1]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
    expect(outbox.conflicts).toEqual([
      expect.objectContaining({
        reason: 'changed_elsewhere',
        item_id: TASK,
        title: 'Theirs',
        fields: [{ field: 'title', mine: 'Mine', theirs: 'Theirs', applied: 'theirs' }],
      }),
    ]);
  });

  it('keeps a change to an item deleted meanwhile as a conflict', async () => {
    const outbox = await open();
    await outbox.enqueue([{ kind: 'tasks', op: 'update', id: TASK, body: { title: 'Mine' }, base: { title: 'Old' }, title: 'Old' }]);
    await sendWaiting(outbox, scriptedTransport({ status: 404, body: { error: { code: 'not_found' } } }).transport);
    expect(outbox.changes).toEqual([]);
    expect(outbox.conflicts).toEqual([
      expect.objectContaining({ reason: 'deleted_meanwhile', fields: [{ field: 'title', mine: 'Mine', theirs: 'Old', applied: 'theirs' }] }),
    ]);
  });

  it('drops a refused change with the later changes of the item it would have made, and says why', async () => {
    const outbox = await open();
    const heard: OutboxMessage[] = [];
    outbox.subscribe((message) => heard.push(message));
    await outbox.enqueue([
      { kind: 'tags', op: 'create', id: TASK, body: { name: 'home' } },
      { kind: 'tags', op: 'update', id: TASK, body: { color: 'red' } },
    ]);
    // A 409 on a create is "made already" only for a taken id; a taken name is a refusal.
    await sendWaiting(outbox, scriptedTransport({ status: 409, body: { error: { code: 'conflict', message: MESSAGES.tagNameTaken } } }).transport);
    expect(outbox.changes).toEqual([]);
    expect(outbox.conflicts).toEqual([expect.objectContaining({ reason: 'refused', message: MESSAGES.tagNameTaken, title: 'home' })]);
    expect(heard.some((message) => message.type === 'refused')).toBe(true);
  });

  it('takes a refusal handled by an open form without a conflict notice', async () => {
    const outbox = await open();
    await outbox.enqueue([{ kind: 'tasks', op: 'update', id: TASK, body: { due_date: '2000-01-01T00:00:00.000Z' } }]);
    await sendWaiting(outbox, scriptedTransport({ status: 400, body: { error: { code: 'validation_failed' } } }).transport, () => true);
    expect(outbox.conflicts).toEqual([]);
  });

  it('sends a reorder made on a list changed elsewhere again: my order of the live items, the new ones on top', async () => {
    const outbox = await open();
    await outbox.enqueue([{ kind: 'tasks', op: 'reorder', body: { ids: ['b', 'gone', 'a'] } }]);
    const { sent, transport } = scriptedTransport(
      { status: 409, body: { error: { code: 'conflict', message: API_ERRORS.staleWrite } } },
      { status: 200, body: { items: [{ id: 'a' }, { id: 'new' }, { id: 'b' }] } },
      { status: 204, body: undefined },
    );
    expect(await sendWaiting(outbox, transport)).toBe('idle');
    expect(sent.map(({ method, body }) => [method, body])).toEqual([
      ['PUT', { ids: ['b', 'gone', 'a'] }],
      ['GET', undefined],
      ['PUT', { ids: ['new', 'b', 'a'] }],
    ]);
    expect(sent[2]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
  });

  it('takes a create whose id is taken as made already', async () => {
    const outbox = await open();
    await outbox.enqueue([{ kind: 'tasks', op: 'create', id: TASK, body: { title: 'A' } }]);
    await sendWaiting(outbox, scriptedTransport({ status: 409, body: { error: { code: 'conflict', message: API_ERRORS.idAlreadyUsed } } }).transport);
    expect([outbox.changes, outbox.conflicts]).toEqual([[], []]);
  });

  it('without IndexedDB, sends from memory as it would from the database, and keeps nothing', async () => {
    const outbox = Outbox.inMemory('user-a');
    expect(outbox.lasting).toBe(false);
    await outbox.enqueue([
      { kind: 'tasks', op: 'create', id: TASK, body: { title: 'A' } },
      { kind: 'tasks', op: 'update', id: TASK, body: { title: 'B' } },
    ]);
    await outbox.keep('/api/tasks', [{ id: TASK }]);
    const { sent, transport } = scriptedTransport();
    expect(await sendWaiting(outbox, transport)).toBe('idle');
    expect(sent.map(({ method, body }) => [method, body])).toEqual([
      ['POST', { title: 'A', id: TASK }],
      ['PATCH', { title: 'B' }],
    ]);
    expect([outbox.changes, await outbox.kept('/api/tasks')]).toEqual([[], undefined]);
  });

  it("tells the account's other tabs, which lay the changes over their lists", async () => {
    const name = `tempo-outbox-${crypto.randomUUID()}`;
    const [here, there] = [new BroadcastChannel(name), new BroadcastChannel(name)] as unknown as OutboxChannel[];
    const first = await open('user-a', here);
    const second = await open('user-a', there);
    const heard = new Promise<void>((resolve) => second.subscribe((message) => message.type === 'changed' && resolve()));
    await first.enqueue([{ kind: 'tasks', op: 'update', id: TASK, body: { title: 'B' } }]);
    await heard;
    expect(overlayItems('tasks', [{ id: TASK, title: 'A' }], second.changes)).toEqual([expect.objectContaining({ title: 'B' })]);
  });
});

describe("a tab's sender", () => {
  beforeEach(() => {
    factory = new IDBFactory();
    // Only the sender's waits: fake-indexeddb schedules its own work on setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const outbox of opened.splice(0)) outbox.close();
  });

  it('tries again after a backoff until the change is sent, holding the lock while it sends', async () => {
    const outbox = await open();
    await outbox.enqueue([{ kind: 'tasks', op: 'trash', id: TASK }]);
    const { sent, transport } = scriptedTransport('network down', { status: 503, body: undefined }, { status: 204, body: undefined });
    const passes: string[] = [];
    const sender = new OutboxSender(outbox, {
      transport,
      exclusive: async (pass) => {
        passes.push('locked');
        await pass();
      },
      backoffMs: (attempt) => 1_000 * 2 ** attempt,
    });
    sender.kick();
    await sender.idle();
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await sender.idle();
    expect(sent).toHaveLength(2);
    // The second wait is twice the first; coming back online cuts it short.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(2);
    sender.retryNow();
    await sender.idle();
    expect(sent).toHaveLength(3);
    expect(outbox.changes).toEqual([]);
    expect(passes).toEqual(['locked', 'locked', 'locked']);
    sender.stop();
  });
});
