import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { describe, expect, it, vi } from 'vitest';
import { handler as feedHandler } from '../../functions/calendar-feed/handler';
import { replaceFeedAfterSignOut } from '../../functions/calendar-feed/repository';
import { db } from '../../functions/platform/dynamo';
import type { HttpEvent } from '../../functions/platform/http';
import { lambdaContext } from '../../local/lambda-context';
import { daysFromNow, integrationHarness, type TestUser } from '../support/harness';
import { useVirtualClock } from '../support/clock';

const { world, user } = integrationHarness();

/** A subscriber's request for the feed: no token, maybe an ETag from its last fetch. */
async function fetchFeed(url: string, headers: Record<string, string> = {}) {
  const answer = await world.adapter({ method: 'GET', url: new URL(url).pathname, headers, body: Buffer.alloc(0), sourceIp: '10.9.9.9' });
  return { status: answer.status, headers: answer.headers, body: answer.body };
}

/** The feed parsed back by ical.js (an independent parser), its zones registered so it converts their times. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  return { calendar, events, bySummary: (summary: string) => events.find((event) => event.summary === summary)! };
}

/**
 * A feed request as API Gateway hands it to the function, with its path as sent: what would reach the
 * function if the edge let a spelling through (the local adapter, like the web ACL, refuses most).
 */
async function gatewayFeedRequest(rawPath: string, { query = '', headers = {} }: { query?: string; headers?: Record<string, string> } = {}) {
  const event = {
    version: '2.0',
    routeKey: 'GET /ical/{token}',
    rawPath,
    rawQueryString: query,
    headers,
    pathParameters: { token: rawPath.split('/').slice(2).join('/') },
    requestContext: {
      domainName: 'localhost',
      http: { method: 'GET', path: rawPath, protocol: 'HTTP/1.1', sourceIp: '10.9.9.9', userAgent: 'Calendar' },
      requestId: randomUUID(),
      routeKey: 'GET /ical/{token}',
      stage: '$default',
    },
    isBase64Encoded: false,
  };
  const answer = await feedHandler(event as unknown as HttpEvent, lambdaContext('calendar-feed'));
  return { status: answer.statusCode, headers: (answer.headers ?? {}) as Record<string, string>, body: answer.body ?? '' };
}

/** Every DynamoDB call the functions make while `work` runs, by command, and the Queries' indexes. */
async function dynamoCalls(work: () => Promise<unknown>) {
  const send = vi.spyOn(db(), 'send');
  try {
    await work();
    const commands = send.mock.calls.map(([command]) => command as { constructor: { name: string }; input: { IndexName?: string } });
    return {
      names: commands.map((command) => command.constructor.name).sort(),
      queriedIndexes: commands.filter((command) => command.constructor.name === 'QueryCommand').map((command) => command.input.IndexName ?? 'table'),
    };
  } finally {
    send.mockRestore();
  }
}

const pathOf = (url: string) => new URL(url).pathname;

async function makeFeed(person: TestUser): Promise<string> {
  const made = await person.post('/api/calendar-feed');
  expect(made.status).toBe(201);
  return made.body.url;
}

describe('the calendar feed', () => {
  it('holds the person’s series, all-day events and dated tasks, and nothing from the trash, as an independent parser reads them', async () => {
    const alice = await user();
    const series = await alice.post('/api/events', {
      title: 'Choir',
      // Tuesdays at 09:00 in Berlin, across the clock change of 28 March 2027; the 23rd taken out.
      start_time: '2027-03-16T08:00:00.000Z',
      end_time: '2027-03-16T09:00:00.000Z',
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4', time_zone: 'Europe/Berlin', exceptions: ['2027-03-23T08:00:00.000Z'] },
    });
    expect(series.status).toBe(201);
    await alice.post('/api/events', { title: 'Holiday', start_time: '2027-04-05T00:00:00.000Z', end_time: '2027-04-06T00:00:00.000Z', all_day: true });
    await alice.post('/api/events', { title: 'Dentist', start_time: '2027-04-07T10:00:00.000Z', end_time: '2027-04-07T10:30:00.000Z' });
    await alice.post('/api/tasks', { title: 'Pay rent', due_date: '2027-04-01T00:00:00.000Z' });
    await alice.post('/api/tasks', { title: 'Call Bob', due_date: '2027-04-02T15:30:00.000Z' });
    await alice.post('/api/tasks', { title: 'No date' });
    const done = await alice.post('/api/tasks', { title: 'Done already', due_date: '2027-04-03T00:00:00.000Z' });
    await alice.patch(`/api/tasks/${done.body.id}`, { status: 'completed' });
    const binned = await alice.post('/api/events', { title: 'Cancelled', start_time: '2027-04-08T10:00:00.000Z', end_time: '2027-04-08T11:00:00.000Z' });
    expect((await alice.delete(`/api/events/${binned.body.id}`)).status).toBe(204);
    const binnedTask = await alice.post('/api/tasks', { title: 'Dropped', due_date: '2027-04-09T00:00:00.000Z' });
    await alice.delete(`/api/tasks/${binnedTask.body.id}`);

    const feed = await fetchFeed(await makeFeed(alice));
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { calendar, events, bySummary } = parsed(feed.body);
    expect(events.map((event) => event.summary).sort()).toEqual(['Choir', 'Dentist', 'Holiday', 'Task: Call Bob', 'Task: Pay rent']);
    expect(calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);

    const choir = bySummary('Choir');
    expect(choir.uid).toBe(`event-${series.body.id}@tempo`);
    expect(choir.startDate.zone.tzid).toBe('Europe/Berlin');
    expect(String(choir.component.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;COUNT=4;BYDAY=TU');
    // 09:00 in Berlin on each Tuesday: 08:00 UTC before the clock change, 07:00 after; the 23rd left out.
    const starts: string[] = [];
    const occurrences = choir.iterator();
    for (let next = occurrences.next(); next; next = occurrences.next()) {
      if (!choir.isRecurrenceException() && !isExcluded(choir, next)) starts.push(next.toJSDate().toISOString());
    }
    expect(starts).toEqual(['2027-03-16T08:00:00.000Z', '2027-03-30T07:00:00.000Z', '2027-04-06T07:00:00.000Z']);

    const holiday = bySummary('Holiday');
    expect(holiday.startDate.isDate).toBe(true);
    expect([holiday.startDate.toString(), holiday.endDate.toString()]).toEqual(['2027-04-05', '2027-04-07']);
    expect(bySummary('Dentist').startDate.toJSDate().toISOString()).toBe('2027-04-07T10:00:00.000Z');
    // A due date picked as a day is an all-day entry; one with a time is at that time.
    expect(bySummary('Task: Pay rent').startDate.toString()).toBe('2027-04-01');
    expect(bySummary('Task: Call Bob').startDate.toJSDate().toISOString()).toBe('2027-04-02T15:30:00.000Z');
  });

  it('answers 304 to the ETag it gave until something changes, and says so in Last-Modified', async () => {
    const alice = await user();
    await alice.post('/api/events', { title: 'Standup', start_time: '2027-05-03T09:00:00.000Z', end_time: '2027-05-03T09:15:00.000Z' });
    const url = await makeFeed(alice);
    const first = await fetchFeed(url);
    // No shared cache keeps it (a replaced address must stop at once); the subscriber revalidates it.
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['last-modified']).toMatch(/GMT$/);
    expect(await fetchFeed(url, { 'if-none-match': first.headers.etag! })).toMatchObject({ status: 304, body: '' });

    await alice.post('/api/events', { title: 'Review', start_time: '2027-05-04T09:00:00.000Z', end_time: '2027-05-04T10:00:00.000Z' });
    // The feed's change stamps move once the table's stream is counted.
    await world.settle();
    const changed = await fetchFeed(url, { 'if-none-match': first.headers.etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(
      parsed(changed.body)
        .events.map((event) => event.summary)
        .sort(),
    ).toEqual(['Review', 'Standup']);
  });

  it('stops the old address when a new one is made, and every address when turned off, with one 404 for all', async () => {
    const alice = await user();
    expect((await alice.get('/api/calendar-feed')).body).toEqual({ enabled: false, include_google: false, created_at: null, replaced: null, url: null });
    const first = await makeFeed(alice);
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:3000\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    // The address is shown once: the settings answer only that a feed is on.
    expect((await alice.get('/api/calendar-feed')).body).toMatchObject({ enabled: true, url: null });

    const second = await makeFeed(alice);
    expect(second).not.toBe(first);
    const replaced = await fetchFeed(first);
    expect((await fetchFeed(second)).status).toBe(200);

    expect((await alice.delete('/api/calendar-feed')).status).toBe(204);
    const turnedOff = await fetchFeed(second);
    const neverMade = await fetchFeed(first.replace(/[A-Za-z0-9_-]{43}\.ics$/, `${'A'.repeat(43)}.ics`));
    const notAToken = await fetchFeed(first.replace(/[A-Za-z0-9_-]{43}\.ics$/, 'calendar.ics'));
    for (const answer of [replaced, turnedOff, neverMade]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toBe(replaced.body);
    }
    // Refused by the edge (the local adapter as the web ACL), before the function.
    expect(notAToken.status).toBe(404);
    expect((await alice.get('/api/calendar-feed')).body).toMatchObject({ enabled: false });
  });

  it('leaves Google’s events out unless the person asks for them, and shows one person’s items only', async () => {
    const alice = await user();
    const bob = await user();
    await bob.post('/api/events', { title: 'Bob only', start_time: '2027-06-01T09:00:00.000Z', end_time: '2027-06-01T10:00:00.000Z' });
    expect((await alice.put('/api/calendar-feed', { include_google: true })).body).toEqual({
      error: { code: 'conflict', message: 'The calendar feed is off: create its address first.' },
    });
    await makeFeed(alice);
    expect((await alice.put('/api/calendar-feed', { include_google: true })).body).toMatchObject({ enabled: true, include_google: true, url: null });
    // A new address keeps the choice.
    const renewed = await alice.post('/api/calendar-feed');
    expect(renewed.body).toMatchObject({ include_google: true });
    expect(parsed((await fetchFeed(renewed.body.url)).body).events).toEqual([]);
  });
});

describe('a feed request', () => {
  it('is refused with one 404, before anything is read, in any spelling but exactly /ical/<token>.ics', async () => {
    const alice = await user();
    const path = pathOf(await makeFeed(alice));
    const token = path.slice('/ical/'.length, -'.ics'.length);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // The same 32 bytes spelled with the last character's unused bits set.
    const sameBytes = `${token.slice(0, -1)}${alphabet[alphabet.indexOf(token.at(-1)!) + 1]}`;
    const percentEncoded = `%${token.charCodeAt(0).toString(16).toUpperCase()}${token.slice(1)}`;
    const neverMade = await gatewayFeedRequest(`/ical/${'A'.repeat(43)}.ics`);
    expect(neverMade.status).toBe(404);

    const spellings: Array<[string, string?]> = [
      [`${path}/`],
      [path.replace('/ical/', '/ICAL/')],
      [path.replace(/\.ics$/, '.ICS')],
      [path.replace(/\.ics$/, '')],
      [path.replace(/\.ics$/, '%2Eics')],
      [`/ical/${percentEncoded}.ics`],
      [`${path}/calendar.ics`],
      [path.replace('/ical/', '/ical//')],
      [`/ical/x/../${token}.ics`],
      [`/ical/${sameBytes}.ics`],
      [`/ical/${token}A.ics`],
      [`/ical/${token.slice(1)}.ics`],
      [`${path};x`],
      [path, 'x=1'],
      [path, 'token=other'],
    ];
    const calls = await dynamoCalls(async () => {
      for (const [spelling, query] of spellings) {
        const answer = await gatewayFeedRequest(spelling, { query });
        expect([spelling, query, answer.status, answer.body]).toEqual([spelling, query, 404, neverMade.body]);
      }
    });
    expect(calls.names).toEqual([]);
    // Through the local stack's edge too: a query string never reaches a feed.
    const withQuery = await world.adapter({ method: 'GET', url: `${path}?x=1`, headers: {}, body: Buffer.alloc(0), sourceIp: '10.9.9.9' });
    expect(withQuery.status).toBe(404);
    expect((await gatewayFeedRequest(path)).status).toBe(200);
  });

  it('answers a revalidation with its ETag after one Query on the token and two Gets, and a new subscriber from the copy built, reading no list', async () => {
    const alice = await user();
    await alice.post('/api/events', { title: 'Standup', start_time: daysFromNow(3), end_time: daysFromNow(3, 13) });
    await world.settle();
    const path = pathOf(await makeFeed(alice));
    const first = await gatewayFeedRequest(path);
    expect(first.status).toBe(200);

    let revalidated: Awaited<ReturnType<typeof gatewayFeedRequest>> | undefined;
    const revalidating = await dynamoCalls(async () => (revalidated = await gatewayFeedRequest(path, { headers: { 'if-none-match': first.headers.etag! } })));
    expect(revalidated).toMatchObject({ status: 304, body: '', headers: { etag: first.headers.etag, 'last-modified': first.headers['last-modified'] } });
    // The token's lookup, its quota, the feed's record and the person's change stamps.
    expect(revalidating).toEqual({ names: ['GetCommand', 'GetCommand', 'QueryCommand', 'UpdateCommand'], queriedIndexes: ['byList'] });

    let again: Awaited<ReturnType<typeof gatewayFeedRequest>> | undefined;
    const fromCopy = await dynamoCalls(async () => (again = await gatewayFeedRequest(path)));
    expect(again).toEqual(first);
    expect(fromCopy).toEqual(revalidating);

    await alice.post('/api/events', { title: 'Review', start_time: daysFromNow(4), end_time: daysFromNow(4, 13) });
    await world.settle();
    let changed: Awaited<ReturnType<typeof gatewayFeedRequest>> | undefined;
    const rebuilding = await dynamoCalls(async () => (changed = await gatewayFeedRequest(path, { headers: { 'if-none-match': first.headers.etag! } })));
    expect(changed?.status).toBe(200);
    expect(
      parsed(changed!.body)
        .events.map((event) => event.summary)
        .sort(),
    ).toEqual(['Review', 'Standup']);
    expect(rebuilding.queriedIndexes.length).toBeGreaterThan(1);
  });

  it('counts each address’s requests on its own: one used up answers 429 with Retry-After while another still answers, until the next hour', async () => {
    const clock = useVirtualClock();
    try {
      // A minute into an hour: the quota's window does not end during the test.
      clock.advance(3_600_000 - (clock.now() % 3_600_000) + 60_000);
      const alice = await user();
      const bob = await user();
      const [alicePath, bobPath] = [pathOf(await makeFeed(alice)), pathOf(await makeFeed(bob))];
      const { etag } = (await gatewayFeedRequest(alicePath)).headers;
      for (let request = 2; request <= 60; request++) expect((await gatewayFeedRequest(alicePath, { headers: { 'if-none-match': etag! } })).status).toBe(304);

      const refused = await gatewayFeedRequest(alicePath);
      expect(refused.status).toBe(429);
      // Until the next hour, 59 minutes away.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3540);
      expect(JSON.parse(refused.body)).toEqual({
        error: { code: 'rate_limited', message: 'This calendar feed was asked for too often. Please try again later.' },
      });
      expect((await gatewayFeedRequest(bobPath)).status).toBe(200);

      clock.advance(3_540_000);
      expect((await gatewayFeedRequest(alicePath)).status).toBe(200);
    } finally {
      clock.restore();
    }
  });

  it('holds single events and dated tasks from 90 days back to a year ahead, and a series whatever its dates', async () => {
    const alice = await user();
    const event = (title: string, days: number, recurrence?: object) =>
      alice.post('/api/events', { title, start_time: daysFromNow(days), end_time: daysFromNow(days, 13), ...(recurrence ? { recurrence } : {}) });
    await event('Too long ago', -120);
    await event('Last month', -30);
    await event('Next autumn', 300);
    await event('Too far ahead', 400);
    await event('Weekly since long ago', -500, { rule: 'FREQ=WEEKLY', time_zone: 'UTC', exceptions: [] });
    await alice.post('/api/tasks', { title: 'Soon', due_date: daysFromNow(10) });
    await alice.post('/api/tasks', { title: 'Much later', due_date: daysFromNow(400) });
    const feed = await fetchFeed(await makeFeed(alice));
    expect(
      parsed(feed.body)
        .events.map((entry) => entry.summary)
        .sort(),
    ).toEqual(['Last month', 'Next autumn', 'Task: Soon', 'Weekly since long ago']);
  });
});

describe('sign out everywhere', () => {
  it('moves the feed to an address nobody has: the old one is a 404 at once, Settings says why, and a new address works', async () => {
    const alice = await user();
    const old = await makeFeed(alice);
    await alice.put('/api/calendar-feed', { include_google: true });
    expect((await fetchFeed(old)).status).toBe(200);
    const neverMade = await fetchFeed(old.replace(/[A-Za-z0-9_-]{43}\.ics$/, `${'A'.repeat(43)}.ics`));

    await replaceFeedAfterSignOut(alice.id, new Date('2026-12-06T10:00:00.000Z'));
    expect(await fetchFeed(old)).toEqual(neverMade);
    expect((await alice.get('/api/calendar-feed')).body).toEqual({
      enabled: true,
      include_google: true,
      created_at: expect.any(String),
      replaced: { at: '2026-12-06T10:00:00.000Z', reason: 'sign_out' },
      url: null,
    });

    const renewed = await alice.post('/api/calendar-feed');
    expect(renewed.body).toMatchObject({ enabled: true, include_google: true, replaced: null });
    expect((await fetchFeed(renewed.body.url)).status).toBe(200);
    expect((await alice.get('/api/calendar-feed')).body).toMatchObject({ enabled: true, replaced: null });
  });

  it('makes no feed for a person who had none', async () => {
    const bob = await user();
    await replaceFeedAfterSignOut(bob.id, new Date());
    expect((await bob.get('/api/calendar-feed')).body).toMatchObject({ enabled: false, replaced: null });
  });
});

/** Whether an occurrence is one of the series' EXDATEs (ical.js's iterator yields them). */
function isExcluded(event: ICAL.Event, start: ICAL.Time): boolean {
  return event.component
    .getAllProperties('exdate')
    .flatMap((property) => property.getValues() as ICAL.Time[])
    .some((excluded) => excluded.compare(start) === 0);
}
