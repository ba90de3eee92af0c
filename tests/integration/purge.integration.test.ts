import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/dates';
import { handler as purge } from '../../functions/purge/handler';
import { handler as unlinkPurgedGoal } from '../../functions/items/unlink-purged-goal';
import { moveToTrash } from '../../functions/items/repository';
import { db, tableName } from '../../functions/platform/dynamo';
import { lambdaContext } from '../../local/lambda-context';
import { useVirtualClock } from '../support/clock';
import { daysFromNow, integrationHarness } from '../support/harness';

const { world, user } = integrationHarness();

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

describe('the trash purge', () => {
  it('deletes what was trashed more than 10 days ago, keeps the rest, and can run twice', async () => {
    const alice = await user();
    const make = async (kind: string, body: object) => (await alice.post(`/api/${kind}`, body)).body.id as string;
    const oldGoal = await make('goals', { title: 'Old goal' });
    const oldEvent = await make('events', { title: 'Old event', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) });
    const recentTask = await make('tasks', { title: 'Recent task' });
    const liveTask = await make('tasks', { title: 'Live task', goal_id: oldGoal });
    await moveToTrash(alice.id, 'goals', oldGoal, daysAgo(11));
    await moveToTrash(alice.id, 'events', oldEvent, daysAgo(10.5));
    await moveToTrash(alice.id, 'tasks', recentTask, daysAgo(9));

    const published = world.bus.published.length;
    expect((await purge()).purged).toBeGreaterThanOrEqual(2);
    const trash = (await alice.get('/api/trash')).body.items.map((entry: { id: string }) => entry.id);
    expect(trash).toEqual([recentTask]);
    const purgedEvents = world.bus.published
      .slice(published)
      .filter((event) => event['detail-type'] === 'item.purged' && (event.detail as { userId: string }).userId === alice.id);
    expect(purgedEvents.map((event) => (event.detail as { id: string }).id).sort()).toEqual([oldEvent, oldGoal].sort());

    expect((await purge()).purged).toBe(0);

    await world.settle();
    const task = await alice.get(`/api/tasks/${liveTask}`);
    expect(task.body.goal_id).toBeNull();
  });

  it('never purges an item restored in the meantime', async () => {
    const alice = await user();
    const goal = (await alice.post('/api/goals', { title: 'Back again' })).body.id;
    await moveToTrash(alice.id, 'goals', goal, daysAgo(12));
    await alice.post('/api/trash/restore', { items: [{ kind: 'goals', id: goal }] });
    await purge();
    expect((await alice.get(`/api/goals/${goal}`)).status).toBe(200);
  });

  // Last: its purge runs 10 days ahead, and leaves the checkpoint there.
  it("purges a series' occurrences deleted from one on, the series kept", async () => {
    const alice = await user();
    const recurrence = { rule: 'FREQ=DAILY', time_zone: 'Europe/Berlin' };
    const series = (await alice.post('/api/events', { title: 'Walk', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9), recurrence })).body;
    expect((await alice.delete(`/api/events/${series.id}/occurrences?from=${daysFromNow(3, 8)}`)).status).toBe(204);
    const [following] = (await alice.get('/api/trash')).body.items;
    expect(following).toMatchObject({ kind: 'events', title: 'Walk' });

    const clock = useVirtualClock();
    try {
      clock.advance(10.5 * DAY_MS);
      expect((await purge()).purged).toBeGreaterThanOrEqual(1);
    } finally {
      clock.restore();
    }
    expect((await alice.get('/api/trash')).body.items).toEqual([]);
    expect((await alice.get('/api/events')).body.items).toMatchObject([{ id: series.id }]);
  });
});

describe('a bus consumer', () => {
  it('remembers each event it handled (Powertools Idempotency): one completed record per event, kept 3 hours, and a repeat is not run', async () => {
    const alice = await user();
    const goal = (await alice.post('/api/goals', { title: 'Gone for good' })).body.id as string;
    const task = (await alice.post('/api/tasks', { title: 'Kept', goal_id: goal })).body.id as string;
    const consumer = 'items/unlink-purged-goal';
    const records = async () =>
      (
        await db().send(
          new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `IDEMPOTENCY#${consumer}` } }),
        )
      ).Items ?? [];
    const change = { userId: alice.id, entity: 'goal', id: goal, item: null, previous: null, occurredAt: new Date().toISOString(), changeId: randomUUID() };
    const event = { id: randomUUID(), 'detail-type': 'item.purged', detail: change } as unknown as EventBridgeEvent<'item.purged', unknown>;
    const before = await records();

    await unlinkPurgedGoal(event, lambdaContext(consumer));
    expect((await alice.get(`/api/tasks/${task}`)).body.goal_id).toBeNull();
    // Linked again by hand: a second run would unlink it, so it shows whether the repeat ran.
    await alice.patch(`/api/tasks/${task}`, { goal_id: goal });
    await unlinkPurgedGoal(event, lambdaContext(consumer));
    expect((await alice.get(`/api/tasks/${task}`)).body.goal_id).toBe(goal);

    const added = (await records()).filter((record) => !before.some((old) => old.SK === record.SK));
    expect(added).toMatchObject([{ status: 'COMPLETED' }]);
    expect(Number(added[0]!.ttl) - Date.now() / 1000).toBeGreaterThan(2.9 * 3600);
  });
});
