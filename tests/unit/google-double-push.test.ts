import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGoogleDouble, type GoogleDouble } from '../../local/google-double';

/**
 * The Google double's push channels, driven by Google's own client (@googleapis/calendar): the
 * request and answer shapes of events.watch and channels.stop, the rules Google enforces on a
 * channel, and the notification requests it sends.
 */

const ADDRESS = 'https://tempo.example/api/gcal/notifications';
const READ_SCOPE = 'https://www.googleapis.com/auth/calendar.readonly';
const WEEK_MS = 7 * 24 * 3600_000;

let google: GoogleDouble;
/** What the "site" answers Google's notifications with (`refusalStatus` for the first `refusals` of them), and what it received. */
let refusals = 0;
let refusalStatus = 503;
const received: Array<{ address: string; headers: Record<string, string> }> = [];

beforeAll(async () => {
  google = await startGoogleDouble({
    deliver: async (address, headers) => {
      received.push({ address, headers });
      return received.length <= refusals ? refusalStatus : 204;
    },
  });
});
afterAll(() => google.stop());
beforeEach(() => {
  refusals = 0;
  refusalStatus = 503;
  received.length = 0;
});

/** Google's client for `account`, signed in through the double's consent page and token endpoint. */
async function clientOf(account: string, scope = READ_SCOPE): Promise<calendar_v3.Calendar> {
  const redirectUri = 'http://127.0.0.1/callback';
  const oauth = new auth.OAuth2({ clientId: google.env.GOOGLE_CLIENT_ID, clientSecret: google.env.GOOGLE_CLIENT_SECRET, redirectUri });
  oauth.setCredentials({});
  google.signInAs(account);
  const consent = new URL(google.env.GOOGLE_OAUTH_BASE_URL);
  for (const [name, value] of Object.entries({ client_id: google.env.GOOGLE_CLIENT_ID, redirect_uri: redirectUri, scope, response_type: 'code' })) {
    consent.searchParams.set(name, value);
  }
  const code = new URL(`http://127.0.0.1${await google.consent(consent.toString())}`).searchParams.get('code')!;
  const tokens = await fetch(google.env.GOOGLE_TOKEN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      code,
      redirect_uri: redirectUri,
      grant_type: 'authorization_code',
      client_id: google.env.GOOGLE_CLIENT_ID,
      client_secret: google.env.GOOGLE_CLIENT_SECRET,
    }),
  }).then((answer) => answer.json() as Promise<{ access_token: string }>);
  oauth.setCredentials({ access_token: tokens.access_token });
  return calendar({ version: 'v3', auth: oauth, rootUrl: google.env.GOOGLE_CALENDAR_ROOT_URL, retry: false });
}

const watchBody = (id: string, extra: Partial<calendar_v3.Schema$Channel> = {}): calendar_v3.Schema$Channel => ({
  id,
  type: 'web_hook',
  address: ADDRESS,
  token: 'secret',
  ...extra,
});

/** The status and Google's reason of a refused call. */
async function refusal(call: Promise<unknown>): Promise<[number, string]> {
  const error = (await call.then(
    () => undefined,
    (failure: unknown) => failure,
  )) as { status?: number; response?: { data?: { error?: { errors?: Array<{ reason: string }> } } } } | undefined;
  return [error?.status ?? 0, error?.response?.data?.error?.errors?.[0]?.reason ?? ''];
}

describe('the Google double: watch channels', () => {
  it('opens a channel with the answer events.watch gives, then sends its sync message and one exists per change, in order', async () => {
    const api = await clientOf('watcher@example.com');
    const before = Date.now();
    const { data: channel } = await api.events.watch({ calendarId: 'primary', requestBody: watchBody('channel-1') });
    expect(channel).toEqual({
      kind: 'api#channel',
      id: 'channel-1',
      resourceId: expect.any(String),
      resourceUri: expect.stringMatching(/\/calendar\/v3\/calendars\/primary\/events\?alt=json$/),
      token: 'secret',
      expiration: expect.stringMatching(/^\d+$/),
    });
    // No ttl asked: Google's default, a week.
    expect(Number(channel.expiration) - before).toBeGreaterThanOrEqual(WEEK_MS - 1_000);
    expect(Number(channel.expiration) - Date.now()).toBeLessThanOrEqual(WEEK_MS);

    google.addEvent('watcher@example.com', { summary: 'Lunch', start: { dateTime: '2030-01-01T12:00:00Z' }, end: { dateTime: '2030-01-01T13:00:00Z' } });
    google.addEvent('someone-else@example.com', {
      summary: 'Not theirs',
      start: { dateTime: '2030-01-01T12:00:00Z' },
      end: { dateTime: '2030-01-01T13:00:00Z' },
    });
    await google.notified();
    expect(received.map(({ headers }) => [headers['x-goog-resource-state'], headers['x-goog-message-number']])).toEqual([
      ['sync', '1'],
      ['exists', '2'],
    ]);
    expect(received[1]).toEqual({
      address: ADDRESS,
      headers: {
        'x-goog-channel-id': 'channel-1',
        'x-goog-channel-token': 'secret',
        'x-goog-channel-expiration': new Date(Number(channel.expiration)).toUTCString(),
        'x-goog-resource-id': channel.resourceId,
        'x-goog-resource-uri': channel.resourceUri,
        'x-goog-resource-state': 'exists',
        'x-goog-message-number': '2',
      },
    });
  });

  it('grants params.ttl up to a week, and refuses what Google refuses', async () => {
    const api = await clientOf('rules@example.com');
    const { data: short } = await api.events.watch({ calendarId: 'primary', requestBody: watchBody('short', { params: { ttl: '3600' } }) });
    expect(Number(short.expiration) - Date.now()).toBeLessThanOrEqual(3600_000);
    const { data: long } = await api.events.watch({ calendarId: 'primary', requestBody: watchBody('long', { params: { ttl: String(30 * 24 * 3600) } }) });
    expect(Number(long.expiration) - Date.now()).toBeLessThanOrEqual(WEEK_MS);

    const watch = (body: calendar_v3.Schema$Channel) => refusal(api.events.watch({ calendarId: 'primary', requestBody: body }));
    expect(await watch(watchBody('short'))).toEqual([400, 'channelIdNotUnique']);
    expect(await watch(watchBody('x'.repeat(65)))).toEqual([400, 'invalid']);
    expect(await watch(watchBody('has spaces'))).toEqual([400, 'invalid']);
    expect(await watch(watchBody('plain-http', { address: 'http://tempo.example/api/gcal/notifications' }))).toEqual([400, 'push.webhookUrlNotHttps']);
    expect(await watch(watchBody('no-type', { type: 'email' }))).toEqual([400, 'invalid']);
    expect(await watch(watchBody('long-token', { token: 't'.repeat(257) }))).toEqual([400, 'invalid']);
    expect(await watch({ type: 'web_hook', address: ADDRESS })).toEqual([400, 'required']);
    // The loopback stands for the product's own site, which has no certificate locally.
    expect((await api.events.watch({ calendarId: 'primary', requestBody: watchBody('loopback', { address: 'http://127.0.0.1:3000/hook' }) })).status).toBe(200);
  });

  it('stops a channel with channels.stop (its id and resourceId, by the account that opened it): no more notifications', async () => {
    const owner = await clientOf('stopper@example.com');
    const stranger = await clientOf('stranger@example.com');
    const { data: channel } = await owner.events.watch({ calendarId: 'primary', requestBody: watchBody('to-stop') });
    await google.notified();
    const stop = (api: calendar_v3.Calendar, body: calendar_v3.Schema$Channel) => api.channels.stop({ requestBody: body });

    expect(await refusal(stop(stranger, { id: channel.id, resourceId: channel.resourceId }))).toEqual([404, 'notFound']);
    expect(await refusal(stop(owner, { id: channel.id, resourceId: 'another-resource' }))).toEqual([404, 'notFound']);
    expect((await stop(owner, { id: channel.id, resourceId: channel.resourceId })).status).toBe(204);
    expect(await refusal(stop(owner, { id: channel.id, resourceId: channel.resourceId }))).toEqual([404, 'notFound']);

    google.addEvent('stopper@example.com', { summary: 'Unheard', start: { date: '2030-01-02' }, end: { date: '2030-01-03' } });
    await google.notified();
    expect(received.map(({ headers }) => headers['x-goog-resource-state'])).toEqual(['sync']);
    expect(google.channels('stopper@example.com')).toEqual([]);
  });

  // Waits Google's backoff on the real clock: about 3 s.
  it('sends a notification the site answered with a server error again, with backoff, until it is taken', { timeout: 20_000 }, async () => {
    const api = await clientOf('retry@example.com');
    refusals = 2;
    const started = Date.now();
    await api.events.watch({ calendarId: 'primary', requestBody: watchBody('retried') });
    await google.notified();
    expect(google.deliveries.filter((delivery) => delivery.channelId === 'retried').map((delivery) => delivery.status)).toEqual([503, 503, 204]);
    // Waited about 1 s, then 2 s, before the tries (a timer fires no sooner than asked, give or take a millisecond).
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_990);
  });

  it('does not send again what the site refused with a client error (a 404 for a channel it does not know)', async () => {
    const api = await clientOf('refused@example.com');
    refusals = 1;
    refusalStatus = 404;
    await api.events.watch({ calendarId: 'primary', requestBody: watchBody('refused') });
    await google.notified();
    expect(google.deliveries.filter((delivery) => delivery.channelId === 'refused').map((delivery) => delivery.status)).toEqual([404]);
  });
});
