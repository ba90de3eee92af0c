import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusEvent } from '../../events/catalogue';
import { handler as mirror, mirrorPending } from '../../functions/gcal/mirror';
import { getPending, markPending } from '../../functions/gcal/pending-mirror.repository';
import { getConnection } from '../../functions/gcal/tokens.repository';
import { handler as reconcileMirror } from '../../functions/gcal/reconcile-mirror';
import { handler as renewWatch } from '../../functions/gcal/renew-watch';
import { startAttempt } from '../../functions/gcal/oauth-state.repository';
import { getSyncState, releaseSyncLock, saveSyncState, takeSyncLock } from '../../functions/gcal/sync-state.repository';
import { openToken } from '../../functions/gcal/token-cipher';
import { db, tableName } from '../../functions/platform/dynamo';
import { getSettings, putSettings } from '../../functions/settings/repository';
import { GOOGLE_PENDING_WINDOW_MS, INITIAL_SYNC_DELAY_MS } from '../../shared/constants';
import { searchWork } from '../../shared/recurrence';
import { GCAL_MESSAGES, SYNC_FAILURE_TEXTS, syncedMessage, syncFailedMessage, type GcalConnectFailure, type MirrorChange } from '../../shared/gcal';
import { startGoogleDouble, type GoogleDouble, type GoogleEventInput } from '../../local/google-double';
import { useVirtualClock } from '../support/clock';
import { daysFromNow, integrationHarness, type ApiAnswer, type TestUser } from '../support/harness';
import { lambdaContext } from '../../local/lambda-context';

const { world, call, user } = integrationHarness();
const APP_ORIGIN = 'http://127.0.0.1:3000';
let google: GoogleDouble;
/**
 * Whether the double's notifications reach the API (nothing listens at APP_ORIGIN here): only the
 * push tests turn it on, so that the other tests' syncs are their own.
 */
let pushing = false;

// The first sync's one-second delay passes at once, on a clock of the functions' own.
const clock = useVirtualClock();

beforeAll(async () => {
  google = await startGoogleDouble({
    deliver: async (address, headers) => (pushing ? (await call('POST', new URL(address).pathname, { headers })).status : 204),
  });
  Object.assign(process.env, google.env, { TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'), APP_ORIGIN });
});

afterAll(async () => {
  await world.settle();
  await google.stop();
  clock.restore();
});

/** Each person connects their own Google account. */
const accountOf = (person: TestUser) => `${person.id}@gmail.test`;

/** Connect as a browser does it: Tempo's address, Google's page, back to the callback; then the first sync. */
async function connect(person: TestUser, { write = false } = {}) {
  google.signInAs(accountOf(person));
  const started = await person.post('/api/gcal/connect', { write });
  expect(started.status).toBe(200);
  const answer = await returnFromGoogle(started);
  await world.settle();
  return answer;
}

/** The cookie the browser keeps from Connect's answer (the attempt it started). */
const attemptCookieOf = (started: ApiAnswer) => String(started.headers['set-cookie']).split(';')[0]!;

/** Google's page, then its redirect to the callback in the browser that pressed Connect. */
async function returnFromGoogle(started: ApiAnswer) {
  return call('GET', await google.consent(started.body.url), { cookie: attemptCookieOf(started) });
}

const timed = (summary: string, startDay: number, hour = 10): GoogleEventInput => ({
  summary,
  start: { dateTime: daysFromNow(startDay, hour) },
  end: { dateTime: daysFromNow(startDay, hour + 1) },
});

async function eventsOf(person: TestUser): Promise<any[]> {
  return (await person.get('/api/events')).body.items;
}

const titles = (events: any[]) => events.map((event) => event.title).sort();
/** The titles of the events in the double's calendar of an account, sorted. */
const googleTitles = (account: string) =>
  google
    .events(account)
    .map((event) => event.summary)
    .sort();
const synced = (events: any[]) => events.filter((event) => event.gcal_id !== null);

async function sync(person: TestUser) {
  const answer = await person.post('/api/gcal/sync', {});
  await world.settle();
  return answer;
}

async function storedItem(person: TestUser, sortKey: string) {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: `USER#${person.id}`, SK: sortKey }, ConsistentRead: true }));
  return Item;
}

describe('connecting Google Calendar', () => {
  it('sends the browser to Google with the read-only scope, stores the tokens sealed and returns to the settings', async () => {
    const alice = await user();
    google.signInAs(accountOf(alice));
    const started = await alice.post('/api/gcal/connect', {});
    const consentUrl = new URL(started.body.url);
    expect(`${consentUrl.origin}${consentUrl.pathname}`).toBe(google.env.GOOGLE_OAUTH_BASE_URL);
    expect(Object.fromEntries(consentUrl.searchParams)).toMatchObject({
      client_id: google.clientId,
      redirect_uri: `${APP_ORIGIN}/api/gcal/callback`,
      scope: 'https://www.googleapis.com/auth/calendar.readonly',
      access_type: 'offline',
      prompt: 'consent',
      response_type: 'code',
    });
    expect(consentUrl.searchParams.get('state')).toMatch(/^[\w-]{43}$/);

    const back = await returnFromGoogle(started);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe(`${APP_ORIGIN}/settings?gcal=connected`);

    const item = await storedItem(alice, 'GCAL#TOKENS');
    const [issued] = google.refreshTokensOf(accountOf(alice));
    expect(JSON.stringify(item)).not.toContain(issued!.token);
    expect(openToken(String(item!.refresh_token), alice.id)).toBe(issued!.token);
    expect(() => openToken(String(item!.refresh_token), 'someone-else')).toThrow();
    expect(item).toMatchObject({ scopes: ['https://www.googleapis.com/auth/calendar.readonly'] });

    expect((await alice.get('/api/settings')).body.gcal_connected).toBe(true);
    const connected = world.bus.published.find((event) => event['detail-type'] === 'gcal.connected' && (event.detail as any).userId === alice.id);
    expect(connected?.detail).toMatchObject({ writeAccess: false });
    await world.settle();
    expect((await alice.get('/api/gcal/status')).body).toEqual({
      configured: true,
      connected: true,
      write_access: false,
      initial_sync: { status: 'succeeded', synced: 0, message: syncedMessage(0) },
      waiting: null,
    });
  });

  it('asks for write access by incremental consent, keeping what was granted', async () => {
    const alice = await user();
    await connect(alice);
    google.signInAs(accountOf(alice));
    const started = await alice.post('/api/gcal/connect', { write: true });
    const consentUrl = new URL(started.body.url);
    expect(consentUrl.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/calendar.readonly https://www.googleapis.com/auth/calendar.events');
    expect(consentUrl.searchParams.get('include_granted_scopes')).toBe('true');
    await returnFromGoogle(started);
    await world.settle();
    expect((await alice.get('/api/gcal/status')).body).toMatchObject({ connected: true, write_access: true });
  });

  it('runs the first sync about a second after the tokens are stored, and tells when it failed', async () => {
    const alice = await user();
    google.addEvent(accountOf(alice), timed('Standup', 1));
    google.signInAs(accountOf(alice));
    const started = await alice.post('/api/gcal/connect', {});
    const storedAt = clock.now();
    await returnFromGoogle(started);
    expect((await alice.get('/api/gcal/status')).body.initial_sync).toEqual({ status: 'pending', synced: null, message: null });
    await world.settle();
    expect(clock.now() - storedAt).toBeGreaterThanOrEqual(INITIAL_SYNC_DELAY_MS);
    expect((await alice.get('/api/gcal/status')).body.initial_sync).toEqual({ status: 'succeeded', synced: 1, message: syncedMessage(1) });
    expect(titles(await eventsOf(alice))).toEqual(['Standup']);

    const bob = await user();
    google.addEvent(accountOf(bob), timed('Review', 2));
    google.signInAs(accountOf(bob));
    const bobStarted = await bob.post('/api/gcal/connect', {});
    // The first listing fails (the watch channel, opened at the same time, does not).
    google.failNext(1, 500, { account: accountOf(bob), path: '/calendar/v3/calendars/primary/events' });
    await returnFromGoogle(bobStarted);
    await world.settle();
    expect(google.channels(accountOf(bob))).toHaveLength(1);
    expect((await bob.get('/api/gcal/status')).body).toMatchObject({
      connected: true,
      initial_sync: { status: 'failed', synced: null, message: GCAL_MESSAGES.initialSyncFailed },
    });
    expect(await eventsOf(bob)).toEqual([]);
    expect((await sync(bob)).body).toEqual({ synced: 1 });
  });

  it('refuses an expired, reused or unknown attempt, a declined consent and a grant without tokens', async () => {
    const alice = await user();
    const settingsWith = (reason: GcalConnectFailure) => `${APP_ORIGIN}/settings?gcal=error&reason=${reason}`;

    const stale = await startAttempt(alice.id, new Date(Date.now() - GOOGLE_PENDING_WINDOW_MS - 1_000));
    const back = (state: string, cookieState = state) =>
      call('GET', `/api/gcal/callback?state=${state}&code=anything`, { cookie: `tempo_gcal_attempt=${cookieState}` });
    expect((await back(stale)).headers.location).toBe(settingsWith('expired'));
    expect((await back('made-up')).headers.location).toBe(settingsWith('expired'));
    expect((await call('GET', '/api/gcal/callback?code=anything')).headers.location).toBe(settingsWith('expired'));

    google.signInAs(accountOf(alice));
    const started = await alice.post('/api/gcal/connect', {});
    expect(started.headers['set-cookie']).toMatch(/^tempo_gcal_attempt=[\w-]{43}; Path=\/api\/gcal\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/);
    const callback = await google.consent(started.body.url);
    const inAliceBrowser = { cookie: attemptCookieOf(started) };
    const done = await call('GET', callback, inAliceBrowser);
    expect(done.headers.location).toBe(`${APP_ORIGIN}/settings?gcal=connected`);
    expect(done.headers['set-cookie']).toMatch(/^tempo_gcal_attempt=; Path=\/api\/gcal\/callback; Max-Age=0;/);
    expect((await call('GET', callback, inAliceBrowser)).headers.location).toBe(settingsWith('expired'));

    // Alice's consent link opened in Bob's browser (a link Alice sent him): Bob's Google calendar
    // must not end up in Alice's account, and Alice's attempt stays unused.
    const mallory = await user();
    const lure = await mallory.post('/api/gcal/connect', {});
    const victimBrowser = await call('GET', await google.consent(lure.body.url), { cookie: 'tempo_gcal_attempt=another-attempt' });
    expect(victimBrowser.headers.location).toBe(settingsWith('failed'));
    expect((await call('GET', await google.consent(lure.body.url))).headers.location).toBe(settingsWith('failed'));
    expect((await mallory.get('/api/gcal/status')).body).toMatchObject({ connected: false });

    const bob = await user();
    google.signInAs(accountOf(bob));
    google.denyNextConsent();
    const declined = await returnFromGoogle(await bob.post('/api/gcal/connect', {}));
    expect(declined.headers.location).toBe(settingsWith('failed'));

    google.withholdNextRefreshToken();
    const tokenless = await returnFromGoogle(await bob.post('/api/gcal/connect', {}));
    expect(tokenless.headers.location).toBe(settingsWith('no-tokens'));

    // More failures than the library's own retries of a token request.
    google.failNext(10, 500, { target: 'token' });
    const failing = await returnFromGoogle(await bob.post('/api/gcal/connect', {}));
    google.clearFaults();
    expect(failing.headers.location).toBe(settingsWith('failed'));
    expect((await bob.get('/api/gcal/status')).body).toMatchObject({ connected: false });
    expect((await bob.get('/api/settings')).body.gcal_connected).toBe(false);
  });

  it("answers 'Google Calendar is not configured on this server' without a Google client", async () => {
    const alice = await user();
    const clientId = process.env.GOOGLE_CLIENT_ID;
    delete process.env.GOOGLE_CLIENT_ID;
    try {
      const answer = await alice.post('/api/gcal/connect', {});
      expect(answer.status).toBe(503);
      expect(answer.body.error.message).toBe(GCAL_MESSAGES.notConfigured);
      expect((await alice.get('/api/gcal/status')).body).toMatchObject({ configured: false, connected: false });
    } finally {
      process.env.GOOGLE_CLIENT_ID = clientId;
    }
  });

  it('says the first sync failed when the bus could not take the connection event, so nobody waits for it', async () => {
    const alice = await user();
    const send = EventBridgeClient.prototype.send;
    const refuseConnected = vi.spyOn(EventBridgeClient.prototype, 'send').mockImplementation(function (this: EventBridgeClient, command: any, ...rest: any[]) {
      if (command instanceof PutEventsCommand && command.input.Entries?.[0]?.DetailType === 'gcal.connected') return Promise.reject(new Error('bus down'));
      return (send as any).call(this, command, ...rest);
    });
    try {
      await connect(alice);
    } finally {
      refuseConnected.mockRestore();
    }
    expect((await alice.get('/api/gcal/status')).body).toMatchObject({
      connected: true,
      initial_sync: { status: 'failed', synced: null, message: GCAL_MESSAGES.initialSyncFailed },
    });
  });

  it('corrects the stored gcal_connected flag to whether tokens exist, and the bus hears each change of it', async () => {
    const alice = await user();
    const flagEvents = () =>
      world.bus.published
        .filter((event) => event['detail-type'].startsWith('settings.') && (event.detail as any).userId === alice.id)
        .map((event) => [event['detail-type'], (event.detail as any).settings.gcal_connected]);
    const { settings } = await getSettings(alice.id);
    await putSettings({ ...settings, gcal_connected: true });
    expect((await alice.get('/api/gcal/status')).body.connected).toBe(false);
    expect((await alice.get('/api/settings')).body.gcal_connected).toBe(false);
    // Every write of the row reaches the bus from the table's stream, the test's own included.
    expect(flagEvents()).toEqual([
      ['settings.created', true],
      ['settings.updated', false],
    ]);
    await alice.get('/api/gcal/status');
    expect(flagEvents(), 'a flag already right is no change').toHaveLength(2);

    await connect(alice);
    await putSettings({ ...(await getSettings(alice.id)).settings, gcal_connected: false });
    expect((await alice.get('/api/gcal/status')).body.connected).toBe(true);
    expect((await alice.get('/api/settings')).body.gcal_connected).toBe(true);
    expect(flagEvents()).toEqual([
      ['settings.created', true],
      ['settings.updated', false],
      ['settings.updated', true],
      ['settings.updated', false],
      ['settings.updated', true],
    ]);
  });

  it('makes the settings row of a user without one when connecting, and says it was created', async () => {
    const alice = await user();
    await connect(alice);
    const created = world.bus.published.filter((event) => event['detail-type'] === 'settings.created' && (event.detail as any).userId === alice.id);
    expect(created.map((event) => (event.detail as any).settings)).toMatchObject([{ user_id: alice.id, gcal_connected: true }]);
  });
});

describe('syncing in', () => {
  it('covers the window of the user’s settings, and follows it when the settings change', async () => {
    const alice = await user();
    const account = accountOf(alice);
    await alice.put('/api/settings', { sync_past_days: 30, sync_future_months: 3 });
    for (const [title, day] of [
      ['Three weeks ago', -21],
      ['Tomorrow', 1],
      ['In ten weeks', 70],
    ] as const)
      google.addEvent(account, timed(title, day));
    await connect(alice);
    expect(titles(await eventsOf(alice))).toEqual(['In ten weeks', 'Three weeks ago', 'Tomorrow']);

    await alice.put('/api/settings', { sync_past_days: 7, sync_future_months: 1 });
    const calls = google.calls.length;
    await sync(alice);
    // A new window is a full sync over it, from 7 days before today to a month after it (whole UTC days).
    const listed = google.calls.slice(calls).find((entry) => entry.path === '/calendar/v3/calendars/primary/events');
    const today = new Date();
    const utcDay = (months: number, days: number) =>
      new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, today.getUTCDate() + days)).toISOString();
    expect(listed?.query).toMatchObject({ timeMin: utcDay(0, -7), timeMax: utcDay(1, 1) });
    expect(titles(await eventsOf(alice))).toEqual(['Tomorrow']);
  });

  it('shows Google’s events, adds nothing twice, follows changes and cancellations, keeps the user’s own apart', async () => {
    const alice = await user();
    const account = accountOf(alice);
    const own = (await alice.post('/api/events', { title: 'My own', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) })).body;
    const standup = google.addEvent(account, timed('Standup', 1));
    const review = google.addEvent(account, timed('Review', 3));
    google.addEvent(account, { summary: 'Holiday', start: { date: daysFromNow(5).slice(0, 10) }, end: { date: daysFromNow(6).slice(0, 10) } });
    google.addEvent(account, timed('Long ago', -90));
    await connect(alice);

    const first = await eventsOf(alice);
    expect(titles(first)).toEqual(['Holiday', 'My own', 'Review', 'Standup']);
    expect(first.find((event) => event.title === 'Holiday')).toMatchObject({
      all_day: true,
      start_time: `${daysFromNow(5).slice(0, 10)}T00:00:00.000Z`,
      end_time: `${daysFromNow(5).slice(0, 10)}T00:00:00.000Z`,
    });
    expect(first.find((event) => event.title === 'Standup')).toMatchObject({ gcal_id: standup.id, event_type: 'other', deleted_at: null });
    expect(first.find((event) => event.id === own.id).gcal_id).toBeNull();

    const stamps = (await alice.get('/api/changes')).body.stamps;
    expect((await sync(alice)).body).toEqual({ synced: 0 });
    expect(await eventsOf(alice)).toEqual(first);
    expect((await alice.get('/api/changes')).body.stamps).toEqual(stamps);

    google.updateEvent(account, standup.id!, { summary: 'Standup (moved)', start: { dateTime: daysFromNow(2, 9) }, end: { dateTime: daysFromNow(2, 10) } });
    google.cancelEvent(account, review.id!);
    google.addEvent(account, timed('Planning', 4));
    const calls = google.calls.length;
    expect((await sync(alice)).body).toEqual({ synced: 3 });
    expect(google.calls.slice(calls).map((entry) => entry.query.syncToken !== undefined)).toEqual([true]);
    const after = await eventsOf(alice);
    expect(titles(after)).toEqual(['Holiday', 'My own', 'Planning', 'Standup (moved)']);
    expect(after.find((event) => event.gcal_id === standup.id)).toMatchObject({
      start_time: daysFromNow(2, 9),
      id: first.find((event) => event.gcal_id === standup.id).id,
    });
    expect((await alice.get('/api/changes')).body.stamps.events).toBeGreaterThan(stamps.events);
    const purged = world.bus.published.filter((event) => event['detail-type'] === 'item.purged' && (event.detail as any).userId === alice.id);
    expect(purged.map((event) => (event.detail as any).previous.title)).toEqual(['Review']);
  });

  it('leaves a synced event the user deleted for good deleted, also when Google changes it or lists it again', async () => {
    const alice = await user();
    const account = accountOf(alice);
    const dentist = google.addEvent(account, timed('Dentist', 2));
    google.addEvent(account, timed('Kept', 3));
    await connect(alice);
    const copy = (await eventsOf(alice)).find((event) => event.gcal_id === dentist.id);
    expect((await alice.delete(`/api/events/${copy.id}`)).status).toBe(204);
    expect((await alice.post('/api/trash/delete', { items: [{ kind: 'events', id: copy.id }] })).status).toBe(200);

    google.updateEvent(account, dentist.id!, { summary: 'Dentist (moved)', start: { dateTime: daysFromNow(4, 9) }, end: { dateTime: daysFromNow(4, 10) } });
    expect((await sync(alice)).body).toEqual({ synced: 0 }); // incremental: Google lists the change
    google.expireSyncTokens(account);
    expect((await sync(alice)).body).toEqual({ synced: 0 }); // full: Google lists it again
    expect(titles(await eventsOf(alice))).toEqual(['Kept']);
  });

  it('pages through a long listing, and starts over without duplicates when the sync token expired (410)', async () => {
    const alice = await user();
    const account = accountOf(alice);
    const seeded = Array.from({ length: 5 }, (_, index) => google.addEvent(account, timed(`Event ${index}`, index + 1)));
    google.setPageSize(2);
    try {
      await connect(alice);
      expect(synced(await eventsOf(alice))).toHaveLength(5);

      google.expireSyncTokens(account);
      google.cancelEvent(account, seeded[0]!.id!);
      google.addEvent(account, timed('Late addition', 7));
      const calls = google.calls.length;
      expect((await sync(alice)).body).toEqual({ synced: 2 });
      const lists = google.calls.slice(calls);
      expect(lists[0]!.query.syncToken).toBeDefined();
      expect(lists.slice(1).every((entry) => entry.query.syncToken === undefined)).toBe(true);
      expect(titles(await eventsOf(alice))).toEqual(['Event 1', 'Event 2', 'Event 3', 'Event 4', 'Late addition']);
      expect((await sync(alice)).body).toEqual({ synced: 0 });
    } finally {
      google.setPageSize(250);
    }
  });

  it('brings a Google series in as one repeating event with its exceptions, and follows occurrences changed or cancelled on their own', async () => {
    const alice = await user();
    const account = accountOf(alice);
    // Tokyo keeps one offset all year, so the wall-clock times below are the same instants whenever this runs.
    const zone = 'Asia/Tokyo';
    const day = (offset: number) => daysFromNow(offset).slice(0, 10);
    const compact = (date: string) => date.replace(/-/g, '');
    const tokyo = (date: string, time: string) => ({ dateTime: `${date}T${time}:00+09:00`, timeZone: zone });
    const utcOf = (date: string, hour: number) => `${date}T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const standup = google.addEvent(account, {
      summary: 'Weekly standup',
      start: tokyo(day(1), '09:00'),
      end: tokyo(day(1), '09:30'),
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=10', `EXDATE;TZID=${zone}:${compact(day(8))}T090000`],
    });
    google.addEvent(account, { summary: 'Birthday', start: { date: day(2) }, end: { date: day(3) }, recurrence: ['RRULE:FREQ=YEARLY'] });
    // A series this product cannot hold as one (an RDATE) comes in as its occurrences.
    const odd = google.addEvent(account, {
      ...timed('Odd dates', 2),
      start: tokyo(day(2), '08:00'),
      end: tokyo(day(2), '09:00'),
      recurrence: [`RDATE;TZID=${zone}:${compact(day(4))}T080000`],
    });
    await connect(alice);

    const copyOf = async (title: string) => (await eventsOf(alice)).find((event) => event.title === title);
    expect(titles(synced(await eventsOf(alice)))).toEqual(['Birthday', 'Odd dates', 'Odd dates', 'Weekly standup']);
    const oddCopies = (await eventsOf(alice)).filter((event) => event.title === 'Odd dates');
    expect(oddCopies.map((event) => [event.start_time, event.recurrence]).sort()).toEqual([
      [utcOf(day(1), 23), null],
      [utcOf(day(3), 23), null],
    ]);
    expect(await copyOf('Weekly standup')).toMatchObject({
      gcal_id: standup.id,
      start_time: utcOf(day(1), 0),
      end_time: `${day(1)}T00:30:00.000Z`,
      recurrence: { rule: 'FREQ=WEEKLY;COUNT=10', time_zone: zone, exceptions: [utcOf(day(8), 0)] },
    });
    expect(await copyOf('Birthday')).toMatchObject({
      all_day: true,
      start_time: utcOf(day(2), 0),
      recurrence: { rule: 'FREQ=YEARLY', time_zone: 'UTC', exceptions: [] },
    });

    // On Google's side: the third occurrence is deleted, the fourth moved an hour later and renamed.
    google.cancelOccurrence(account, standup.id!, tokyo(day(15), '09:00'));
    const moved = google.changeOccurrence(account, standup.id!, tokyo(day(22), '09:00'), {
      summary: 'Standup (long)',
      start: tokyo(day(22), '10:00'),
      end: tokyo(day(22), '11:00'),
    });
    expect((await sync(alice)).body).toEqual({ synced: 2 });
    const series = await copyOf('Weekly standup');
    expect(series.recurrence.exceptions).toEqual([utcOf(day(8), 0), utcOf(day(15), 0), utcOf(day(22), 0)]);
    expect(await copyOf('Standup (long)')).toMatchObject({ gcal_id: moved.id, start_time: utcOf(day(22), 1), end_time: utcOf(day(22), 2), recurrence: null });

    // The series renamed: the occurrences taken out one by one stay out; a full listing changes nothing.
    google.updateEvent(account, standup.id!, { summary: 'Weekly sync' });
    expect((await sync(alice)).body).toEqual({ synced: 1 });
    expect((await copyOf('Weekly sync')).recurrence.exceptions).toHaveLength(3);
    google.expireSyncTokens(account);
    expect((await sync(alice)).body).toEqual({ synced: 0 });
    expect(titles(synced(await eventsOf(alice)))).toEqual(['Birthday', 'Odd dates', 'Odd dates', 'Standup (long)', 'Weekly sync']);

    // A whole series deleted: its copy and its moved occurrence's go; so do a series' held apart.
    google.cancelEvent(account, standup.id!);
    google.cancelEvent(account, odd.id!);
    expect((await sync(alice)).body).toEqual({ synced: 4 });
    expect(titles(synced(await eventsOf(alice)))).toEqual(['Birthday']);
  });

  it('brings a series whose rule is beyond the bounds of a rule here in as its occurrences, without a search of its rule', async () => {
    const alice = await user();
    const account = accountOf(alice);
    const zone = 'Asia/Tokyo';
    const day = (offset: number) => daysFromNow(offset).slice(0, 10);
    const tokyo = (date: string) => ({ dateTime: `${date}T09:00:00+09:00`, timeZone: zone });
    // Every Monday, in 1,320 characters; and the first eleven weekdays of a month, one BYSETPOS more than a rule here takes.
    const longRule = `FREQ=WEEKLY;COUNT=999;BYDAY=${'MO,'.repeat(430)}MO`;
    expect(longRule).toHaveLength(1320);
    const long = google.addEvent(account, { summary: 'Long rule', start: tokyo(day(1)), end: tokyo(day(1)), recurrence: [`RRULE:${longRule}`] });
    const many = google.addEvent(account, {
      summary: 'Many positions',
      start: tokyo(day(1)),
      end: tokyo(day(1)),
      recurrence: ['RRULE:FREQ=MONTHLY;COUNT=11;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,2,3,4,5,6,7,8,9,10,11'],
    });
    const calls = google.calls.length;
    const work = searchWork.periods;
    await connect(alice);

    const copies = synced(await eventsOf(alice));
    expect(copies.length).toBeGreaterThan(11);
    expect(copies.every((event) => event.recurrence === null && event.start_time.endsWith('T00:00:00.000Z'))).toBe(true);
    expect(copies.filter((event) => event.title === 'Many positions')).toHaveLength(11);
    expect(new Set(copies.filter((event) => event.title === 'Long rule').map((event) => new Date(event.start_time).getUTCDay()))).toEqual(new Set([1]));
    // Each series asked for its occurrences once; neither rule was searched, let alone walked.
    const instancesOf = (id: string) => google.calls.slice(calls).filter((entry) => entry.path.endsWith(`/events/${id}/instances`));
    expect([instancesOf(long.id!).length, instancesOf(many.id!).length]).toEqual([1, 1]);
    expect(searchWork.periods - work).toBe(0);
  });

  it('starts over with a full listing when the saved sync token is of the older listing, with recurring events expanded', async () => {
    const alice = await user();
    google.addEvent(accountOf(alice), timed('Standup', 1));
    await connect(alice);
    const state = (await getSyncState(alice.id))!;
    expect(state.window).toMatch(/\/series$/);
    await saveSyncState(alice.id, { syncToken: state.syncToken, window: state.window.replace(/\/series$/, '') }, new Date());
    const calls = google.calls.length;
    expect((await sync(alice)).body).toEqual({ synced: 0 });
    expect(google.calls.slice(calls).map((entry) => entry.query.syncToken)).toEqual([undefined]);
  });

  it('takes an occurrence listed before its series (a page earlier) out of it all the same', async () => {
    const alice = await user();
    const account = accountOf(alice);
    const series = google.addEvent(account, {
      summary: 'Daily check',
      start: { dateTime: daysFromNow(2, 9), timeZone: 'UTC' },
      end: { dateTime: daysFromNow(2, 10), timeZone: 'UTC' },
      recurrence: ['RRULE:FREQ=DAILY;COUNT=5'],
    });
    // Its first occurrence moved a day earlier: Google lists it before the series.
    google.changeOccurrence(
      account,
      series.id!,
      { dateTime: daysFromNow(2, 9), timeZone: 'UTC' },
      {
        start: { dateTime: daysFromNow(1, 9), timeZone: 'UTC' },
        end: { dateTime: daysFromNow(1, 10), timeZone: 'UTC' },
      },
    );
    google.setPageSize(1);
    try {
      await connect(alice);
    } finally {
      google.setPageSize(250);
    }
    const copies = synced(await eventsOf(alice));
    expect(copies.map((event) => [event.title, event.start_time, event.recurrence?.exceptions ?? null])).toEqual([
      ['Daily check', daysFromNow(1, 9), null],
      ['Daily check', daysFromNow(2, 9), [daysFromNow(2, 9)]],
    ]);
  });

  it('leaves a synced event the user trashed in the trash, and does not sync back the events it mirrored out', async () => {
    const alice = await user();
    const account = accountOf(alice);
    google.addEvent(account, timed('Trash me', 1));
    await connect(alice, { write: true });
    const [copy] = await eventsOf(alice);
    await alice.delete(`/api/events/${copy.id}`);
    const mine = (await alice.post('/api/events', { title: 'Mirrored', start_time: daysFromNow(2, 8), end_time: daysFromNow(2, 9) })).body;
    await world.settle();
    expect(googleTitles(account)).toEqual(['Mirrored', 'Trash me']);

    google.expireSyncTokens(account);
    expect((await sync(alice)).body).toEqual({ synced: 0 });
    expect((await eventsOf(alice)).map((event) => event.id)).toEqual([mine.id]);
    expect((await alice.get('/api/trash')).body.items.map((entry: any) => entry.id)).toEqual([copy.id]);
  });

  it("answers 'Google Calendar not connected' when there is no connection", async () => {
    const alice = await user();
    const answer = await alice.post('/api/gcal/sync', {});
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe(GCAL_MESSAGES.notConnected);
  });
});

describe('Google failing', () => {
  async function connectedWithEvents() {
    const alice = await user();
    google.addEvent(accountOf(alice), timed('Kept', 1));
    await connect(alice);
    await alice.post('/api/events', { title: 'Own', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) });
    return { alice, before: await eventsOf(alice) };
  }

  it('refreshes the access token once on a 401 and carries on', async () => {
    const { alice, before } = await connectedWithEvents();
    google.addEvent(accountOf(alice), timed('New', 2));
    google.expireAccessTokens(accountOf(alice));
    const calls = google.calls.length;
    expect((await sync(alice)).body).toEqual({ synced: 1 });
    expect(google.calls.slice(calls).map((entry) => entry.path)).toEqual([
      '/calendar/v3/calendars/primary/events',
      '/token',
      '/calendar/v3/calendars/primary/events',
    ]);
    expect(synced(await eventsOf(alice))).toHaveLength(synced(before).length + 1);
    expect((await alice.get('/api/gcal/status')).body.connected).toBe(true);
  });

  for (const { status, reason, answer, text } of [
    { status: 403, reason: undefined, answer: 502, text: SYNC_FAILURE_TEXTS.forbidden },
    { status: 403, reason: 'rateLimitExceeded', answer: 503, text: SYNC_FAILURE_TEXTS.rateLimited },
    { status: 429, reason: undefined, answer: 503, text: SYNC_FAILURE_TEXTS.rateLimited },
    { status: 500, reason: undefined, answer: 502, text: SYNC_FAILURE_TEXTS.unavailable },
  ] as const) {
    it(`answers ${status}${reason ? ` (${reason})` : ''} with 'Sync failed: …', losing and duplicating nothing`, async () => {
      const { alice, before } = await connectedWithEvents();
      google.failNext(1, status, reason ? { reason } : {});
      const failed = await sync(alice);
      expect(failed.status).toBe(answer);
      expect(failed.body.error.message).toBe(syncFailedMessage(text));
      expect(await eventsOf(alice)).toEqual(before);
      expect((await alice.get('/api/gcal/status')).body.connected).toBe(true);
      expect((await sync(alice)).body).toEqual({ synced: 0 });
      expect(await eventsOf(alice)).toEqual(before);
    });
  }

  it('answers when Google cannot be reached at all', async () => {
    const { alice, before } = await connectedWithEvents();
    const root = process.env.GOOGLE_CALENDAR_ROOT_URL;
    process.env.GOOGLE_CALENDAR_ROOT_URL = 'http://127.0.0.1:9/';
    try {
      const failed = await sync(alice);
      expect(failed.status).toBe(502);
      expect(failed.body.error.message).toBe(syncFailedMessage(SYNC_FAILURE_TEXTS.unavailable));
    } finally {
      process.env.GOOGLE_CALENDAR_ROOT_URL = root;
    }
    expect(await eventsOf(alice)).toEqual(before);
  });

  it('keeps the sync token through an outage during a sync, and the next sync after it catches up', async () => {
    const alice = await user();
    const account = accountOf(alice);
    await connect(alice);
    const token = (await getSyncState(alice.id))!.syncToken;
    google.addEvent(account, timed('Added in the outage', 1));
    google.failNext(3, 503, { account });
    expect((await sync(alice)).status).toBe(502);
    expect((await getSyncState(alice.id))!.syncToken).toBe(token);
    google.clearFaults();
    expect((await sync(alice)).body).toEqual({ synced: 1 });
    expect(titles(synced(await eventsOf(alice)))).toEqual(['Added in the outage']);
  });

  it('drops the connection when the refresh token was revoked, or a 401 comes again after the refresh, keeping the events', async () => {
    for (const breakAccess of [
      (account: string) => {
        google.revokeGrants(account);
        google.expireAccessTokens(account);
      },
      () => google.failNext(2, 401),
    ]) {
      const { alice, before } = await connectedWithEvents();
      breakAccess(accountOf(alice));
      const failed = await sync(alice);
      expect(failed.status).toBe(409);
      expect(failed.body.error.message).toBe(syncFailedMessage(SYNC_FAILURE_TEXTS.accessLost));
      expect(await storedItem(alice, 'GCAL#TOKENS')).toBeUndefined();
      expect((await alice.get('/api/settings')).body.gcal_connected).toBe(false);
      expect((await alice.get('/api/gcal/status')).body.connected).toBe(false);
      expect(await eventsOf(alice)).toEqual(before);
      expect((await sync(alice)).body.error.message).toBe(GCAL_MESSAGES.notConnected);

      await connect(alice);
      expect(await eventsOf(alice)).toEqual(before);
    }
  });
});

describe('mirroring out', () => {
  const mirrorLog = async (person: TestUser) => (await person.get('/api/gcal/mirror-log')).body.items;

  it('writes the user’s own event changes to Google when write access was granted', async () => {
    const alice = await user();
    const account = accountOf(alice);
    await connect(alice, { write: true });
    const created = (await alice.post('/api/events', { title: 'Dentist', start_time: daysFromNow(3, 14), end_time: daysFromNow(3, 15), location: 'Main St' }))
      .body;
    await world.settle();
    const [written] = google.events(account);
    expect(written).toMatchObject({
      id: created.id.replaceAll('-', ''),
      summary: 'Dentist',
      location: 'Main St',
      start: { dateTime: created.start_time },
      extendedProperties: { private: { tempoEventId: created.id } },
    });

    await alice.patch(`/api/events/${created.id}`, {
      title: 'Dentist (moved)',
      all_day: true,
      start_time: '2031-01-02T00:00:00.000Z',
      end_time: '2031-01-03T00:00:00.000Z',
    });
    await world.settle();
    const [moved] = google.events(account);
    expect([moved!.summary, moved!.start, moved!.end]).toEqual(['Dentist (moved)', { date: '2031-01-02' }, { date: '2031-01-04' }]);

    await alice.delete(`/api/events/${created.id}`);
    await world.settle();
    expect(google.events(account)).toEqual([]);
    await alice.post('/api/trash/restore', { items: [{ kind: 'events', id: created.id }] });
    await world.settle();
    expect(google.events(account)).toMatchObject([{ summary: 'Dentist (moved)', status: 'confirmed' }]);

    expect((await mirrorLog(alice)).map((entry: any) => [entry.change, entry.action, entry.outcome])).toEqual([
      ['item.restored', 'upsert', 'mirrored'],
      ['item.deleted', 'delete', 'mirrored'],
      ['item.updated', 'upsert', 'mirrored'],
      ['item.created', 'upsert', 'mirrored'],
    ]);
    expect((await alice.get(`/api/events/${created.id}`)).body.title).toBe('Dentist (moved)');
  });

  it('writes a series as one Google recurring event, its exceptions as an EXDATE in its zone, and ends it when it stops repeating', async () => {
    const alice = await user();
    const account = accountOf(alice);
    await connect(alice, { write: true });
    const recurrence = { rule: 'FREQ=WEEKLY;BYDAY=MO', time_zone: 'Europe/Berlin' };
    const series = (
      await alice.post('/api/events', { title: 'Team call', start_time: '2031-03-03T08:00:00.000Z', end_time: '2031-03-03T09:00:00.000Z', recurrence })
    ).body;
    await world.settle();
    expect(google.events(account)).toMatchObject([
      {
        summary: 'Team call',
        start: { dateTime: series.start_time, timeZone: 'Europe/Berlin' },
        end: { timeZone: 'Europe/Berlin' },
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'],
      },
    ]);

    // Monday March 31, 2031 is in summer time: 09:00 in Berlin is 07:00 UTC.
    await alice.patch(`/api/events/${series.id}`, { recurrence: { ...recurrence, exceptions: ['2031-03-10T08:00:00.000Z', '2031-03-31T07:00:00.000Z'] } });
    await world.settle();
    expect(google.events(account)[0]!.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO', 'EXDATE;TZID=Europe/Berlin:20310310T090000,20310331T090000']);

    await alice.patch(`/api/events/${series.id}`, { recurrence: null });
    await world.settle();
    const [single] = google.events(account);
    expect(single!.recurrence).toBeUndefined();
    expect(single!.start).toEqual({ dateTime: series.start_time });
    expect((await mirrorLog(alice)).map((entry: any) => entry.outcome)).toEqual(['mirrored', 'mirrored', 'mirrored']);
  });

  it("records 'skipped: read-only' without write access, and leaves Google alone", async () => {
    const alice = await user();
    await connect(alice);
    const calls = google.calls.length;
    const created = (await alice.post('/api/events', { title: 'Private', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) })).body;
    await alice.delete(`/api/events/${created.id}`);
    await world.settle();
    expect(google.calls.slice(calls)).toEqual([]);
    expect(google.events(accountOf(alice))).toEqual([]);
    expect((await mirrorLog(alice)).map((entry: any) => [entry.change, entry.event_id, entry.title, entry.action, entry.outcome])).toEqual([
      ['item.deleted', created.id, 'Private', 'delete', 'skipped: read-only'],
      ['item.created', created.id, 'Private', 'upsert', 'skipped: read-only'],
    ]);
  });

  it('applies a redelivered change once, and never writes events synced in from Google back', async () => {
    const alice = await user();
    const account = accountOf(alice);
    google.addEvent(account, timed('From Google', 2));
    await connect(alice, { write: true });
    const created = (await alice.post('/api/events', { title: 'Once', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) })).body;
    await world.settle();
    const delivered = world.bus.published.find(
      (event) => event['detail-type'] === 'item.created' && (event.detail as any).id === created.id,
    ) as BusEvent<'item.created'>;
    const calls = google.calls.length;
    await mirror(delivered as unknown as EventBridgeEvent<MirrorChange, unknown>, lambdaContext('gcal/mirror'));
    await mirror(delivered as unknown as EventBridgeEvent<MirrorChange, unknown>, lambdaContext('gcal/mirror'));
    expect(google.calls.slice(calls)).toEqual([]);
    expect(googleTitles(account)).toEqual(['From Google', 'Once']);
    expect((await mirrorLog(alice)).map((entry: any) => entry.title)).toEqual(['Once']);

    const [copy] = synced(await eventsOf(alice));
    await alice.patch(`/api/events/${copy.id}`, { title: 'Edited here' });
    await world.settle();
    expect(googleTitles(account)).toEqual(['From Google', 'Once']);
  });

  it('mirrors a change the bus refused when it was first put: the event comes from the table’s stream, which tries again', async () => {
    const alice = await user();
    const account = accountOf(alice);
    await connect(alice, { write: true });
    world.bus.refuseNext(1);
    const created = (await alice.post('/api/events', { title: 'Refused once', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) })).body;
    await world.settle();
    expect(google.events(account).map((event) => event.summary)).toEqual(['Refused once']);
    const published = world.bus.published.filter((event) => event['detail-type'] === 'item.created' && (event.detail as { id: string }).id === created.id);
    expect(published).toHaveLength(1);
  });

  it('mirrors a change once when the stream puts it on the bus twice (a batch retried after a later record failed)', async () => {
    const alice = await user();
    const account = accountOf(alice);
    await connect(alice, { write: true });
    const created = (await alice.post('/api/events', { title: 'Put twice', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) })).body;
    await world.settle();
    const first = world.bus.published.find((event) => event['detail-type'] === 'item.created' && (event.detail as { id: string }).id === created.id)!;
    const calls = google.calls.length;
    // The same change again, as a retried batch puts it: a new bus event with the same changeId.
    await new EventBridgeClient({}).send(
      new PutEventsCommand({
        Entries: [{ Source: first.source, DetailType: first['detail-type'], Detail: JSON.stringify(first.detail), EventBusName: 'tempo-local' }],
      }),
    );
    await world.settle();
    expect(google.calls.slice(calls)).toEqual([]);
    expect(googleTitles(account)).toEqual(['Put twice']);
    expect((await mirrorLog(alice)).map((entry: any) => entry.title)).toEqual(['Put twice']);
  });

  it('keeps the changes Google could not take through an outage longer than any retry, and writes each once within 2 minutes of its return', async () => {
    const alice = await user();
    const account = accountOf(alice);
    await connect(alice, { write: true });
    const before = (await alice.post('/api/events', { title: 'Before', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) })).body;
    await world.settle();
    expect(googleTitles(account)).toEqual(['Before']);

    // Google is down: every Calendar call of Alice's answers 503.
    google.failNext(10_000, 503, { account });
    const made = (await alice.post('/api/events', { title: 'Made during', start_time: daysFromNow(2, 8), end_time: daysFromNow(2, 9) })).body;
    await alice.patch(`/api/events/${before.id}`, { title: 'Renamed during' });
    await world.settle();
    expect(titles(await eventsOf(alice))).toEqual(['Made during', 'Renamed during']);
    expect((await mirrorLog(alice)).map((entry: any) => entry.outcome)).toEqual(['waiting for Google', 'waiting for Google', 'mirrored']);
    const { waiting } = (await alice.get('/api/gcal/status')).body;
    expect(waiting).toMatchObject({ changes: 2 });
    expect(Date.parse(waiting.next_try_at)).toBeGreaterThan(clock.now());

    // Twenty minutes of outage: each minute's reconciler run meets it again, and nothing is given up.
    for (let minute = 0; minute < 20; minute += 1) {
      clock.advance(60_000);
      await reconcileMirror();
    }
    expect(googleTitles(account)).toEqual(['Before']);
    expect(world.deadLetters().filter((line) => line.event.detail.userId === alice.id)).toEqual([]);
    expect((await alice.get('/api/gcal/status')).body.waiting).toMatchObject({ changes: 2 });

    google.clearFaults();
    const calendarWrites = () => google.calls.filter((call) => call.method !== 'GET' && call.path.startsWith('/calendar/v3/')).length;
    const writesBefore = calendarWrites();
    clock.advance(60_000);
    await reconcileMirror();
    expect(googleTitles(account)).toEqual(['Made during', 'Renamed during']);
    expect(google.events(account).map((event) => event.id)).toContain(made.id.replaceAll('-', ''));
    // Each waiting change written once: one write per event.
    expect(calendarWrites() - writesBefore).toBe(2);
    expect((await alice.get('/api/gcal/status')).body.waiting).toBeNull();
    expect(await reconcileMirror()).toEqual({ mirrored: 0, waiting: 0 });
  });

  it('marks an event again when a newer change marked it while an older write was under way, and writes it as it is then', async () => {
    const alice = await user();
    await connect(alice, { write: true });
    const made = (await alice.post('/api/events', { title: 'Raced', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) })).body;
    await world.settle();
    // A newer change's delivery marks the event while an older one is writing it.
    const at = new Date(clock.now());
    await markPending(alice.id, made.id, 'newer', at, new Date(at.getTime() + 120_000), false);
    const connection = (await getConnection(alice.id))!;
    expect(await mirrorPending(connection, { user_id: alice.id, event_id: made.id, marker: 'older', attempts: 0, is_new: false }, at)).toMatchObject({
      outcome: 'mirrored',
    });
    // The older write may have landed after the newer one: the event is due again at once.
    expect(await getPending(alice.id, made.id)).toMatchObject({ marker: expect.stringMatching(/^again-/), next_try_at: at.toISOString() });
    expect(await reconcileMirror()).toEqual({ mirrored: 1, waiting: 0 });
    expect(await getPending(alice.id, made.id)).toBeUndefined();
    expect(googleTitles(accountOf(alice))).toEqual(['Raced']);
  });

  it('forgets what waited for Google at a disconnect', async () => {
    const alice = await user();
    await connect(alice, { write: true });
    google.failNext(10_000, 503, { account: accountOf(alice) });
    await alice.post('/api/events', { title: 'Never written', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) });
    await world.settle();
    google.clearFaults();
    await alice.post('/api/gcal/disconnect');
    clock.advance(60_000);
    expect(await reconcileMirror()).toEqual({ mirrored: 0, waiting: 0 });
    expect(googleTitles(accountOf(alice))).toEqual([]);
  });
});

describe('disconnecting', () => {
  it('removes the tokens and every synced event, keeps the user’s own, and gives the grant back', async () => {
    const alice = await user();
    const account = accountOf(alice);
    google.addEvent(account, timed('Synced one', 1));
    google.addEvent(account, timed('Synced two', 2));
    await connect(alice);
    const own = (await alice.post('/api/events', { title: 'Mine', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) })).body;
    const [trashedCopy] = synced(await eventsOf(alice));
    await alice.delete(`/api/events/${trashedCopy.id}`);

    const answer = await alice.post('/api/gcal/disconnect');
    expect(answer.body).toEqual({ disconnected: true, removed: 2 });
    expect((await eventsOf(alice)).map((event) => event.id)).toEqual([own.id]);
    expect((await alice.get('/api/trash')).body.items).toEqual([]);
    expect(await storedItem(alice, 'GCAL#TOKENS')).toBeUndefined();
    expect(await storedItem(alice, `GCALEVENT#${trashedCopy.gcal_id}`)).toBeUndefined();
    expect((await alice.get('/api/settings')).body.gcal_connected).toBe(false);
    expect(google.refreshTokensOf(account).every((issued) => issued.revoked)).toBe(true);
    expect(world.bus.published.some((event) => event['detail-type'] === 'gcal.disconnected' && (event.detail as any).userId === alice.id)).toBe(true);
    expect((await alice.post('/api/gcal/sync', {})).body.error.message).toBe(GCAL_MESSAGES.notConnected);
  });
});

describe('user B and user A’s connection', () => {
  it('B can neither see nor change A’s connection through any Google route', async () => {
    const alice = await user();
    const bob = await user();
    google.addEvent(accountOf(alice), timed('Alice at Google', 1));
    await connect(alice, { write: true });
    await alice.post('/api/events', { title: 'Alice mirrored', start_time: daysFromNow(1, 8), end_time: daysFromNow(1, 9) });
    await world.settle();
    const aliceBefore = { events: await eventsOf(alice), status: (await alice.get('/api/gcal/status')).body, log: await alice.get('/api/gcal/mirror-log') };

    expect((await bob.get('/api/gcal/status')).body).toMatchObject({ connected: false, write_access: false, initial_sync: null });
    expect((await bob.get('/api/gcal/mirror-log')).body.items).toEqual([]);
    expect((await bob.post('/api/gcal/sync', {})).status).toBe(409);
    expect((await bob.post('/api/gcal/disconnect')).body).toEqual({ disconnected: true, removed: 0 });
    google.signInAs(accountOf(bob));
    const bobConnect = await bob.post('/api/gcal/connect', {});
    expect(new URL(bobConnect.body.url).searchParams.get('state')).not.toBe(null);
    await returnFromGoogle(bobConnect);
    await world.settle();

    expect(await eventsOf(bob)).toEqual([]);
    expect(await eventsOf(alice)).toEqual(aliceBefore.events);
    expect((await alice.get('/api/gcal/status')).body).toEqual(aliceBefore.status);
    expect((await alice.get('/api/gcal/mirror-log')).body).toEqual(aliceBefore.log.body);
    expect((await alice.get('/api/settings')).body.gcal_connected).toBe(true);
  });
});

describe('Google push notifications', () => {
  const NOTIFICATIONS = '/api/gcal/notifications';
  /** A notification as Google sends it on the account's channel (or on `channel`), with `changed` headers. */
  function notify(account: string, changed: Record<string, string> = {}, channel = google.channels(account)[0]) {
    const headers = {
      'x-goog-channel-id': channel!.id,
      'x-goog-channel-token': channel!.token!,
      'x-goog-channel-expiration': new Date(channel!.expiration).toUTCString(),
      'x-goog-resource-id': channel!.resourceId,
      'x-goog-resource-uri': 'https://www.googleapis.com/calendar/v3/calendars/primary/events?alt=json',
      'x-goog-resource-state': 'exists',
      'x-goog-message-number': '2',
      ...changed,
    };
    return call('POST', NOTIFICATIONS, { headers });
  }
  const listings = (since: number) =>
    google.calls.slice(since).filter((entry) => entry.method === 'GET' && entry.path === '/calendar/v3/calendars/primary/events');
  const watchRecord = (person: TestUser) => storedItem(person, 'GCAL#WATCH');

  it('open a channel at connect, to the webhook with a secret token of its own (only its hash kept), and stop it at disconnect', async () => {
    const alice = await user();
    const account = accountOf(alice);
    pushing = true;
    try {
      await connect(alice);
      await google.notified();
    } finally {
      pushing = false;
    }
    const [channel] = google.channels(account);
    expect(channel).toMatchObject({ address: `${APP_ORIGIN}${NOTIFICATIONS}`, token: expect.stringMatching(/^[\w-]{43}$/) });
    // Google's first message on a channel (state sync) was taken, and asked for no sync.
    expect(google.deliveries.filter((delivery) => delivery.channelId === channel!.id)).toEqual([
      { channelId: channel!.id, account, state: 'sync', messageNumber: 1, status: 204 },
    ]);
    const record = await watchRecord(alice);
    expect(record).toMatchObject({ channel_id: channel!.id, resource_id: channel!.resourceId, expires_at: new Date(channel!.expiration).toISOString() });
    expect(JSON.stringify(record)).not.toContain(channel!.token);
    // Renewed a day before Google ends it (a week from now).
    expect(Date.parse(record!.renew_at)).toBe(channel!.expiration - 24 * 3600_000);

    await alice.post('/api/gcal/disconnect');
    expect(google.channels(account)).toEqual([]);
    expect(await watchRecord(alice)).toBeUndefined();
    expect((await notify(account, {}, channel)).status).toBe(404);
  });

  it('bring a change made at Google in without Sync: the double notifies, the webhook queues a sync, the event is here', async () => {
    const alice = await user();
    const account = accountOf(alice);
    await connect(alice);
    pushing = true;
    try {
      const added = google.addEvent(account, timed('Booked at Google', 2));
      await google.notified();
      await world.settle();
      expect(titles(await eventsOf(alice))).toEqual(['Booked at Google']);
      google.updateEvent(account, added.id!, { summary: 'Moved at Google' });
      await google.notified();
      await world.settle();
      expect(titles(await eventsOf(alice))).toEqual(['Moved at Google']);
    } finally {
      pushing = false;
    }
    expect(google.deliveries.filter((delivery) => delivery.account === account && delivery.state === 'exists').map((delivery) => delivery.status)).toEqual([
      204, 204,
    ]);
  });

  it('fold a burst of notifications into one incremental sync with the sync token', async () => {
    const alice = await user();
    const account = accountOf(alice);
    await connect(alice);
    for (const day of [1, 2, 3, 4, 5]) google.addEvent(account, timed(`Burst ${day}`, day));
    const since = google.calls.length;
    // The queued sync's wait for the rest of the burst lasts until all 8 are answered.
    const releaseSleeps = clock.holdSleeps();
    const answers = await Promise.all([2, 3, 4, 5, 6, 7, 8, 9].map((number) => notify(account, { 'x-goog-message-number': String(number) }))).finally(
      releaseSleeps,
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(204));
    expect(world.bus.published.filter((event) => event['detail-type'] === 'gcal.changes-notified' && (event.detail as any).userId === alice.id)).toHaveLength(
      1,
    );
    await world.settle();
    expect(listings(since).map((listing) => listing.query.syncToken !== undefined)).toEqual([true]);
    expect(titles(await eventsOf(alice))).toEqual(['Burst 1', 'Burst 2', 'Burst 3', 'Burst 4', 'Burst 5']);
    // The next notification queues the next sync.
    google.addEvent(account, timed('After the burst', 6));
    expect((await notify(account)).status).toBe(204);
    await world.settle();
    expect(listings(since)).toHaveLength(2);
    expect(titles(await eventsOf(alice))).toContain('After the burst');
  });

  it('run one sync of a person’s at a time: a sync waits for the one under way, then brings what it could not see', async () => {
    const alice = await user();
    const account = accountOf(alice);
    await connect(alice);
    // A sync under way holds the person's lock; the waiting one's pauses last until the test lets them go.
    expect(await takeSyncLock(alice.id, 'under way', new Date(clock.now()), 120_000)).toBe(true);
    google.addEvent(account, timed('Made meanwhile', 1));
    const since = google.calls.length;
    const releaseSleeps = clock.holdSleeps();
    const waiting = sync(alice);
    await expect.poll(() => clock.sleepsHeld()).toBeGreaterThan(0);
    expect(listings(since)).toEqual([]);
    await releaseSyncLock(alice.id, 'under way');
    releaseSleeps();
    expect((await waiting).body).toEqual({ synced: 1 });
    expect(listings(since)).toHaveLength(1);
    expect((await storedItem(alice, 'GCAL#SYNC'))!).not.toHaveProperty('sync_lock');
  });

  it('refuse a forged notification with 404 and sync nothing: a wrong token, resource or channel, another person’s channel, or none', async () => {
    const alice = await user();
    const bob = await user();
    await connect(alice);
    await connect(bob);
    const [bobs] = google.channels(accountOf(bob));
    google.addEvent(accountOf(alice), timed('Not brought in', 1));
    const since = google.calls.length;
    const forgeries: Array<Record<string, string>> = [
      { 'x-goog-channel-token': 'guessed' },
      { 'x-goog-channel-token': bobs!.token! },
      { 'x-goog-resource-id': bobs!.resourceId },
      { 'x-goog-channel-id': bobs!.id },
      { 'x-goog-channel-id': 'c'.repeat(65) },
      { 'x-goog-channel-id': 'not a channel id' },
      { 'x-goog-channel-id': '' },
      { 'x-goog-channel-token': 'x'.repeat(10_000) },
    ];
    for (const forged of forgeries) expect((await notify(accountOf(alice), forged)).status, JSON.stringify(forged).slice(0, 80)).toBe(404);
    expect((await call('POST', NOTIFICATIONS)).status).toBe(404);
    await world.settle();
    expect(listings(since)).toEqual([]);
    expect(await eventsOf(alice)).toEqual([]);
    expect(await watchRecord(alice)).not.toHaveProperty('sync_queued');
  });

  it('leave Sync working when a channel is lost at Google: nothing is notified, and Sync brings the change', async () => {
    const alice = await user();
    const account = accountOf(alice);
    await connect(alice);
    google.expireChannels(account);
    pushing = true;
    try {
      google.addEvent(account, timed('Unnotified', 3));
      await google.notified();
      await world.settle();
    } finally {
      pushing = false;
    }
    expect(google.deliveries.filter((delivery) => delivery.account === account && delivery.state === 'exists')).toEqual([]);
    expect(await eventsOf(alice)).toEqual([]);
    expect((await sync(alice)).body).toEqual({ synced: 1 });
    expect(titles(await eventsOf(alice))).toEqual(['Unnotified']);
  });

  it('renew a channel a day before Google ends it and stop the old; one that cannot be renewed is tried again an hour later', async () => {
    const alice = await user();
    const account = accountOf(alice);
    await connect(alice);
    const [first] = google.channels(account);
    const renewAt = Date.parse((await watchRecord(alice))!.renew_at);
    await renewWatch();
    expect(google.channels(account).map((channel) => channel.id)).toEqual([first!.id]);

    clock.advance(renewAt - clock.now() + 1_000);
    google.failNext(1, 503, { account });
    await renewWatch();
    // The open channel stays until Google ends it, tried again in an hour; Sync works meanwhile.
    expect(google.channels(account).map((channel) => channel.id)).toEqual([first!.id]);
    const retryIn = Date.parse((await watchRecord(alice))!.renew_at) - clock.now();
    expect(retryIn).toBeGreaterThan(3590_000);
    expect(retryIn).toBeLessThanOrEqual(3600_000);
    expect((await sync(alice)).status).toBe(200);

    clock.advance(3600_000);
    await renewWatch();
    const [second] = google.channels(account);
    expect(second!.id).not.toBe(first!.id);
    expect((await watchRecord(alice))!.channel_id).toBe(second!.id);
    expect((await notify(account, {}, first)).status).toBe(404);
    expect((await notify(account)).status).toBe(204);
    await world.settle();
  });
});
