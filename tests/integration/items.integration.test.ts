import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/platform/dynamo';
import { calendarDay, DAY_MS } from '../../shared/dates';
import { API_ERRORS, MESSAGES } from '../../shared/messages';
import { REPEAT_LIMITS, searchWork } from '../../shared/recurrence';
import { useVirtualClock } from '../support/clock';
import { daysFromNow, integrationHarness } from '../support/harness';

const { world, user } = integrationHarness();

describe('goals', () => {
  it('creates with defaults, reads, updates and lists newest first', async () => {
    const alice = await user();
    const first = await alice.post('/api/goals', { title: '  Run a marathon  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      title: 'Run a marathon',
      description: '',
      type: 'short_term',
      status: 'active',
      target_date: null,
      tags: [],
      user_id: alice.id,
      deleted_at: null,
    });
    expect(first.body).not.toHaveProperty('position');
    const second = await alice.post('/api/goals', { title: 'Learn Spanish', type: 'long_term', tags: ['learning', 'Learning'] });
    expect(second.body.tags).toEqual(['learning']);

    const listed = await alice.get('/api/goals');
    expect(listed.body.items.map((goal: { title: string }) => goal.title)).toEqual(['Learn Spanish', 'Run a marathon']);

    const updated = await alice.patch(`/api/goals/${first.body.id}`, { status: 'completed', target_date: daysFromNow(3) });
    expect(updated.status).toBe(200);
    expect(updated.body.status).toBe('completed');
    expect(updated.body.updated_at > first.body.updated_at).toBe(true);
    expect((await alice.get(`/api/goals/${first.body.id}`)).body).toEqual(updated.body);
  });

  it('rejects a target date before today, and keeps an existing past date on other edits', async () => {
    const alice = await user();
    const past = await alice.post('/api/goals', { title: 'Late', target_date: daysFromNow(-2) });
    expect(past.status).toBe(400);
    expect(past.body.error).toEqual({
      code: 'validation_failed',
      message: MESSAGES.targetDateInPast,
      message_key: 'targetDateInPast',
      fields: { target_date: MESSAGES.targetDateInPast },
      field_keys: { target_date: 'targetDateInPast' },
    });
    const today = await alice.post('/api/goals', { title: 'Today', target_date: daysFromNow(0, 0) });
    expect(today.status).toBe(201);
  });
});

describe('tasks', () => {
  it('applies a change without If-Match made while another write came between its read and its own, on the newer version', async () => {
    const alice = await user();
    const task = (await alice.post('/api/tasks', { title: 'Call the bank' })).body;
    // The tab's "completed" lands after the script's title change has read the task, before it writes it.
    const race: { completed?: ReturnType<typeof alice.patch> } = {};
    const completeFirst = (next: (args: any) => Promise<any>) => async (args: any) => {
      if (args.input?.ConditionExpression?.startsWith('updated_at = :read') && args.input.Item?.title === 'Call the bank today') {
        race.completed ??= alice.patch(`/api/tasks/${task.id}`, { status: 'completed' });
        await race.completed;
      }
      return next(args);
    };
    db().middlewareStack.add(completeFirst, { step: 'initialize', name: 'completeDuringRename' });
    try {
      const renamed = await alice.patch(`/api/tasks/${task.id}`, { title: 'Call the bank today' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ title: 'Call the bank today', status: 'completed', version: 3 });
    } finally {
      db().middlewareStack.remove('completeDuringRename');
    }
    expect((await race.completed)?.status).toBe(200);
    expect((await alice.get(`/api/tasks/${task.id}`)).body).toMatchObject({ title: 'Call the bank today', status: 'completed' });
  });

  it('creates pending with medium priority and links only to own non-completed goals', async () => {
    const alice = await user();
    const bob = await user();
    const goal = (await alice.post('/api/goals', { title: 'Goal' })).body;
    const done = (await alice.post('/api/goals', { title: 'Done', status: 'completed' })).body;
    const bobsGoal = (await bob.post('/api/goals', { title: 'Bob goal' })).body;

    const task = await alice.post('/api/tasks', { title: 'Step one', goal_id: goal.id });
    expect(task.status).toBe(201);
    expect(task.body).toMatchObject({ status: 'pending', priority: 'medium', goal_id: goal.id, due_date: null });

    for (const goalId of [done.id, bobsGoal.id]) {
      const refused = await alice.post('/api/tasks', { title: 'Nope', goal_id: goalId });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({ goal_id: MESSAGES.goalNotLinkable });
    }
    await alice.delete(`/api/goals/${goal.id}`);
    const toTrashed = await alice.patch(`/api/tasks/${task.body.id}`, { title: 'Renamed' });
    expect(toTrashed.status).toBe(200);
  });

  it('completing a repeating task makes its next occurrence due, and the last one completes it', async () => {
    const alice = await user();
    const due = daysFromNow(2, 0);
    const weekly = { rule: 'FREQ=WEEKLY;COUNT=2', time_zone: 'UTC' };
    const undated = await alice.post('/api/tasks', { title: 'Water plants', recurrence: weekly });
    expect(undated.status).toBe(400);
    expect(undated.body.error.fields).toEqual({ recurrence: MESSAGES.repeatNeedsDueDate });

    const task = (await alice.post('/api/tasks', { title: 'Water plants', due_date: due, recurrence: weekly })).body;
    const first = await alice.patch(`/api/tasks/${task.id}`, { status: 'completed' });
    expect(first.body).toMatchObject({
      status: 'pending',
      due_date: new Date(Date.parse(due) + 7 * DAY_MS).toISOString(),
      recurrence: { ...weekly, rule: 'FREQ=WEEKLY;COUNT=1', exceptions: [] },
    });
    const last = await alice.patch(`/api/tasks/${task.id}`, { status: 'completed' });
    expect(last.body).toMatchObject({ status: 'completed', due_date: first.body.due_date });
    expect((await alice.patch(`/api/tasks/${task.id}`, { due_date: null })).body.error.fields).toEqual({ recurrence: MESSAGES.repeatNeedsDueDate });
  });

  it('judges a crafted repeat rule in bounded work: refused from its parts or after a bounded search, and a rare real one found', async () => {
    const alice = await user();
    const due = daysFromNow(2, 0);
    const times = { start_time: due, end_time: new Date(Date.parse(due) + 3_600_000).toISOString() };
    // Without reminders, so the scheduling consumer searches no occurrence while a request is measured.
    const create = (kind: 'tasks' | 'events', rule: string) =>
      alice.post(`/api/${kind}`, {
        title: 'Crafted',
        ...(kind === 'tasks' ? { due_date: due } : times),
        recurrence: { rule, time_zone: 'Europe/Berlin' },
        reminders: [],
      });
    // The periods of a rule its searches examined.
    const judged = async (kind: 'tasks' | 'events', rule: string) => {
      const work = searchWork.periods;
      const answer = await create(kind, rule);
      return { status: answer.status, fields: JSON.stringify(answer.body.error?.fields ?? null), periods: searchWork.periods - work };
    };
    const searched = REPEAT_LIMITS.firstOccurrenceYears * 12 + 1;
    for (const kind of ['tasks', 'events'] as const) {
      // Refused from the rule itself: no search at all.
      expect(await judged(kind, `FREQ=MONTHLY;BYDAY=MO;BYSETPOS=${'366,'.repeat(60)}366`)).toEqual({
        status: 400,
        fields: expect.stringContaining(MESSAGES.repeatNeverHappens),
        periods: 0,
      });
      // Refused after forty years of its months, examined without rrule.
      expect(await judged(kind, 'FREQ=MONTHLY;BYMONTHDAY=1;BYDAY=5MO')).toEqual({
        status: 400,
        fields: expect.stringContaining(MESSAGES.repeatNeverHappens),
        periods: searched,
      });
      // The fifth Friday of February: rare, but real.
      const rare = await judged(kind, 'FREQ=YEARLY;BYMONTH=2;BYDAY=5FR');
      expect(rare.status).toBe(201);
      expect(rare.periods).toBeLessThanOrEqual(3 * searched);
    }
  });

  it("answers 'Task title is required' and 'Due date cannot be in the past'", async () => {
    const alice = await user();
    const noTitle = await alice.post('/api/tasks', { title: '   ' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.message).toBe(MESSAGES.taskTitleRequired);
    const missing = await alice.post('/api/tasks', {});
    expect(missing.body.error.fields.title).toBe(MESSAGES.taskTitleRequired);
    const past = await alice.post('/api/tasks', { title: 'x', due_date: daysFromNow(-1) });
    expect(past.body.error.fields).toEqual({ due_date: MESSAGES.dueDateInPast });
  });

  it('reads "today" in the user\'s time zone', async () => {
    const alice = await user();
    await alice.put('/api/settings', { preferred_timezone: 'Pacific/Auckland' }).then((answer) => expect(answer.status).toBe(400));
    await alice.put('/api/settings', { preferred_timezone: 'Australia/Sydney' });
    // 00:30 today in Sydney (UTC+10/+11) is still the day before in UTC: today for the user.
    const [, offset = ''] =
      /GMT([+-]\d\d:\d\d)/.exec(new Intl.DateTimeFormat('en-US', { timeZone: 'Australia/Sydney', timeZoneName: 'longOffset' }).format()) ?? [];
    const earlyTodayInSydney = new Date(`${calendarDay(new Date(), 'Australia/Sydney')}T00:30:00${offset}`).toISOString();
    expect(calendarDay(earlyTodayInSydney, 'UTC') < calendarDay(earlyTodayInSydney, 'Australia/Sydney')).toBe(true);
    const answer = await alice.post('/api/tasks', { title: 'Sydney', due_date: earlyTodayInSydney });
    expect(answer.status).toBe(201);
  });
});

describe('events', () => {
  it('lists by start time and requires the end strictly after the start', async () => {
    const alice = await user();
    const later = await alice.post('/api/events', { title: 'Later', start_time: daysFromNow(2, 10), end_time: daysFromNow(2, 11) });
    const sooner = await alice.post('/api/events', { title: 'Sooner', start_time: daysFromNow(1, 10), end_time: daysFromNow(1, 11) });
    expect(later.status).toBe(201);
    expect(sooner.body).toMatchObject({ all_day: false, event_type: 'other', location: '', color: null, gcal_id: null });
    const listed = await alice.get('/api/events');
    expect(listed.body.items.map((event: { title: string }) => event.title)).toEqual(['Sooner', 'Later']);

    const same = await alice.post('/api/events', { title: 'Zero', start_time: daysFromNow(1, 10), end_time: daysFromNow(1, 10) });
    expect(same.status).toBe(400);
    expect(same.body.error.fields).toEqual({ end_time: MESSAGES.endBeforeStart });

    const allDay = await alice.post('/api/events', {
      title: 'Holiday',
      all_day: true,
      start_time: '2030-05-01T00:00:00.000Z',
      end_time: '2030-05-01T00:00:00.000Z',
    });
    expect(allDay.status).toBe(201);

    const moveEndBeforeStart = await alice.patch(`/api/events/${later.body.id}`, { end_time: daysFromNow(2, 9) });
    expect(moveEndBeforeStart.status).toBe(400);
    expect(moveEndBeforeStart.body.error.message).toBe(MESSAGES.endBeforeStart);
  });

  it('stores a series once with its rule, zone and exceptions, and refuses bad rules, changing nothing', async () => {
    const alice = await user();
    const times = { start_time: '2030-03-04T08:00:00.000Z', end_time: '2030-03-04T09:00:00.000Z' };
    const recurrence = { rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20300331', time_zone: 'Europe/Berlin' };
    const series = await alice.post('/api/events', { title: 'Standup', ...times, recurrence });
    expect(series.status).toBe(201);
    expect(series.body.recurrence).toEqual({ ...recurrence, exceptions: [] });

    const single = await alice.post('/api/events', { title: 'Once', ...times });
    expect(single.body.recurrence).toBeNull();

    const skipOne = await alice.patch(`/api/events/${series.body.id}`, { recurrence: { ...recurrence, exceptions: ['2030-03-07T08:00:00.000Z'] } });
    expect(skipOne.status).toBe(200);
    expect(skipOne.body.recurrence.exceptions).toEqual(['2030-03-07T08:00:00.000Z']);

    const refusals: Array<[unknown, Record<string, string>]> = [
      [{ ...recurrence, rule: 'FREQ=SECONDLY' }, { 'recurrence.rule': MESSAGES.repeatFrequency }],
      [{ ...recurrence, rule: 'FREQ=DAILY;COUNT=2;UNTIL=20300401' }, { 'recurrence.rule': MESSAGES.repeatEndsTwice }],
      [{ ...recurrence, time_zone: 'Nowhere/City' }, { 'recurrence.time_zone': MESSAGES.repeatTimeZone }],
      [{ ...recurrence, rule: 'FREQ=DAILY;UNTIL=20300301' }, { 'recurrence.rule': MESSAGES.repeatEndBeforeStart }],
      [{ ...recurrence, rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }, { 'recurrence.rule': MESSAGES.repeatNeverHappens }],
    ];
    for (const [bad, fields] of refusals) {
      const created = await alice.post('/api/events', { title: 'Bad', ...times, recurrence: bad });
      expect(created.status).toBe(400);
      expect(created.body.error.fields).toEqual(fields);
      const changed = await alice.patch(`/api/events/${series.body.id}`, { recurrence: bad });
      expect(changed.status).toBe(400);
    }
    const listed = await alice.get('/api/events');
    const listedSeries = listed.body.items.filter((event: { recurrence: unknown }) => event.recurrence);
    expect(listed.body.items).toHaveLength(2);
    expect(listedSeries.map((event: { title: string; recurrence: { exceptions: string[] } }) => [event.title, event.recurrence.exceptions])).toEqual([
      ['Standup', ['2030-03-07T08:00:00.000Z']],
    ]);
  });

  it('names the missing fields with the shared messages', async () => {
    const alice = await user();
    const answer = await alice.post('/api/events', {});
    expect(answer.body.error.fields).toEqual({
      title: MESSAGES.titleRequired,
      start_time: MESSAGES.startDateRequired,
      end_time: MESSAGES.endDateRequired,
    });
  });
});

describe('tags', () => {
  it('keeps names unique ignoring case, sorts by name, falls back to purple', async () => {
    const alice = await user();
    const bob = await user();
    const work = await alice.post('/api/tags', { name: 'Work', color: '#3b82f6' });
    expect(work.body.color).toBe('#3B82F6');
    const home = await alice.post('/api/tags', { name: 'home', color: 'chartreuse' });
    expect(home.body.color).toBe('#8B5CF6');
    const clash = await alice.post('/api/tags', { name: 'WORK' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe(MESSAGES.tagNameTaken);
    expect((await bob.post('/api/tags', { name: 'work' })).status).toBe(201);

    const names = (await alice.get('/api/tags')).body.items.map((tag: { name: string }) => tag.name);
    expect(names).toEqual(['home', 'Work']);

    expect((await alice.patch(`/api/tags/${home.body.id}`, { name: 'work' })).status).toBe(409);
    expect((await alice.patch(`/api/tags/${work.body.id}`, { name: 'Office' })).status).toBe(200);
    expect((await alice.post('/api/tags', { name: 'work' })).status).toBe(201);
    expect((await alice.delete(`/api/tags/${home.body.id}`)).status).toBe(204);
    expect((await alice.post('/api/tags', { name: 'Home' })).status).toBe(201);
    expect((await alice.get(`/api/tags/${home.body.id}`)).status).toBe(404);
  });

  it('takes over a name lock left behind by a failed write', async () => {
    const alice = await user();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { PK: `USER#${alice.id}`, SK: 'TAGNAME#errands', tag_id: '00000000-0000-4000-8000-000000000000' },
      }),
    );
    expect((await alice.post('/api/tags', { name: 'Errands' })).status).toBe(201);
    expect((await alice.post('/api/tags', { name: 'errands' })).status).toBe(409);
  });
});

describe('trash', () => {
  it('soft-deletes, lists newest deletion first with days remaining, restores and deletes for good', async () => {
    const alice = await user();
    const goal = (await alice.post('/api/goals', { title: 'G' })).body;
    const task = (await alice.post('/api/tasks', { title: 'T' })).body;
    const event = (await alice.post('/api/events', { title: 'E', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) })).body;

    for (const [kind, id] of [
      ['goals', goal.id],
      ['tasks', task.id],
      ['events', event.id],
    ]) {
      expect((await alice.delete(`/api/${kind}/${id}`)).status).toBe(204);
      expect((await alice.get(`/api/${kind}/${id}`)).status).toBe(404);
      expect((await alice.get(`/api/${kind}`)).body.items).toEqual([]);
      expect((await alice.delete(`/api/${kind}/${id}`)).status).toBe(404);
    }

    const trash = await alice.get('/api/trash');
    expect(trash.body.items.map((entry: { kind: string }) => entry.kind)).toEqual(['events', 'tasks', 'goals']);
    expect(trash.body.items[0]).toMatchObject({ id: event.id, title: 'E' });
    // Days left are counted in the person's calendar: 10 on the day of the deletion, 0 on the purge's.
    const deletedAt = Date.parse(trash.body.items[0].deleted_at);
    const clock = useVirtualClock();
    try {
      clock.advance(deletedAt - clock.now());
      expect((await alice.get('/api/trash')).body.items[0].days_remaining).toBe(10);
      clock.advance(10 * DAY_MS);
      expect((await alice.get('/api/trash')).body.items[0].days_remaining).toBe(0);
    } finally {
      clock.restore();
    }

    const restored = await alice.post('/api/trash/restore', {
      items: [
        { kind: 'goals', id: goal.id },
        { kind: 'tasks', id: goal.id },
      ],
    });
    expect(restored.body).toEqual({ restored: 1 });
    expect((await alice.get(`/api/goals/${goal.id}`)).body.deleted_at).toBeNull();

    const purged = await alice.post('/api/trash/delete', {
      items: [
        { kind: 'tasks', id: task.id },
        { kind: 'goals', id: goal.id },
      ],
    });
    expect(purged.body).toEqual({ deleted: 1 });
    expect((await alice.get(`/api/goals/${goal.id}`)).status).toBe(200);

    expect((await alice.post('/api/trash/empty')).body).toEqual({ deleted: 1 });
    expect((await alice.get('/api/trash')).body.items).toEqual([]);
  });
});

describe('deleting a series from one occurrence on', () => {
  const times = { start_time: '2030-03-04T08:00:00.000Z', end_time: '2030-03-04T09:00:00.000Z' };
  const recurrence = { rule: 'FREQ=DAILY;COUNT=10', time_zone: 'Europe/Berlin', exceptions: ['2030-03-09T08:00:00.000Z'] };

  it('puts those occurrences in the trash as one series of their own, which a restore brings back', async () => {
    const alice = await user();
    const series = (await alice.post('/api/events', { title: 'Standup', ...times, recurrence })).body;
    const cut = (from: string) => alice.delete(`/api/events/${series.id}/occurrences?from=${from}`);
    expect((await cut('2030-03-07T09:00:00.000Z')).status).toBe(404);
    expect((await cut('2030-03-09T08:00:00.000Z')).status).toBe(404);
    expect((await cut('7 March')).status).toBe(400);

    expect((await cut('2030-03-07T08:00:00.000Z')).status).toBe(204);
    const kept = (await alice.get('/api/events')).body.items;
    expect(kept).toMatchObject([{ id: series.id, recurrence: { rule: 'FREQ=DAILY;COUNT=3', exceptions: [] } }]);
    const trash = (await alice.get('/api/trash')).body.items;
    expect(trash).toEqual([
      expect.objectContaining({ kind: 'events', title: 'Standup', days_remaining: 10, repeats: { rule: 'FREQ=DAILY;COUNT=7', from: '2030-03-07' } }),
    ]);

    expect((await alice.post('/api/trash/restore', { items: [{ kind: 'events', id: trash[0].id }] })).body).toEqual({ restored: 1 });
    const restored = (await alice.get(`/api/events/${trash[0].id}`)).body;
    expect(restored).toMatchObject({
      title: 'Standup',
      start_time: '2030-03-07T08:00:00.000Z',
      end_time: '2030-03-07T09:00:00.000Z',
      recurrence: { ...recurrence, rule: 'FREQ=DAILY;COUNT=7' },
      gcal_id: null,
    });
    expect((await alice.get(`/api/events/${series.id}`)).body.recurrence.rule).toBe('FREQ=DAILY;COUNT=3');
  });

  it('from the first occurrence on, puts the whole series in the trash', async () => {
    const alice = await user();
    const series = (await alice.post('/api/events', { title: 'Standup', ...times, recurrence })).body;
    expect((await alice.delete(`/api/events/${series.id}/occurrences?from=${times.start_time}`)).status).toBe(204);
    expect((await alice.get('/api/events')).body.items).toEqual([]);
    expect((await alice.get('/api/trash')).body.items).toMatchObject([{ id: series.id, repeats: { rule: recurrence.rule, from: '2030-03-04' } }]);
  });
});

describe('reorder', () => {
  it('persists the order and writes only the items that moved', async () => {
    const alice = await user();
    const titles = ['a', 'b', 'c', 'd', 'e'];
    for (const title of titles) await alice.post('/api/tasks', { title });
    const listed = (await alice.get('/api/tasks')).body.items as Array<{ id: string; title: string }>;
    expect(listed.map((task) => task.title)).toEqual(['e', 'd', 'c', 'b', 'a']);

    const wanted = [listed[4]!, listed[0]!, listed[1]!, listed[2]!, listed[3]!];
    const before = world.bus.published.length;
    expect((await alice.put('/api/tasks/order', { ids: wanted.map((task) => task.id) })).status).toBe(204);
    expect((await alice.get('/api/tasks')).body.items.map((task: { title: string }) => task.title)).toEqual(['a', 'e', 'd', 'c', 'b']);
    // Only 'a' moved: one write, one change on the stream, put on the bus as its item.updated.
    expect(world.bus.published.slice(before).map((event) => [event['detail-type'], (event.detail as { id: string }).id])).toEqual([
      ['item.updated', wanted[0]!.id],
    ]);

    const added = await alice.post('/api/tasks', { title: 'new' });
    expect((await alice.get('/api/tasks')).body.items[0].id).toBe(added.body.id);

    const stale = await alice.put('/api/tasks/order', { ids: wanted.map((task) => task.id) });
    expect(stale.status).toBe(409);
  });

  it('answers 409 when an item is deleted while the new order is saved, keeping the order of the others', async () => {
    const alice = await user();
    for (const title of ['a', 'b', 'c', 'd']) await alice.post('/api/tasks', { title });
    const listed = (await alice.get('/api/tasks')).body.items as Array<{ id: string; title: string }>;
    const reversed = [...listed].reverse();
    const doomed = reversed[1]!;
    // The delete lands after the reorder has read the list, before it writes the first position.
    let deleted: Promise<unknown> | null = null;
    const deleteFirst = (next: (args: any) => Promise<any>) => async (args: any) => {
      if (/#position/.test(args.input?.UpdateExpression ?? '')) {
        deleted ??= alice.delete(`/api/tasks/${doomed.id}`);
        await deleted;
      }
      return next(args);
    };
    db().middlewareStack.add(deleteFirst, { step: 'initialize', name: 'deleteDuringReorder' });
    try {
      const answer = await alice.put('/api/tasks/order', { ids: reversed.map((task) => task.id) });
      expect([answer.status, answer.body.error.message]).toEqual([409, API_ERRORS.staleWrite]);
    } finally {
      db().middlewareStack.remove('deleteDuringReorder');
    }
    expect(deleted).not.toBeNull();
    const after = (await alice.get('/api/tasks')).body.items.map((task: { title: string }) => task.title);
    expect(after).toEqual(reversed.filter((task) => task !== doomed).map((task) => task.title));
    expect((await alice.get('/api/trash')).body.items.map((entry: { id: string }) => entry.id)).toContain(doomed.id);
  });
});

describe('domain events and change stamps', () => {
  it('puts one event per change and counts each change per kind', async () => {
    const alice = await user();
    const start = world.bus.published.length;
    const before = (await alice.get('/api/changes')).body.stamps;
    const goal = (await alice.post('/api/goals', { title: 'Evented' })).body;
    await alice.patch(`/api/goals/${goal.id}`, { title: 'Evented again' });
    await alice.delete(`/api/goals/${goal.id}`);
    await alice.post('/api/trash/restore', { items: [{ kind: 'goals', id: goal.id }] });
    await alice.delete(`/api/goals/${goal.id}`);
    await alice.post('/api/trash/delete', { items: [{ kind: 'goals', id: goal.id }] });

    const events = world.bus.published.slice(start).filter((event) => (event.detail as { userId?: string }).userId === alice.id);
    expect(events.map((event) => event['detail-type'])).toEqual([
      'item.created',
      'item.updated',
      'item.deleted',
      'item.restored',
      'item.deleted',
      'item.purged',
    ]);
    expect(events[1]!.detail).toMatchObject({ entity: 'goal', id: goal.id, item: { title: 'Evented again' }, previous: { title: 'Evented' } });
    expect(events.every((event) => event.source === 'tempo.app')).toBe(true);

    const after = (await alice.get('/api/changes')).body.stamps;
    expect(after.goals - before.goals).toBe(6);
    expect(after.tasks).toBe(before.tasks);
  });

  it('moves a user’s counter by one for each change a write made (from the stream)', async () => {
    const alice = await user();
    const task = await alice.post('/api/tasks', { title: 'Stamped' });
    const before = (await alice.get('/api/changes')).body.stamps.tasks;
    await alice.patch(`/api/tasks/${task.body.id}`, { status: 'completed' });
    expect((await alice.get('/api/changes')).body.stamps.tasks).toBe(before + 1);
    // Three tasks to the trash and emptied: three changes, each counted.
    const more = await Promise.all(['a', 'b'].map((title) => alice.post('/api/tasks', { title })));
    for (const id of [task.body.id, ...more.map((made) => made.body.id)]) await alice.delete(`/api/tasks/${id}`);
    await alice.post('/api/trash/empty');
    expect((await alice.get('/api/changes')).body.stamps.tasks).toBe(before + 1 + 2 + 3 + 3);
    // A read changes nothing.
    await alice.get('/api/tasks');
    expect((await alice.get('/api/changes')).body.stamps.tasks).toBe(before + 1 + 2 + 3 + 3);
  });
});
