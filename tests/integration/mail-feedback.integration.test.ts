import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppressionOf } from '../../functions/reminders/mail-suppressions.repository';
import { createOutbox } from '../../local/mail/outbox';
import { startLocalSes } from '../../local/mail/ses';
import { DEMO } from '../../shared/demo';
import { MAX_REMINDER_MAILS_PER_DAY } from '../../shared/reminders';
import { useVirtualClock } from '../support/clock';
import { integrationHarness } from '../support/harness';
import { mailsTo } from '../support/outbox';

const { world, call } = integrationHarness();
const clock = useVirtualClock();
const outboxDir = mkdtempSync(join(tmpdir(), 'tempo-mail-feedback-'));
let ses: Awaited<ReturnType<typeof startLocalSes>>;
beforeAll(async () => {
  ses = await startLocalSes(createOutbox(outboxDir));
  process.env.AWS_ENDPOINT_URL_SESV2 = ses.endpoint;
  process.env.APP_ORIGIN = 'https://tempo.example.com';
});
afterAll(async () => {
  clock.restore();
  await ses.stop();
});

const MINUTE_MS = 60_000;
const inMinutes = (minutes: number) => new Date(Math.floor(clock.now() / MINUTE_MS) * MINUTE_MS + minutes * MINUTE_MS).toISOString();

async function reach(at: string): Promise<void> {
  clock.advance(Math.max(0, Date.parse(at) - clock.now()));
  await world.scheduler.runDue();
  await world.settle();
}

/** A person signed in with `email`, as Cognito verified it; `as` signs in again with another address (the account's changed). */
async function person(email: string, sub: string = crypto.randomUUID()) {
  const token = await world.sign({ sub, 'cognito:username': sub, email, email_verified: true });
  const as = (method: string) => (url: string, body?: unknown) => call(method, url, { token, body });
  return { id: sub, email, get: as('GET'), post: as('POST'), put: as('PUT'), as: (other: string) => person(other, sub) };
}
type Person = Awaited<ReturnType<typeof person>>;

/** Mail on, and only mail: what reaches the person is in the outbox. */
async function mailOnly(someone: Person): Promise<void> {
  const saved = await someone.put('/api/settings', { reminder_channels: { screen: true, push: false, mail: true } });
  expect(saved.body.reminder_mail_to).toBe(someone.email);
}

/** A task due in `minutes`, reminded at its time, and the clock moved there. */
async function remindIn(someone: Person, minutes: number, title: string): Promise<void> {
  const due = inMinutes(minutes);
  expect((await someone.post('/api/tasks', { title, due_date: due, reminders: [0] })).status).toBe(201);
  await world.settle();
  await reach(due);
}

describe('reminder mail goes only where it is received, and no more than a day’s share', () => {
  it('mails nothing to a demo account’s address, which cannot receive mail, and still shows the reminder', async () => {
    const visitor = await person(`demo-${crypto.randomUUID()}@${DEMO.emailDomain}`);
    await mailOnly(visitor);
    await remindIn(visitor, 5, 'Try the demo');
    expect(mailsTo(outboxDir, visitor.email)).toEqual([]);
    expect((await visitor.get('/api/reminders')).body.items).toEqual([expect.objectContaining({ title: 'Try the demo' })]);
  });

  it('a hard bounce (SES’s simulator) stops mail to the address, Settings says why, and a new address gets mail again', async () => {
    const bouncing = await person(`bounce+${crypto.randomUUID()}@simulator.amazonses.com`);
    await mailOnly(bouncing);
    expect((await bouncing.get('/api/reminders/mail')).body).toEqual({
      address: bouncing.email,
      suppressed: null,
      sent_today: 0,
      per_day: MAX_REMINDER_MAILS_PER_DAY,
    });

    await remindIn(bouncing, 5, 'First');
    expect(mailsTo(outboxDir, bouncing.email)).toHaveLength(1);
    const status = (await bouncing.get('/api/reminders/mail')).body;
    expect(status).toMatchObject({ address: bouncing.email, suppressed: { reason: 'bounce' }, sent_today: 1 });
    expect(Math.abs(Date.parse(status.suppressed.at) - clock.now())).toBeLessThan(MINUTE_MS);

    await remindIn(bouncing, 5, 'Second');
    expect(mailsTo(outboxDir, bouncing.email)).toHaveLength(1);
    expect((await bouncing.get('/api/reminders')).body.items.map((notice: { title: string }) => notice.title)).toEqual(['Second', 'First']);

    // The account's address changed: mail turned off and on again goes to the new one; the old one stays stopped.
    const moved = await bouncing.as(`${bouncing.id}@example.com`);
    await moved.put('/api/settings', { reminder_channels: { screen: true, push: false, mail: false } });
    await mailOnly(moved);
    expect((await moved.get('/api/reminders/mail')).body).toMatchObject({ address: moved.email, suppressed: null });
    await remindIn(moved, 5, 'Third');
    expect(mailsTo(outboxDir, moved.email)).toEqual([expect.objectContaining({ subject: 'Reminder: Third' })]);
    expect(await suppressionOf(bouncing.email.toUpperCase())).toMatchObject({ reason: 'bounce' });
  });

  it('a complaint stops mail to the address too, for every account that names it', async () => {
    const address = `complaint+${crypto.randomUUID()}@simulator.amazonses.com`;
    const [first, second] = [await person(address), await person(address)];
    await mailOnly(first);
    await mailOnly(second);
    await remindIn(first, 5, 'Mine');
    await remindIn(second, 5, 'Also mine');
    expect(mailsTo(outboxDir, address).map((mail) => mail.subject)).toEqual(['Reminder: Mine']);
    expect((await second.get('/api/reminders/mail')).body.suppressed).toMatchObject({ reason: 'complaint' });
  });

  it(`mails at most ${MAX_REMINDER_MAILS_PER_DAY} reminders a day, the last saying the rest come on screen, however many fire at once`, async () => {
    const busy = await person(`${crypto.randomUUID()}@example.com`);
    await mailOnly(busy);
    // A new day, so that none of the test's reminders fall into the next.
    await reach(new Date(Math.ceil(clock.now() / (24 * 60 * MINUTE_MS)) * 24 * 60 * MINUTE_MS + 60 * MINUTE_MS).toISOString());
    const due = inMinutes(10);
    for (let index = 0; index < MAX_REMINDER_MAILS_PER_DAY + 5; index += 1) {
      expect((await busy.post('/api/tasks', { title: `Chore ${index}`, due_date: due, reminders: [0] })).status).toBe(201);
    }
    await world.settle();
    await reach(due);
    const mails = mailsTo(outboxDir, busy.email);
    expect(mails).toHaveLength(MAX_REMINDER_MAILS_PER_DAY);
    expect(mails.filter((mail) => mail.body.includes(`last of today’s ${MAX_REMINDER_MAILS_PER_DAY} reminder mails`))).toHaveLength(1);
    expect((await busy.get('/api/reminders')).body.items).toHaveLength(MAX_REMINDER_MAILS_PER_DAY + 5);
    expect((await busy.get('/api/reminders/mail')).body).toMatchObject({ sent_today: MAX_REMINDER_MAILS_PER_DAY, suppressed: null });

    // The next day, mail again.
    await reach(new Date(Date.parse(due) + 24 * 60 * MINUTE_MS).toISOString());
    await remindIn(busy, 5, 'Tomorrow’s chore');
    expect(mailsTo(outboxDir, busy.email)).toHaveLength(MAX_REMINDER_MAILS_PER_DAY + 1);
  });
});
