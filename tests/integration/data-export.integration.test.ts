import { randomUUID } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { dataExportPartPrefix, userKey } from '../../functions/data/keys';
import { queryItems } from '../../functions/platform/dynamo';
import { startExport } from '../../functions/exports/repository';
import { keepNotice, noticeIdOf } from '../../functions/reminders/notices.repository';
import { ACCESS_TOKEN_MESSAGES } from '../../shared/access-tokens';
import { DATA_EXPORT_FILES, DATA_EXPORT_LIMITS, DATA_EXPORT_MESSAGES } from '../../shared/data-export';
import { DataExportSchema, type DataExportEntry } from '../../shared/data-export.schema';
import { useVirtualClock } from '../support/clock';
import { daysFromNow, integrationHarness, type TestUser } from '../support/harness';

const { world, call, user } = integrationHarness();

const DAY_MS = 86_400_000;

let restoreClock: (() => void) | undefined;
afterEach(() => {
  restoreClock?.();
  restoreClock = undefined;
});

/** One of every kind of thing a person keeps, through the API as the person makes them. */
async function accountWithEverything(owner: TestUser) {
  const made = async (path: string, body: unknown) => {
    const answer = await owner.post(path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: string };
  };
  const tag = await made('/api/tags', { name: 'Home', color: '#22c55e' });
  const goal = await made('/api/goals', { title: 'Run a marathon', type: 'long_term', tags: ['Home'] });
  const task = await made('/api/tasks', {
    title: '=Buy shoes, "fast"',
    description: 'Line one\nline two',
    priority: 'high',
    due_date: daysFromNow(3, 9),
    goal_id: goal.id,
    tags: ['Home'],
    reminders: [30],
    estimate_minutes: 45,
    recurrence: { rule: 'FREQ=DAILY;INTERVAL=2', time_zone: 'Europe/Berlin' },
  });
  const plain = await made('/api/tasks', { title: 'Call the club' });
  const series = await made('/api/events', {
    title: 'Training',
    start_time: daysFromNow(1, 7),
    end_time: daysFromNow(1, 8),
    recurrence: { rule: 'FREQ=DAILY;COUNT=10', time_zone: 'Europe/Berlin', exceptions: [daysFromNow(2, 7)] },
    reminders: [10],
  });
  const allDay = await made('/api/events', { title: 'Race day', start_time: daysFromNow(20, 0), end_time: daysFromNow(20, 0), all_day: true });
  const trashedGoal = await made('/api/goals', { title: 'Old goal' });
  const trashedTask = await made('/api/tasks', { title: 'Old task' });
  const trashedEvent = await made('/api/events', { title: 'Old event', start_time: daysFromNow(4, 10), end_time: daysFromNow(4, 11) });
  for (const [kind, { id }] of [
    ['goals', trashedGoal],
    ['tasks', trashedTask],
    ['events', trashedEvent],
  ] as const) {
    expect((await owner.delete(`/api/${kind}/${id}`)).status).toBe(204);
  }
  expect((await owner.put('/api/settings', { lang: 'de', preferred_timezone: 'Europe/Berlin', task_reminders: [60] })).status).toBe(200);
  const plan = await made('/api/planning/plans', { scope: 'week' });
  const at = daysFromNow(1, 6);
  const notice = noticeIdOf(at, `r-${'b'.repeat(43)}`);
  await keepNotice(
    owner.id,
    {
      id: notice,
      kind: 'events',
      item_id: series.id,
      title: 'Training',
      item_time: at,
      occurrence: at,
      all_day: false,
      offset: 10,
      shown_at: new Date().toISOString(),
    },
    true,
  );
  await world.settle();
  return { tag, goal, task, plain, series, allDay, trashedGoal, trashedTask, trashedEvent, plan, notice };
}

async function requestExport(owner: TestUser): Promise<DataExportEntry> {
  const started = await owner.post('/api/exports');
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body).toMatchObject({ status: 'building', failure: null, ready_at: null, size_bytes: null });
  return started.body;
}

/** The export made in the background (the bus's consumer), as Settings lists it. */
async function madeExport(owner: TestUser): Promise<DataExportEntry> {
  await requestExport(owner);
  await world.settle();
  const listed = await owner.get('/api/exports');
  expect(listed.status).toBe(200);
  expect(listed.body.items).toHaveLength(1);
  return listed.body.items[0];
}

/** The file as the browser gets it: bytes, not JSON (the harness's `call` reads JSON). */
async function download(owner: Pick<TestUser, 'token'>, id: string) {
  const answer = await world.adapter({
    method: 'GET',
    url: `/api/exports/${id}/file`,
    headers: { authorization: `Bearer ${owner.token}` },
    body: Buffer.alloc(0),
  });
  return { ...answer, json: answer.body ? JSON.parse(answer.body) : undefined };
}

const partsOf = async (userId: string, exportId: string) => {
  const parts: unknown[] = [];
  const query = {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': dataExportPartPrefix(exportId) },
  };
  for await (const part of queryItems(query)) parts.push(part);
  return parts;
};

describe('Export my data', () => {
  it('zips everything the person has: JSON our import reads, the events as iCalendar, the tasks as CSV', async () => {
    const alice = await user();
    const made = await accountWithEverything(alice);

    const entry = await madeExport(alice);
    expect(entry).toMatchObject({ status: 'ready', failure: null });
    expect(Date.parse(entry.expires_at) - Date.parse(entry.created_at)).toBe(DATA_EXPORT_LIMITS.keptDays * DAY_MS);
    const file = await download(alice, entry.id);
    expect(file.status).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="tempo-export-${entry.created_at.slice(0, 10)}.zip"`,
    });
    expect(file.bytes!.length).toBe(entry.size_bytes);

    const zip = unzipSync(new Uint8Array(file.bytes!));
    expect(Object.keys(zip).sort()).toEqual(Object.values(DATA_EXPORT_FILES).sort());

    const data = DataExportSchema.parse(JSON.parse(strFromU8(zip[DATA_EXPORT_FILES.json]!)));
    // Each as the API answers it.
    const listed = async (kind: string) => (await alice.get(`/api/${kind}`)).body.items;
    expect(data.goals).toEqual(await listed('goals'));
    expect(data.tasks).toEqual(await listed('tasks'));
    expect(data.events).toEqual(await listed('events'));
    expect(data.tags).toEqual(await listed('tags'));
    expect(data.settings).toEqual((await alice.get('/api/settings')).body);
    expect(data.reminders).toEqual((await alice.get('/api/reminders')).body.items);
    expect(data.reminders.map((notice) => notice.id)).toEqual([made.notice]);
    expect(data.change_sets.map((set) => set.id)).toEqual([made.plan.id]);
    expect(data.tasks.find((task) => task.id === made.task.id)).toMatchObject({ goal_id: made.goal.id, tags: ['Home'], reminders: [30], estimate_minutes: 45 });
    expect(data.events.find((event) => event.id === made.series.id)?.recurrence).toEqual({
      rule: 'FREQ=DAILY;COUNT=10',
      time_zone: 'Europe/Berlin',
      exceptions: [daysFromNow(2, 7)],
    });
    expect(data.trash.map(({ kind, item }) => [kind, item.id, Boolean(item.deleted_at)]).sort()).toEqual(
      [
        ['events', made.trashedEvent.id, true],
        ['goals', made.trashedGoal.id, true],
        ['tasks', made.trashedTask.id, true],
      ].sort(),
    );

    const calendar = new ICAL.Component(ICAL.parse(strFromU8(zip[DATA_EXPORT_FILES.calendar]!)));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events.map((event) => event.summary).sort()).toEqual(['Race day', 'Training']);
    const training = events.find((event) => event.summary === 'Training')!;
    expect(training.isRecurring()).toBe(true);
    expect(String(training.component.getFirstPropertyValue('rrule'))).toContain('FREQ=DAILY;COUNT=10');
    expect(training.component.getAllProperties('exdate')).toHaveLength(1);

    const rows = parseCsv(strFromU8(zip[DATA_EXPORT_FILES.tasks]!), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows.map((row) => row.id).sort()).toEqual([made.task.id, made.plain.id].sort());
    const shoes = rows.find((row) => row.id === made.task.id)!;
    // A cell a spreadsheet would run as a formula starts with a quote.
    expect(shoes).toMatchObject({ title: `'=Buy shoes, "fast"`, description: 'Line one\nline two', priority: 'high', goal: 'Run a marathon', tags: 'Home' });
    expect(shoes).toMatchObject({ repeats: 'FREQ=DAILY;INTERVAL=2', time_zone: 'Europe/Berlin', reminders: '30', estimate_minutes: '45' });
  });

  it('is its owner’s only: another person, and an access token, cannot reach it', async () => {
    const alice = await user();
    await alice.post('/api/tasks', { title: 'Secret task' });
    const entry = await madeExport(alice);
    const bob = await user();

    expect((await bob.get('/api/exports')).body.items).toEqual([]);
    const stolen = await download(bob, entry.id);
    expect([stolen.status, stolen.json.error.message, stolen.bytes]).toEqual([404, DATA_EXPORT_MESSAGES.notReady, undefined]);
    expect((await download(bob, randomUUID())).status).toBe(404);

    const token = (await alice.post('/api/access-tokens', { name: 'Script', scope: 'write', expires_in_days: 30 })).body.token as string;
    for (const [method, url] of [
      ['GET', '/api/exports'],
      ['POST', '/api/exports'],
      ['GET', `/api/exports/${entry.id}/file`],
    ] as const) {
      const refused = await call(method, url, { token });
      expect([refused.status, refused.body.error.message]).toEqual([403, ACCESS_TOKEN_MESSAGES.notAllowed]);
    }
    expect((await download(alice, entry.id)).status).toBe(200);
  });

  it('expires after its days, and a new export replaces the previous one and its file', async () => {
    const alice = await user();
    await alice.post('/api/tasks', { title: 'A task' });
    const first = await madeExport(alice);
    expect(await partsOf(alice.id, first.id)).not.toHaveLength(0);

    const second = await madeExport(alice);
    expect(second.id).not.toBe(first.id);
    expect(await partsOf(alice.id, first.id)).toHaveLength(0);
    expect((await download(alice, first.id)).status).toBe(404);
    expect((await download(alice, second.id)).status).toBe(200);

    const clock = useVirtualClock();
    restoreClock = clock.restore;
    clock.advance(DATA_EXPORT_LIMITS.keptDays * DAY_MS - 60_000);
    expect((await download(alice, second.id)).status).toBe(200);
    clock.advance(60_000);
    expect((await alice.get('/api/exports')).body.items).toEqual([]);
    expect((await download(alice, second.id)).status).toBe(404);
    // The table lets it go by its TTL too.
    const [part] = (await partsOf(alice.id, second.id)) as Array<{ ttl: number }>;
    expect(part!.ttl).toBe(Math.floor(Date.parse(second.expires_at) / 1000));
  });

  it('makes one at a time, takes one stuck past any build’s time as failed, and one the bus refused as failed at once', async () => {
    const alice = await user();
    const clock = useVirtualClock();
    restoreClock = clock.restore;
    // One being made, as a request leaves it before the bus's consumer has run.
    const createdAt = new Date(clock.now()).toISOString();
    const building = { id: randomUUID(), status: 'building', failure: null, created_at: createdAt, ready_at: null, size_bytes: null } as const;
    expect(await startExport(alice.id, { ...building, expires_at: new Date(clock.now() + DAY_MS).toISOString() }, createdAt)).toBe(true);
    const refused = await alice.post('/api/exports');
    expect([refused.status, refused.body.error.message]).toEqual([409, DATA_EXPORT_MESSAGES.busy]);

    clock.advance(DATA_EXPORT_LIMITS.buildMinutes * 60_000 + 1_000);
    expect((await alice.get('/api/exports')).body.items).toEqual([expect.objectContaining({ id: building.id, status: 'failed', failure: 'failed' })]);

    world.bus.refuseNext(1);
    expect((await alice.post('/api/exports')).status).toBe(500);
    expect((await alice.get('/api/exports')).body.items).toEqual([expect.objectContaining({ status: 'failed', failure: 'failed' })]);
    expect((await madeExport(alice)).status).toBe('ready');
  });
});
