import { describe, expect, it } from 'vitest';
import { CALENDAR_FEED } from '../../shared/calendar-feed';
import { integrationHarness } from '../support/harness';

/** The edge's per-client limits as the local adapter applies them, small enough to reach; an hour's window, so none ends mid-test. */
const LIMITS = { windowMs: 60 * 60_000, publicRoutesPerAddress: 4, anonymousPerAddress: 6, calendarFeedPerToken: 3 };
const { world, call, user } = integrationHarness({ clientLimits: LIMITS });

const TOO_MANY = { status: 429, body: { message: 'Too Many Requests' } };
const joinWaitingList = (sourceIp: string) => call('POST', '/api/waitlist', { sourceIp, body: { email: 'not an address' } });
/** What Google posts for a channel; this one names no channel of ours, so the handler answers it 404 after checking it. */
const googleNotice = (sourceIp: string) =>
  call('POST', '/api/gcal/notifications', {
    sourceIp,
    headers: { 'x-goog-channel-id': 'not-ours', 'x-goog-resource-id': 'r', 'x-goog-channel-token': 't', 'x-goog-resource-state': 'exists' },
  });

describe('per-address limits, counted by the address the handlers count (an IPv6 host by its /64)', () => {
  it('counts every address of one IPv6 /64 as one client, and another /64 apart', async () => {
    const sameHost = ['2001:db8:5:6::1', '2001:db8:5:6:aaaa::2', '2001:db8:5:6:ffff:ffff:ffff:fffe', '[2001:db8:5:6::9]'];
    for (const address of sameHost) expect((await joinWaitingList(address)).status, address).toBe(400);
    expect(await joinWaitingList('2001:db8:5:6::abcd')).toMatchObject(TOO_MANY);
    expect((await joinWaitingList('2001:db8:5:7::1')).status).toBe(400);
  });

  it('counts an IPv4 address reported as IPv4-mapped IPv6 as the IPv4 address', async () => {
    for (let sent = 0; sent < LIMITS.publicRoutesPerAddress; sent += 1) expect((await joinWaitingList('192.0.2.77')).status).toBe(400);
    expect(await joinWaitingList('::ffff:192.0.2.77')).toMatchObject(TOO_MANY);
  });
});

describe('Google’s push notices', () => {
  it('are all served from one address, past the public routes’ and the anonymous counts, while a form from it is limited', async () => {
    const google = '192.0.2.200';
    const notices = Math.max(LIMITS.publicRoutesPerAddress, LIMITS.anonymousPerAddress) * 2;
    for (let sent = 0; sent < notices; sent += 1) {
      const answer = await googleNotice(google);
      // The handler's own answer (the channel checked and refused), not the edge's 429.
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    }
    for (let sent = 0; sent < LIMITS.publicRoutesPerAddress; sent += 1) expect((await joinWaitingList(google)).status).toBe(400);
    expect(await joinWaitingList(google)).toMatchObject(TOO_MANY);
    expect((await googleNotice(google)).status).toBe(404);
  });
});

describe('the calendar feed', () => {
  async function feedPath(): Promise<string> {
    const person = await user();
    const made = await person.post('/api/calendar-feed');
    expect(made.status).toBe(201);
    return new URL(made.body.url as string).pathname;
  }
  /** A calendar app's poll: its answer is iCal, not JSON. */
  async function fetchFeed(path: string, sourceIp: string) {
    const answer = await world.adapter({ method: 'GET', url: path, headers: {}, body: Buffer.alloc(0), sourceIp });
    return { status: answer.status, body: answer.headers['content-type']?.startsWith('application/json') ? JSON.parse(answer.body) : answer.body };
  }

  it('gives each address (its token) its own count, whoever asks for it', async () => {
    const [first, second] = [await feedPath(), await feedPath()];
    for (let sent = 0; sent < LIMITS.calendarFeedPerToken; sent += 1) expect((await fetchFeed(first, `198.51.100.${sent}`)).status).toBe(200);
    expect(await fetchFeed(first, '198.51.100.99')).toMatchObject(TOO_MANY);
    expect((await fetchFeed(second, '198.51.100.99')).status).toBe(200);
  });

  it('refuses any other spelling of an address before counting it, so none escapes the count', async () => {
    const path = await feedPath();
    const token = path.slice(CALENDAR_FEED.pathPrefix.length, -CALENDAR_FEED.fileSuffix.length);
    const spellings = [
      `${path}/`,
      path.replace(CALENDAR_FEED.fileSuffix, '.ICS'),
      path.replace(CALENDAR_FEED.fileSuffix, ''),
      path.replace(token[0]!, `%${token.charCodeAt(0).toString(16).toUpperCase()}`),
    ];
    for (const spelling of spellings) {
      for (let sent = 0; sent <= LIMITS.calendarFeedPerToken; sent += 1) {
        // The edge's own answer, as the web ACL's: the handler never sees it.
        expect(await fetchFeed(spelling, `203.0.113.${sent}`), spelling).toEqual({ status: 404, body: { message: 'Not Found' } });
      }
    }
    expect((await fetchFeed(path, '203.0.113.200')).status).toBe(200);
  });
});
