import { afterAll, describe, expect, it } from 'vitest';
import { handler as cleanUp } from '../../functions/demo/clean-up';
import { register } from '../../functions/demo/register.repository';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { USER_SK, userKey } from '../../functions/data/keys';
import { db, tableName } from '../../functions/platform/dynamo';
import { MAX_EXPECTED_REMINDERS } from '../../functions/reminders/expected.repository';
import { handler as fire } from '../../functions/reminders/fire';
import { keepNotice, noticeIdOf } from '../../functions/reminders/notices.repository';
import { MESSAGES } from '../../shared/messages';
import { MAX_SNOOZED } from '../../shared/reminders';
import { useVirtualClock } from '../support/clock';
import { integrationHarness, type TestUser } from '../support/harness';

// With a user pool: a demo account's clean-up looks its Cognito user up.
const { world, user } = integrationHarness({ userPool: true });
const clock = useVirtualClock();
afterAll(() => clock.restore());

const MINUTE_MS = 60_000;

/** The live schedules that carry this person's id (a reminder's or a snooze's). */
const schedulesOf = (person: TestUser) => world.scheduler.list().filter((schedule) => schedule.input.userId === person.id);

/** A reminder shown to the person, as a firing keeps one (functions/reminders/fire.ts). */
async function shownNotice(person: TestUser, index: number): Promise<string> {
  const at = new Date(clock.now() - index * MINUTE_MS).toISOString();
  const id = noticeIdOf(at, `r-${String(index).padStart(43, 'a')}`);
  const notice = {
    id,
    kind: 'tasks' as const,
    item_id: `task-${index}`,
    title: `Task ${index}`,
    item_time: at,
    occurrence: null,
    all_day: false,
    offset: 0 as const,
  };
  await keepNotice(person.id, { ...notice, shown_at: new Date(clock.now()).toISOString() }, true);
  return id;
}

const snooze = (person: TestUser, noticeId: string, minutes = 10) => person.post(`/api/reminders/${noticeId}/snooze`, { minutes });

describe('the schedules a person can make', () => {
  it('a snooze of a notice that is not there, or another person’s, puts no schedule', async () => {
    const [mallory, alice] = [await user(), await user()];
    const alicesNotice = await shownNotice(alice, 1);
    const missing = noticeIdOf(new Date(clock.now()).toISOString(), `r-${'m'.repeat(43)}`);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await snooze(mallory, missing)).status).toBe(404);
      expect((await snooze(mallory, alicesNotice)).status).toBe(404);
    }
    expect(schedulesOf(mallory)).toEqual([]);
    // Dismissed, it cannot be snoozed either.
    const dismissed = await shownNotice(mallory, 2);
    expect((await mallory.post(`/api/reminders/${dismissed}/dismiss`)).status).toBe(204);
    expect((await snooze(mallory, dismissed)).status).toBe(404);
    expect(schedulesOf(mallory)).toEqual([]);
  });

  it('snoozed again and again, in turn or side by side, a notice holds one schedule, due at its last snooze', async () => {
    const mallory = await user();
    const noticeId = await shownNotice(mallory, 1);
    const first = await Promise.all(Array.from({ length: 10 }, () => snooze(mallory, noticeId)));
    expect(first.map((answer) => answer.status)).toEqual(Array(10).fill(204));
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await snooze(mallory, noticeId, attempt % 2 ? 10 : 60)).status).toBe(204);
    const answers = await Promise.all(Array.from({ length: 10 }, () => snooze(mallory, noticeId, 60)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(204));
    const [schedule, ...others] = schedulesOf(mallory);
    expect(others).toEqual([]);
    expect(schedule).toMatchObject({ target: 'reminders/fire', input: { userId: mallory.id, snoozed: noticeId } });
    expect(schedule!.dueAt! - clock.now()).toBeGreaterThan(59 * MINUTE_MS);

    clock.advance(61 * MINUTE_MS);
    await world.scheduler.runDue();
    expect((await mallory.get('/api/reminders')).body.items.map((notice: { id: string }) => notice.id)).toEqual([noticeId]);
    expect(schedulesOf(mallory)).toEqual([]);
  });

  it(`holds at most ${MAX_SNOOZED} snoozes at once, sent side by side, and gives a place back as each one shows again`, async () => {
    const mallory = await user();
    const notices = await Promise.all(Array.from({ length: MAX_SNOOZED + 5 }, (_unused, index) => shownNotice(mallory, index)));
    const answers = await Promise.all(notices.map((noticeId) => snooze(mallory, noticeId)));
    expect(answers.filter((answer) => answer.status === 204)).toHaveLength(MAX_SNOOZED);
    for (const refused of answers.filter((answer) => answer.status !== 204)) {
      expect(refused).toMatchObject({ status: 409, body: { error: { message: MESSAGES.tooManySnoozed } } });
    }
    expect(schedulesOf(mallory)).toHaveLength(MAX_SNOOZED);
    // One snoozed already may be snoozed again at the cap: it moves its own schedule.
    const snoozed = notices.filter((_noticeId, index) => answers[index]!.status === 204);
    expect((await snooze(mallory, snoozed[0]!, 60)).status).toBe(204);
    expect(schedulesOf(mallory)).toHaveLength(MAX_SNOOZED);

    // The others show again after their 10 minutes (a firing retried shows nothing twice and gives nothing back twice).
    clock.advance(11 * MINUTE_MS);
    await world.scheduler.runDue();
    await fire({ userId: mallory.id, snoozed: snoozed[1]! });
    expect(schedulesOf(mallory)).toHaveLength(1);
    const waiting = notices.filter((_noticeId, index) => answers[index]!.status !== 204);
    const again = await Promise.all([...waiting, ...snoozed.slice(1)].map((noticeId) => snooze(mallory, noticeId)));
    expect(again.filter((answer) => answer.status === 204)).toHaveLength(MAX_SNOOZED - 1);
    expect(schedulesOf(mallory)).toHaveLength(MAX_SNOOZED);
  });

  it('a demo account’s clean-up leaves none of its schedules behind: its reminders’ and its snoozes’', async () => {
    const visitor = await user();
    const start = new Date(Math.ceil(clock.now() / MINUTE_MS) * MINUTE_MS + 3 * 60 * MINUTE_MS).toISOString();
    await visitor.post('/api/events', { title: 'Demo call', start_time: start, end_time: new Date(Date.parse(start) + 30 * MINUTE_MS).toISOString() });
    await visitor.post('/api/tasks', { title: 'Demo task', due_date: start, reminders: [60] });
    await world.settle();
    await snooze(visitor, await shownNotice(visitor, 1), 60);
    expect(schedulesOf(visitor)).toHaveLength(3);

    await register({ userId: visitor.id, email: `${visitor.id}@demo.tempo.invalid`, expiresAt: new Date(clock.now() + MINUTE_MS).toISOString() });
    clock.advance(2 * MINUTE_MS);
    expect(await cleanUp()).toMatchObject({ failed: 0 });
    expect(schedulesOf(visitor)).toEqual([]);
  });

  it(`holds at most ${MAX_EXPECTED_REMINDERS} items’ reminder schedules per account, made side by side, and frees a place as one goes`, async () => {
    const mallory = await user();
    // As if the account had made all but two of them already (making them one by one would take a minute).
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { PK: userKey(mallory.id), SK: USER_SK.expectedReminders, count: MAX_EXPECTED_REMINDERS - 2 } }),
    );
    const start = new Date(Math.ceil(clock.now() / MINUTE_MS) * MINUTE_MS + 2 * 60 * MINUTE_MS).toISOString();
    const end = new Date(Date.parse(start) + 30 * MINUTE_MS).toISOString();
    const events = await Promise.all(
      Array.from(
        { length: 5 },
        async (_unused, index) => (await mallory.post('/api/events', { title: `Spam ${index}`, start_time: start, end_time: end })).body,
      ),
    );
    await world.settle();
    const scheduled = () => schedulesOf(mallory).map((schedule) => schedule.input.id);
    expect(scheduled()).toHaveLength(2);

    const [gone] = scheduled();
    await mallory.delete(`/api/events/${gone as string}`);
    await world.settle();
    expect(scheduled()).toHaveLength(1);
    const waiting = events.find((event) => !scheduled().includes(event.id) && event.id !== gone)!;
    await mallory.patch(`/api/events/${waiting.id}`, { description: 'Now with a reminder' });
    await world.settle();
    expect(scheduled()).toContain(waiting.id);
    expect(scheduled()).toHaveLength(2);
  });
});
