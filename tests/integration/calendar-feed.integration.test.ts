import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { integrationHarness, type TestUser } from '../support/harness';

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
    expect(first.headers['cache-control']).toBe('public, max-age=900');
    expect(first.headers['last-modified']).toMatch(/GMT$/);
    expect(await fetchFeed(url, { 'if-none-match': first.headers.etag! })).toMatchObject({ status: 304, body: '' });

    await alice.post('/api/events', { title: 'Review', start_time: '2027-05-04T09:00:00.000Z', end_time: '2027-05-04T10:00:00.000Z' });
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
    expect((await alice.get('/api/calendar-feed')).body).toEqual({ enabled: false, include_google: false, created_at: null, url: null });
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
    for (const answer of [replaced, turnedOff, neverMade, notAToken]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toBe(replaced.body);
    }
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

/** Whether an occurrence is one of the series' EXDATEs (ical.js's iterator yields them). */
function isExcluded(event: ICAL.Event, start: ICAL.Time): boolean {
  return event.component
    .getAllProperties('exdate')
    .flatMap((property) => property.getValues() as ICAL.Time[])
    .some((excluded) => excluded.compare(start) === 0);
}
