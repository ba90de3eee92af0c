import fc from 'fast-check';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { userKey } from '../../functions/data/keys';
import { exportAccount } from '../../functions/exports/export-account';
import { queryItems } from '../../functions/platform/dynamo';
import type { DataExport } from '../../shared/data-export.schema';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../shared/imports';
import type { ImportEntry } from '../../shared/imports.schema';
import { icsCalendar, tickTickCsv, todoistBackup, zipBomb } from '../fixtures/import/samples';
import { daysFromNow, integrationHarness, type TestUser } from '../support/harness';

const { world, user } = integrationHarness();

/** Sends a file's bytes as the browser does (not JSON: API Gateway hands them to the function in base64). */
async function upload(owner: TestUser, file: Uint8Array | string, query = 'name=backup.zip') {
  const answer = await world.adapter({
    method: 'POST',
    url: `/api/imports?${query}`,
    sourceIp: '10.58.0.1',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/octet-stream' },
    body: Buffer.from(typeof file === 'string' ? strToU8(file) : file),
  });
  return { status: answer.status, body: JSON.parse(answer.body) as ImportEntry & { error?: { message: string } } };
}

/** Confirms the preview and waits until the bus has written it all. */
async function apply(owner: TestUser, id: string): Promise<ImportEntry> {
  const confirmed = await owner.post(`/api/imports/${id}/apply`);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(202);
  await world.settle();
  return (await owner.get(`/api/imports/${id}`)).body as ImportEntry;
}

/** Every record under the person's partition, by sort key. */
async function recordsOf(userId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const record of queryItems({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': userKey(userId) } })) {
    keys.push(String(record.SK));
  }
  return keys;
}

const listOf = async (owner: TestUser, kind: string) => (await owner.get(`/api/${kind}`)).body.items as Array<Record<string, unknown>>;

describe('importing', () => {
  it('previews without writing, then writes once, however often the same file comes', async () => {
    const alice = await user();
    const backup = todoistBackup({
      Garden: [
        { TYPE: 'task', CONTENT: 'Plant tulips @outside', PRIORITY: '1', DATE: 'every friday' },
        { TYPE: 'task', CONTENT: 'Buy soil', PRIORITY: '4' },
        { TYPE: 'task', CONTENT: '', PRIORITY: '4' },
      ],
    });
    const before = await recordsOf(alice.id);

    const preview = await upload(alice, backup);
    expect(preview.status).toBe(201);
    expect(preview.body).toMatchObject({
      format: 'todoist',
      status: 'previewed',
      counts: { goals: 1, tasks: 2, events: 0, tags: 1 },
      skipped_count: 1,
      skipped: [{ file: 'Garden.csv', line: 4, reason: 'noTitle', title: '' }],
    });
    // Only the preview and its chunk: no item.
    expect((await recordsOf(alice.id)).filter((key) => !before.includes(key)).every((key) => key.startsWith('IMPORT#'))).toBe(true);
    expect(await listOf(alice, 'tasks')).toEqual([]);

    const done = await apply(alice, preview.body.id);
    expect(done).toMatchObject({ status: 'done', made: 4, existing: 0 });
    const tasks = await listOf(alice, 'tasks');
    expect(tasks.map((task) => task.title)).toEqual(['Plant tulips', 'Buy soil']);
    const [garden] = await listOf(alice, 'goals');
    expect(tasks[0]).toMatchObject({ goal_id: garden!.id, tags: ['outside'], priority: 'high', recurrence: { rule: 'FREQ=WEEKLY;BYDAY=FR' } });
    expect((await alice.post(`/api/imports/${preview.body.id}/apply`)).status).toBe(409);

    const again = await upload(alice, backup);
    expect(await apply(alice, again.body.id)).toMatchObject({ status: 'done', made: 0, existing: 4 });
    expect(await listOf(alice, 'tasks')).toHaveLength(2);
    expect(await listOf(alice, 'tags')).toHaveLength(1);
  });

  it('brings in a TickTick backup and a calendar', async () => {
    const bob = await user();
    const csv = tickTickCsv([
      {
        'List Name': 'Errands',
        Title: 'Post the parcel',
        Kind: 'TEXT',
        Tags: 'town',
        Priority: '3',
        Status: '0',
        'Due Date': '2026-12-10T09:00:00+0000',
        taskId: 't1',
      },
    ]);
    const ticktick = await upload(bob, csv, 'name=ticktick.csv&projects=tags');
    expect(ticktick.body).toMatchObject({ format: 'ticktick', projects: 'tags', counts: { goals: 0, tasks: 1, tags: 2 } });
    await apply(bob, ticktick.body.id);
    expect(await listOf(bob, 'tasks')).toMatchObject([{ title: 'Post the parcel', tags: ['Errands', 'town'], priority: 'medium' }]);

    const ics = icsCalendar([
      [
        'BEGIN:VEVENT',
        'UID:one@example.com',
        'DTSTAMP:20261201T000000Z',
        'DTSTART:20261210T090000Z',
        'DTEND:20261210T100000Z',
        'SUMMARY:Dentist',
        'END:VEVENT',
      ],
    ]);
    const calendar = await upload(bob, ics, 'name=cal.ics');
    await apply(bob, calendar.body.id);
    expect(await listOf(bob, 'events')).toMatchObject([{ title: 'Dentist', start_time: '2026-12-10T09:00:00.000Z' }]);
  });

  it('refuses a file too large, a zip bomb, one of the wrong kind or malformed, and writes nothing', async () => {
    const carol = await user();
    const before = await recordsOf(carol.id);
    const refusals = [
      [new Uint8Array(IMPORT_LIMITS.fileMaxBytes + 1), 413, IMPORT_MESSAGES.tooLarge],
      [zipBomb(IMPORT_LIMITS.unpackedMaxBytes / 1024 / 1024 + 8), 413, IMPORT_MESSAGES.zipTooLarge],
      ['just some words\n', 400, IMPORT_MESSAGES.wrongKind],
      ['TYPE,CONTENT\ntask,"never closed\n', 400, IMPORT_MESSAGES.malformed],
    ] as const;
    for (const [file, status, message] of refusals) {
      const answer = await upload(carol, file);
      expect([answer.status, answer.body.error?.message]).toEqual([status, message]);
    }
    expect(await recordsOf(carol.id)).toEqual(before);
  });

  it("keeps a person's import from anyone else, and from an access token", async () => {
    const [dave, erin] = [await user(), await user()];
    const preview = await upload(dave, tickTickCsv([{ 'List Name': 'L', Title: 'Mine', Kind: 'TEXT', Priority: '0', Status: '0', taskId: 'x' }]));
    expect((await erin.get(`/api/imports/${preview.body.id}`)).status).toBe(404);
    expect((await erin.post(`/api/imports/${preview.body.id}/apply`)).status).toBe(404);
    expect(await listOf(erin, 'tasks')).toEqual([]);
    expect((await dave.get(`/api/imports/${preview.body.id}`)).body).toMatchObject({ status: 'previewed' });

    const made = await dave.post('/api/access-tokens', { name: 'Script', scope: 'write', expires_in_days: 7 });
    const token = (made.body as { token: string }).token;
    const byToken = await world.adapter({
      method: 'POST',
      url: `/api/imports/${preview.body.id}/apply`,
      sourceIp: '10.58.0.2',
      headers: { authorization: `Bearer ${token}` },
      body: Buffer.alloc(0),
    });
    expect(byToken.status).toBe(403);
  });
});

/**
 * What the round trip keeps: everything of the person's items but what names the account or the
 * moment of writing (ids, user_id, created_at, updated_at, version, a Google link), links compared by
 * what they link to, and the parts an import does not make again (settings, reminders on screen,
 * change sets: shared/data-export.schema.ts, functions/imports/tempo.ts).
 */
const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));

function content(data: DataExport) {
  const goalTitle = new Map(
    [...data.goals, ...data.trash.filter((entry) => entry.kind === 'goals').map((entry) => entry.item)].map((goal) => [goal.id, goal.title]),
  );
  const taskTitle = new Map(
    [...data.tasks, ...data.trash.filter((entry) => entry.kind === 'tasks').map((entry) => entry.item)].map((task) => [task.id, task.title]),
  );
  const own = <T extends Record<string, unknown>>({
    id: _id,
    user_id: _user,
    created_at: _created,
    updated_at: _updated,
    version: _version,
    gcal_id: _gcal,
    ...rest
  }: T) => ({
    ...rest,
    ...('goal_id' in rest ? { goal_id: rest.goal_id ? goalTitle.get(String(rest.goal_id)) : null } : {}),
    ...('task_id' in rest ? { task_id: rest.task_id ? taskTitle.get(String(rest.task_id)) : null } : {}),
  });
  return {
    goals: data.goals.map(own),
    tasks: data.tasks.map(own),
    // Events by start and the trash by deletion: ties in no order of the person's.
    events: data.events.map(own).sort(byJson),
    tags: data.tags.map(own),
    trash: data.trash.map(({ kind, item }) => ({ kind, item: own(item) })).sort(byJson),
  };
}

describe('the round trip', () => {
  const title = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => /^\S(?:.*\S)?$/.test(text) && !/\p{Cc}/u.test(text));
  const account = fc.record({
    tags: fc.uniqueArray(fc.constantFrom('Home', 'Work', 'Health', 'Later'), { maxLength: 3 }),
    goals: fc.array(fc.record({ title, type: fc.constantFrom('short_term', 'long_term') }), { minLength: 1, maxLength: 2 }),
    tasks: fc.array(
      fc.record({
        title,
        priority: fc.constantFrom('low', 'medium', 'high'),
        status: fc.constantFrom('pending', 'completed'),
        dueIn: fc.option(fc.integer({ min: 1, max: 30 })),
        daily: fc.boolean(),
        ofGoal: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    events: fc.array(fc.record({ title, startIn: fc.integer({ min: 1, max: 30 }), allDay: fc.boolean(), trashed: fc.boolean() }), {
      minLength: 1,
      maxLength: 2,
    }),
  });

  it('exports an account, imports it into a new one, and exports the same again', async () => {
    await fc.assert(
      fc.asyncProperty(account, async (generated) => {
        const [from, into] = [await user(), await user()];
        const made = async (path: string, body: unknown) => {
          const answer = await from.post(path, body);
          expect(answer.status, JSON.stringify(answer.body)).toBe(201);
          return answer.body as { id: string };
        };
        for (const name of generated.tags) await made('/api/tags', { name });
        const goals = [];
        for (const goal of generated.goals) goals.push(await made('/api/goals', { ...goal, tags: generated.tags.slice(0, 1) }));
        for (const task of generated.tasks) {
          const due = task.dueIn === null ? null : daysFromNow(task.dueIn, 0);
          await made('/api/tasks', {
            title: task.title,
            priority: task.priority,
            status: task.status,
            due_date: due,
            goal_id: task.ofGoal && goals[0] ? goals[0].id : null,
            tags: generated.tags.slice(-1),
            recurrence: task.daily && due ? { rule: 'FREQ=DAILY', time_zone: 'Europe/Berlin' } : null,
          });
        }
        for (const event of generated.events) {
          const start = daysFromNow(event.startIn, event.allDay ? 0 : 9);
          const { id } = await made('/api/events', {
            title: event.title,
            start_time: start,
            end_time: event.allDay ? start : daysFromNow(event.startIn, 10),
            all_day: event.allDay,
          });
          if (event.trashed) expect((await from.delete(`/api/events/${id}`)).status).toBe(204);
        }
        await world.settle();

        const exported = await exportAccount(from.id);
        const preview = await upload(into, JSON.stringify(exported), 'name=tempo-export.json');
        expect(preview.status, JSON.stringify(preview.body)).toBe(201);
        expect(preview.body.skipped_count).toBe(0);
        expect(await apply(into, preview.body.id)).toMatchObject({ status: 'done' });
        expect(content(await exportAccount(into.id))).toEqual(content(exported));
      }),
      { numRuns: 4 },
    );
  });
});
