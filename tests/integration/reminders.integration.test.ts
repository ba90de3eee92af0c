import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../events/catalogue';
import { handler as fire } from '../../functions/reminders/fire';
import { handler as scheduleAfterChange } from '../../functions/reminders/on-item-change';
import { MAX_PUSH_SUBSCRIPTIONS, removeAllSubscriptions } from '../../functions/reminders/subscriptions.repository';
import { MESSAGES } from '../../shared/messages';
import { lambdaContext } from '../../local/lambda-context';
import { useWebPushKeys } from '../../local/environment';
import { createOutbox } from '../../local/mail/outbox';
import { startLocalSes } from '../../local/mail/ses';
import { startPushDouble, type PushDouble } from '../../local/push-double/push-double';
import { mailsTo } from '../support/outbox';
import { useVirtualClock } from '../support/clock';
import { integrationHarness, type TestUser } from '../support/harness';

const { world, user } = integrationHarness();
const clock = useVirtualClock();
let pushService: PushDouble;
const outboxDir = mkdtempSync(join(tmpdir(), 'tempo-reminder-mail-'));
let ses: Awaited<ReturnType<typeof startLocalSes>>;
beforeAll(async () => {
  ses = await startLocalSes(createOutbox(outboxDir));
  process.env.AWS_ENDPOINT_URL_SESV2 = ses.endpoint;
  process.env.APP_ORIGIN = 'https://tempo.example.com';
  // The push service's clock is the world's: web-push signs VAPID with the machine's time, not the functions' clock.
  pushService = await startPushDouble();
  process.env.PUSH_SERVICE_ORIGINS = pushService.origin;
  useWebPushKeys(join(tmpdir(), `tempo-vapid-${process.pid}.json`));
});
afterAll(async () => {
  clock.restore();
  await pushService.close();
  await ses.stop();
});

const MINUTE_MS = 60_000;
/** A whole minute `minutes` from the clock's now, as an item's times are. */
const inMinutes = (minutes: number) => new Date(Math.floor(clock.now() / MINUTE_MS) * MINUTE_MS + minutes * MINUTE_MS).toISOString();

/** The reminders' schedules of one item's, by when each is due. */
const schedulesDue = () =>
  world.scheduler
    .list()
    .filter((schedule) => schedule.target === 'reminders/fire' && schedule.dueAt !== null)
    .map((schedule) => new Date(schedule.dueAt!).toISOString());

/** Moves the clock to `at` and runs what came due, and what that changed. */
async function reach(at: string): Promise<void> {
  clock.advance(Math.max(0, Date.parse(at) - clock.now()));
  await world.scheduler.runDue();
  await world.settle();
}

async function shown(person: TestUser): Promise<Array<{ id: string; title: string; item_time: string; offset: number }>> {
  const answer = await person.get('/api/reminders');
  expect(answer.status).toBe(200);
  return answer.body.items;
}

describe('reminders', () => {
  it('an event is reminded 10 minutes before by default; a move moves its one schedule; the notice shows until dismissed', async () => {
    const alice = await user();
    const start = inMinutes(60);
    const event = (await alice.post('/api/events', { title: 'Dentist', start_time: start, end_time: inMinutes(90) })).body;
    expect(event.reminders).toBeNull();
    await world.settle();
    expect(schedulesDue()).toContain(new Date(Date.parse(start) - 10 * MINUTE_MS).toISOString());

    const moved = inMinutes(120);
    await alice.patch(`/api/events/${event.id}`, { start_time: moved, end_time: inMinutes(150), reminders: [30] });
    await world.settle();
    const due = new Date(Date.parse(moved) - 30 * MINUTE_MS).toISOString();
    expect(schedulesDue().filter((at) => at === due)).toHaveLength(1);
    expect(schedulesDue()).not.toContain(new Date(Date.parse(start) - 10 * MINUTE_MS).toISOString());

    const stampsBefore = (await alice.get('/api/changes')).body.stamps.reminders ?? 0;
    await reach(due);
    expect(await shown(alice)).toEqual([expect.objectContaining({ title: 'Dentist', item_time: moved, offset: 30 })]);
    expect((await alice.get('/api/changes')).body.stamps.reminders).toBeGreaterThan(stampsBefore);
    expect(schedulesDue()).not.toContain(due);

    const [notice] = await shown(alice);
    const bob = await user();
    expect((await bob.post(`/api/reminders/${notice!.id}/dismiss`)).status).toBe(404);
    expect((await alice.post(`/api/reminders/${notice!.id}/dismiss`)).status).toBe(204);
    expect(await shown(alice)).toEqual([]);
    expect((await alice.post(`/api/reminders/${notice!.id}/dismiss`)).status).toBe(404);
  });

  it('a snoozed notice hides, and shows again after its 10 minutes', async () => {
    const alice = await user();
    const start = inMinutes(15);
    await alice.post('/api/tasks', { title: 'Call the bank', due_date: start });
    await world.settle();
    await reach(start);
    const [notice] = await shown(alice);
    expect(notice).toMatchObject({ title: 'Call the bank', offset: 0 });
    expect((await alice.post(`/api/reminders/${notice!.id}/snooze`, { minutes: 30 })).status).toBe(400);
    expect((await alice.post(`/api/reminders/${notice!.id}/snooze`, { minutes: 10 })).status).toBe(204);
    expect(await shown(alice)).toEqual([]);
    await reach(new Date(clock.now() + 9 * MINUTE_MS).toISOString());
    expect(await shown(alice)).toEqual([]);
    await reach(new Date(clock.now() + MINUTE_MS).toISOString());
    expect(await shown(alice)).toEqual([expect.objectContaining({ id: notice!.id })]);
  });

  it('a task completed, an event moved to the trash, or reminders turned off has no schedule and shows nothing', async () => {
    const alice = await user();
    const due = inMinutes(45);
    const task = (await alice.post('/api/tasks', { title: 'Water the plants', due_date: due })).body;
    const event = (await alice.post('/api/events', { title: 'Stand-up', start_time: due, end_time: inMinutes(60) })).body;
    const quiet = (await alice.post('/api/events', { title: 'Focus time', start_time: due, end_time: inMinutes(60), reminders: [] })).body;
    expect(quiet.reminders).toEqual([]);
    await world.settle();
    const before = schedulesDue().length;
    await alice.patch(`/api/tasks/${task.id}`, { status: 'completed' });
    await alice.delete(`/api/events/${event.id}`);
    await world.settle();
    expect(schedulesDue().length).toBe(before - 2);
    await reach(due);
    expect(await shown(alice)).toEqual([]);
  });

  it('a series reminds at each occurrence, scheduling the next as each fires', async () => {
    const alice = await user();
    const start = inMinutes(20);
    await alice.post('/api/events', {
      title: 'Daily walk',
      start_time: start,
      end_time: inMinutes(50),
      reminders: [0],
      recurrence: { rule: 'FREQ=DAILY;COUNT=3', time_zone: 'UTC' },
    });
    await world.settle();
    await reach(start);
    const tomorrow = new Date(Date.parse(start) + 24 * 60 * MINUTE_MS).toISOString();
    expect(schedulesDue()).toContain(tomorrow);
    await reach(tomorrow);
    expect((await shown(alice)).map((notice) => notice.item_time)).toEqual([tomorrow, start]);
  });

  it('a change seen after its reminder came due gets the reminder at once, and a repeat of it, or one seen after the firing, delivers nothing twice', async () => {
    const alice = await user();
    const start = inMinutes(2);
    // The bus refuses the new event's item.created once: the scheduling sees it on the retry, by which
    // time the clock has passed the reminder.
    world.bus.refuseNext(1);
    const event = (await alice.post('/api/events', { title: 'Call mum', start_time: start, end_time: inMinutes(30), reminders: [0] })).body;
    clock.advance(Date.parse(start) + 30_000 - clock.now());
    await world.settle();
    expect(await shown(alice)).toEqual([expect.objectContaining({ title: 'Call mum', item_time: start, offset: 0 })]);
    expect(schedulesDue()).not.toContain(start);

    const created = world.bus.published.find(
      (published): published is BusEvent<'item.created'> =>
        published['detail-type'] === 'item.created' && (published.detail as { id?: string }).id === event.id,
    )!;
    await scheduleAfterChange(created, lambdaContext('reminders/on-item-change'));
    await world.settle();
    expect(await shown(alice)).toHaveLength(1);

    // A task whose reminder fired on time, and a change made just before it that is seen only after.
    const due = inMinutes(3);
    const task = (await alice.post('/api/tasks', { title: 'Feed the cat', due_date: due })).body;
    await world.settle();
    world.bus.refuseNext(1);
    await alice.patch(`/api/tasks/${task.id}`, { description: 'Half a tin' });
    await reach(due);
    expect((await shown(alice)).map((notice) => notice.title)).toEqual(['Feed the cat', 'Call mum']);
  });

  it('a change in the minute after a reminder’s time, before Scheduler fired it, delivers it at once, and the schedule then nothing more', async () => {
    const alice = await user();
    const start = inMinutes(5);
    const event = (await alice.post('/api/events', { title: 'Pick up Sam', start_time: start, end_time: inMinutes(20), reminders: [0] })).body;
    await world.settle();
    expect(schedulesDue()).toContain(start);
    // Scheduler invokes within a minute of a schedule's time: 20 seconds on, it has not yet.
    clock.advance(Date.parse(start) + 20_000 - clock.now());
    await alice.patch(`/api/events/${event.id}`, { description: 'At the school gate' });
    await world.settle();
    expect(await shown(alice)).toEqual([expect.objectContaining({ title: 'Pick up Sam', item_time: start })]);
    await world.scheduler.runDue();
    await world.settle();
    expect(await shown(alice)).toHaveLength(1);
  });

  it('a firing a change overtook, or one for another person’s item, does nothing', async () => {
    const alice = await user();
    const start = inMinutes(90);
    const event = (await alice.post('/api/events', { title: 'Review', start_time: start, end_time: inMinutes(100), reminders: [60] })).body;
    await world.settle();
    const stale = {
      userId: alice.id,
      kind: 'events',
      id: event.id,
      at: new Date(Date.parse(start) - 60 * MINUTE_MS).toISOString(),
      occurrence: null,
      offset: 60,
    };
    await alice.patch(`/api/events/${event.id}`, { reminders: [15] });
    await world.settle();
    clock.advance(Date.parse(stale.at) - clock.now());
    await fire(stale);
    const bob = await user();
    await fire({ ...stale, userId: bob.id });
    expect(await shown(alice)).toEqual([]);
    expect(await shown(bob)).toEqual([]);
  });

  it('refuses a reminder not in the list, more than 5, or one twice', async () => {
    const alice = await user();
    const times = { title: 'Lunch', start_time: inMinutes(120), end_time: inMinutes(150) };
    for (const reminders of [[7], [0, 5, 10, 15, 30, 60], [10, 10]]) {
      const answer = await alice.post('/api/events', { ...times, reminders });
      expect(answer.status).toBe(400);
    }
  });

  it('pushes to each browser the person turned it on in, in their language and zone, and forgets one gone from its push service', async () => {
    const alice = await user();
    await alice.put('/api/settings', { lang: 'de', preferred_timezone: 'Europe/Berlin', reminder_channels: { screen: true, push: true, mail: false } });
    const browser = pushService.subscribe();
    const subscribed = await alice.post('/api/push-subscriptions', { ...browser, label: 'Chrome on Android' });
    expect(subscribed.status).toBe(201);
    expect((await alice.get('/api/push-subscriptions')).body.items).toEqual([
      { id: subscribed.body.id, label: 'Chrome on Android', created_at: expect.any(String) },
    ]);
    const elsewhere = await alice.post('/api/push-subscriptions', { ...browser, endpoint: 'https://push.example.com/send/1', label: 'Mine' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.fields.endpoint).toBe('This browser’s push service is not one we can send to');
    const bob = await user();
    expect((await bob.delete(`/api/push-subscriptions/${subscribed.body.id}`)).status).toBe(404);
    // An id no browser can have, longer than a key may be, is not found either (it never reaches the table).
    expect((await alice.delete(`/api/push-subscriptions/${'x'.repeat(1_100)}`)).status).toBe(404);

    const start = inMinutes(30);
    const event = (await alice.post('/api/events', { title: 'Zahnarzt', start_time: start, end_time: inMinutes(60), reminders: [10] })).body;
    await world.settle();
    await reach(new Date(Date.parse(start) - 10 * MINUTE_MS).toISOString());
    const [push] = pushService.received().filter((received) => received.subscriptionId === browser.endpoint.split('/').pop());
    expect(push).toMatchObject({ urgency: 'high', ttl: 1800, topic: expect.stringMatching(/^[\w-]{32}$/) });
    const payload = JSON.parse(push!.payload);
    expect(payload).toMatchObject({ title: 'Zahnarzt', url: `/calendar?eventId=${event.id}`, actions: { open: 'Öffnen' } });
    expect(payload.body).toContain(new Intl.DateTimeFormat('de', { timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(start)));

    await fetch(`${pushService.origin}/knobs`, { method: 'POST', body: JSON.stringify({ expire: [browser.endpoint.split('/').pop()] }) });
    const next = inMinutes(45);
    await alice.post('/api/events', { title: 'Training', start_time: next, end_time: inMinutes(60), reminders: [0] });
    await world.settle();
    await reach(next);
    expect((await alice.get('/api/push-subscriptions')).body.items).toEqual([]);
  });

  it('mails a reminder once, in the person’s language, to the address they signed in with, when they chose mail', async () => {
    const alice = await user();
    const saved = await alice.put('/api/settings', { lang: 'fr', reminder_channels: { screen: false, push: false, mail: true } });
    expect(saved.body.reminder_mail_to).toBe(`${alice.id}@example.com`);
    const start = inMinutes(40);
    await alice.post('/api/tasks', { title: 'Payer le loyer', due_date: start, reminders: [15] });
    await world.settle();
    const mailed = () => mailsTo(outboxDir, `${alice.id}@example.com`);
    await reach(new Date(Date.parse(start) - 15 * MINUTE_MS).toISOString());
    expect(mailed()).toEqual([expect.objectContaining({ subject: 'Rappel : Payer le loyer' })]);
    expect(mailed()[0]!.body).toContain('https://tempo.example.com/tasks?taskId=');
    expect(await shown(alice)).toEqual([]);
  });

  it('keeps at most 20 browsers however many subscribe side by side, and forgetting them all frees every place', async () => {
    /** A browser's subscription at FCM (no message goes there in this test). */
    const browser = (person: TestUser, index: number) =>
      person.post('/api/push-subscriptions', {
        endpoint: `https://fcm.googleapis.com/fcm/send/${person.id}-${index}`,
        keys: { p256dh: 'BPublicKey', auth: 'secret' },
        label: `Browser ${index}`,
      });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: MAX_PUSH_SUBSCRIPTIONS }), fc.integer({ min: 1, max: 30 }), async (before, burst) => {
        const mallory = await user();
        for (let index = 0; index < before; index += 1) expect((await browser(mallory, index)).status).toBe(201);
        const answers = await Promise.all(Array.from({ length: burst }, (_unused, index) => browser(mallory, before + index)));
        const kept = Math.min(MAX_PUSH_SUBSCRIPTIONS, before + burst);
        expect(answers.filter((answer) => answer.status === 201)).toHaveLength(kept - before);
        for (const refused of answers.filter((answer) => answer.status !== 201)) {
          expect(refused).toMatchObject({ status: 400, body: { error: { fields: { endpoint: MESSAGES.tooManyBrowsers } } } });
        }
        expect((await mallory.get('/api/push-subscriptions')).body.items).toHaveLength(kept);
        // The same browser again replaces its record, also at the cap.
        expect((await browser(mallory, 0)).status).toBe(before > 0 || burst > 0 ? 201 : 400);

        await removeAllSubscriptions(mallory.id);
        expect((await mallory.get('/api/push-subscriptions')).body.items).toEqual([]);
        const again = await Promise.all(Array.from({ length: MAX_PUSH_SUBSCRIPTIONS + 2 }, (_unused, index) => browser(mallory, 100 + index)));
        expect(again.filter((answer) => answer.status === 201)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
      }),
      { numRuns: 3 },
    );
  });

  it('a failing push service does not fail the firing: the other browser gets it, the series’ next reminder is scheduled, nothing is retried', async () => {
    const failing = await startPushDouble();
    const origins = process.env.PUSH_SERVICE_ORIGINS;
    process.env.PUSH_SERVICE_ORIGINS = `${pushService.origin},${failing.origin}`;
    try {
      // Every message to the failing service is over its quota (429).
      await fetch(`${failing.origin}/knobs`, { method: 'POST', body: JSON.stringify({ rateLimit: { messages: 0, windowSeconds: 3600 } }) });
      const alice = await user();
      await alice.put('/api/settings', { reminder_channels: { screen: true, push: true, mail: false } });
      const working = pushService.subscribe();
      expect((await alice.post('/api/push-subscriptions', { ...failing.subscribe(), label: 'Laptop' })).status).toBe(201);
      expect((await alice.post('/api/push-subscriptions', { ...working, label: 'Phone' })).status).toBe(201);
      const start = inMinutes(25);
      const event = await alice.post('/api/events', {
        title: 'Standing call',
        start_time: start,
        end_time: inMinutes(40),
        reminders: [0],
        recurrence: { rule: 'FREQ=DAILY;COUNT=3', time_zone: 'UTC' },
      });
      await world.settle();
      await reach(start);

      const workingId = working.endpoint.split('/').pop();
      expect(pushService.received().filter((received) => received.subscriptionId === workingId)).toHaveLength(1);
      expect(await shown(alice)).toEqual([expect.objectContaining({ title: 'Standing call', item_time: start })]);
      // The next occurrence's schedule is the event's one schedule: no retry of this firing waits at the scheduler.
      const tomorrow = Date.parse(start) + 24 * 60 * MINUTE_MS;
      expect(world.scheduler.list().filter((schedule) => schedule.input.id === event.body.id)).toEqual([expect.objectContaining({ dueAt: tomorrow })]);
      // Both browsers are kept: the failing one is not gone, only down for now.
      expect((await alice.get('/api/push-subscriptions')).body.items).toHaveLength(2);
    } finally {
      process.env.PUSH_SERVICE_ORIGINS = origins;
      await failing.close();
    }
  });
});
