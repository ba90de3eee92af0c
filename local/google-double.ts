import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { calendar_v3 } from '@googleapis/calendar';
import * as rrulePackage from 'rrule';

/**
 * A stand-in for Google, on 127.0.0.1, speaking the protocols Tempo uses, as Google does:
 * - OAuth 2.0: the consent page (`GET /o/oauth2/v2/auth`, which consents at once and redirects back
 *   with a code, so a browser test can click Connect), the token endpoint (`POST /token`,
 *   authorization_code and refresh_token grants, `invalid_grant` for a revoked refresh token) and
 *   revocation (`POST /revoke` with `token`, either token of a grant ending it all; 400
 *   `invalid_token` for a token unknown or revoked already).
 * - Calendar v3 events of the `primary` calendar: list (timeMin/timeMax, paging with pageToken,
 *   incremental with syncToken and nextSyncToken, 410 for an expired sync token) with recurring
 *   events unexpanded (singleEvents=false, Google's default): a series is one event with its
 *   recurrence lines, listed while it may have occurrences in the window, and each occurrence
 *   changed or cancelled on its own is an event apart, with its series' id (recurringEventId) and the
 *   start it had (originalStartTime); cancelled occurrences are listed even without showDeleted, and
 *   a cancelled event is listed as Google lists one, its id and status only (expanding series
 *   with singleEvents=true is not modelled: it answers 400); instances (a series' occurrences in
 *   a window, its RRULE and RDATEs less its EXDATEs, in its zone);
 *   insert (client ids, 409 for a duplicate), patch and delete (410 once deleted); a recurring event
 *   needs well-formed recurrence lines and, when timed, a time zone on start and end (400 as Google
 *   answers: "Invalid recurrence rule.", "Missing time zone definition for start time."). Writes need the
 *   calendar.events scope (403 insufficientPermissions otherwise), reads either calendar scope.
 * - Push notifications: events.watch (`POST .../events/watch`: a channel id of up to 64 characters of
 *   [A-Za-z0-9-_+/=], unique while it lives; type web_hook; an HTTPS address, or http on the loopback
 *   since nothing local has a certificate; a token of up to 256 characters; params.ttl in seconds or
 *   an expiration in ms, at most a week, the default) answering the channel with its resourceId,
 *   resourceUri and expiration; channels.stop (`POST /calendar/v3/channels/stop` with id and
 *   resourceId, 204; 404 for a channel it does not know). Each channel gets Google's notification
 *   requests: an empty POST with X-Goog-Channel-ID, X-Goog-Channel-Token, X-Goog-Channel-Expiration,
 *   X-Goog-Resource-ID, X-Goog-Resource-URI, X-Goog-Resource-State (`sync` once opened, `exists` on
 *   each change of the calendar) and X-Goog-Message-Number, in order; one answered 500, 502, 503 or 504
 *   (or not at all) is sent again with exponential backoff, a few times, and any other answer ends it.
 * Knobs let tests seed and change Google-side events, fail the next calls, revoke grants, expire
 * tokens, and read what the mirror wrote. `env` holds the variables that point functions/gcal here.
 * Browser tests, which run the double inside the stack, reach a few of the knobs over HTTP under
 * the test-only path `/__double/` (see `control`).
 *
 * Each Google account has its own calendar; the consent page grants for the account named by the
 * browser's `GOOGLE_ACCOUNT_COOKIE`, else for the one last chosen with `signInAs` (as if that person
 * were signed in to Google in the browser).
 */

export type GoogleEventInput = Omit<calendar_v3.Schema$Event, 'id' | 'etag' | 'created' | 'updated'> & { id?: string };

interface StoredEvent extends calendar_v3.Schema$Event {
  id: string;
  /** The calendar's change counter when this event last changed; what sync tokens compare with. */
  changedAt: number;
}

interface Account {
  /** The opaque id Google gives the watched resource (this calendar's events), the same on every channel. */
  resourceId: string;
  events: Map<string, StoredEvent>;
  changes: number;
  /** Sync tokens of an older generation answer 410. */
  syncGeneration: number;
  /** What the account has granted this client so far (include_granted_scopes adds to it). */
  granted: Set<string>;
}

interface Grant {
  account: string;
  scopes: string[];
  revoked: boolean;
}

interface AccessToken extends Grant {
  expiresAt: number;
  refreshToken: string | null;
}

/** A watch channel as Google keeps it. */
interface Channel {
  id: string;
  account: string;
  resourceId: string;
  resourceUri: string;
  address: string;
  token: string | null;
  /** Epoch ms. */
  expiration: number;
  /** The last message number sent (the sync message is 1). */
  messages: number;
  /** Deliveries go one after the other, in message order. */
  queue: Promise<void>;
  stopped: boolean;
}

/** One notification request, as sent, and what the receiver answered (0: no answer at all). */
export interface Delivery {
  channelId: string;
  account: string;
  state: 'sync' | 'exists';
  messageNumber: number;
  status: number;
}

export type Fault = 401 | 403 | 429 | 500 | 503;
type Target = 'calendar' | 'token' | 'revoke';
/** An injected failure; with an account, only that account's calls meet it (tests running side by side). */
interface InjectedFault {
  target: Target;
  status: Fault;
  reason?: string;
  account?: string;
  /** Only calls to this path meet it (a listing, say, and not a watch). */
  path?: string;
}

/** The browser cookie (on 127.0.0.1) naming the Google account signed in there, which the consent page grants for. */
export const GOOGLE_ACCOUNT_COOKIE = 'google_double_account';
/** Where the HTTP knobs for browser tests live; Google has nothing there. */
export const CONTROL_PATH = '/__double/';

const SCOPES = {
  read: 'https://www.googleapis.com/auth/calendar.readonly',
  write: 'https://www.googleapis.com/auth/calendar.events',
  full: 'https://www.googleapis.com/auth/calendar',
};
const ACCESS_LIFETIME_S = 3599;
const EVENTS_PATH = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+)(\/instances)?)?$/;
const WATCH_PATH = /^\/calendar\/v3\/calendars\/([^/]+)\/events\/watch$/;
const STOP_PATH = '/calendar/v3/channels/stop';
/** Google's rules for a channel: its id's alphabet and length, the token's length, and how long one lives. */
const CHANNEL_ID_PATTERN = /^[A-Za-z0-9\-_+/=]{1,64}$/;
const CHANNEL_TOKEN_MAX = 256;
const CHANNEL_TTL_MAX_S = 7 * 24 * 3600;
/** What Google sends a notification again for (after these waits): a server error, or no answer. Any other status ends it. */
const REDELIVERED_STATUSES = new Set([0, 500, 502, 503, 504]);
const REDELIVERY_DELAYS_MS = [1_000, 2_000, 4_000];
/** Google accepts client-chosen event ids in base32hex: a-v and 0-9, 5 to 1024 characters. */
const CLIENT_ID_PATTERN = /^[a-v0-9]{5,1024}$/;

export interface GoogleDoubleOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Events per page of a list (Google's default maxResults is 250). */
  pageSize?: number;
  /**
   * Sends a notification request and answers its status; by default over HTTP to the channel's
   * address. A test without a listening server hands it to its API directly.
   */
  deliver?: (address: string, headers: Record<string, string>) => Promise<number>;
}

export async function startGoogleDouble(options: GoogleDoubleOptions = {}) {
  const clientId = options.clientId ?? 'tempo-double-client.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'tempo-double-secret';
  const accounts = new Map<string, Account>();
  const codes = new Map<string, Grant & { redirectUri: string }>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, AccessToken>();
  const pages = new Map<string, { items: StoredEvent[]; nextSyncToken: string }>();
  const faults: InjectedFault[] = [];
  const calls: Array<{ method: string; path: string; query: Record<string, string> }> = [];
  const channels = new Map<string, Channel>();
  const deliveries: Delivery[] = [];
  const redeliveryTimers = new Set<NodeJS.Timeout>();
  const deliver = options.deliver ?? postNotification;
  const state = { signedIn: 'person@example.com', denyNext: false, withholdRefreshToken: false, pageSize: options.pageSize ?? 250 };

  function account(name: string): Account {
    let found = accounts.get(name);
    if (!found) {
      found = { resourceId: token('res-'), events: new Map(), changes: 0, syncGeneration: 0, granted: new Set() };
      accounts.set(name, found);
    }
    return found;
  }

  function touch(owner: Account, event: StoredEvent): StoredEvent {
    owner.changes += 1;
    const now = new Date().toISOString();
    Object.assign(event, { changedAt: owner.changes, updated: now, etag: `"${owner.changes}"` });
    event.created ??= now;
    owner.events.set(event.id, event);
    notifyChange(owner);
    return event;
  }

  const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;
  const eventId = () => Array.from(randomBytes(26), (byte) => '0123456789abcdefghijklmnopqrstuv'[byte % 32]).join('');

  // ---- OAuth ----

  function consent(query: URLSearchParams, headers: IncomingMessage['headers'], response: ServerResponse): void {
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== clientId || !redirectUri) return send(response, 400, { error: 'invalid_request' });
    const back = new URL(redirectUri);
    const stateParam = query.get('state');
    if (stateParam !== null) back.searchParams.set('state', stateParam);
    if (state.denyNext) {
      state.denyNext = false;
      back.searchParams.set('error', 'access_denied');
      return redirect(response, back);
    }
    const signedIn = cookie(headers, GOOGLE_ACCOUNT_COOKIE) ?? state.signedIn;
    const owner = account(signedIn);
    const asked = (query.get('scope') ?? '').split(' ').filter(Boolean);
    const scopes = new Set(query.get('include_granted_scopes') === 'true' ? [...owner.granted, ...asked] : asked);
    owner.granted = scopes;
    const code = token('4/');
    codes.set(code, { account: signedIn, scopes: [...scopes], revoked: false, redirectUri });
    back.searchParams.set('code', code);
    back.searchParams.set('scope', [...scopes].join(' '));
    redirect(response, back);
  }

  function issueTokens(form: URLSearchParams, headers: IncomingMessage['headers'], response: ServerResponse): void {
    if (!clientAuthenticated(form, headers)) {
      return send(response, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    }
    const grant = codes.get(form.get('code') ?? '') ?? refreshTokens.get(form.get('refresh_token') ?? '');
    const fault = takeFault('token', grant?.account);
    if (fault) return send(response, fault.status, { error: 'internal_failure', error_description: 'Backend Error' });
    if (form.get('grant_type') === 'authorization_code') return exchangeCode(form, response);
    if (form.get('grant_type') === 'refresh_token') return refresh(form, response);
    send(response, 400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${form.get('grant_type')}` });
  }

  function clientAuthenticated(form: URLSearchParams, headers: IncomingMessage['headers']): boolean {
    const basic = /^Basic (.+)$/.exec(headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [form.get('client_id'), form.get('client_secret')];
    return id === clientId && secret === clientSecret;
  }

  function exchangeCode(form: URLSearchParams, response: ServerResponse): void {
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code);
    if (!grant || grant.redirectUri !== form.get('redirect_uri')) {
      return send(response, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
    }
    const refreshToken = token('1//');
    refreshTokens.set(refreshToken, { account: grant.account, scopes: grant.scopes, revoked: false });
    const withheld = state.withholdRefreshToken;
    state.withholdRefreshToken = false;
    send(response, 200, { ...accessTokenFor(grant, refreshToken), ...(withheld ? {} : { refresh_token: refreshToken }) });
  }

  function refresh(form: URLSearchParams, response: ServerResponse): void {
    const refreshToken = form.get('refresh_token') ?? '';
    const grant = refreshTokens.get(refreshToken);
    if (!grant || grant.revoked) return send(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    send(response, 200, accessTokenFor(grant, refreshToken));
  }

  function accessTokenFor(grant: Grant, refreshToken: string) {
    const accessToken = token('ya29.');
    accessTokens.set(accessToken, { ...grant, refreshToken, expiresAt: Date.now() + ACCESS_LIFETIME_S * 1000 });
    return { access_token: accessToken, expires_in: ACCESS_LIFETIME_S, scope: grant.scopes.join(' '), token_type: 'Bearer' };
  }

  /** Revoking either token ends the whole grant, as at Google. */
  function revoke(tokenValue: string, response: ServerResponse): void {
    const refreshToken = refreshTokens.has(tokenValue) ? tokenValue : accessTokens.get(tokenValue)?.refreshToken;
    const grant = refreshToken ? refreshTokens.get(refreshToken) : undefined;
    const fault = takeFault('revoke', grant?.account);
    if (fault) return send(response, fault.status, { error: 'internal_failure', error_description: 'Backend Error' });
    // Google answers a token it no longer knows (revoked already, or never issued) with 400 invalid_token.
    if (!grant || grant.revoked) return send(response, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    grant.revoked = true;
    for (const access of accessTokens.values()) if (access.refreshToken === refreshToken) access.revoked = true;
    send(response, 200, {});
  }

  // ---- Calendar v3 ----

  function calendarCall(method: string, url: URL, body: unknown, headers: IncomingMessage['headers'], response: ServerResponse): void {
    const watched = WATCH_PATH.exec(url.pathname)?.[1];
    const [, calendarId, id, instancesOf] = (watched ? undefined : EVENTS_PATH.exec(url.pathname)) ?? [];
    if (!calendarId && !watched && url.pathname !== STOP_PATH) return apiError(response, 404, 'Not Found', 'notFound');
    const access = accessTokens.get(/^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? '');
    const fault = takeFault('calendar', access?.account, url.pathname);
    if (fault) return apiFault(response, fault.status, fault.reason);
    if (!access || access.revoked || access.expiresAt <= Date.now()) return apiFault(response, 401);
    if (url.pathname === STOP_PATH)
      return method === 'POST' ? stopChannel(access.account, body, response) : apiError(response, 405, 'Method Not Allowed', 'methodNotAllowed');
    if ((watched ?? calendarId) !== 'primary') return apiError(response, 404, 'Not Found', 'notFound');
    const owner = account(access.account);
    const canWrite = access.scopes.includes(SCOPES.write) || access.scopes.includes(SCOPES.full);
    const canRead = canWrite || access.scopes.includes(SCOPES.read);
    if (watched) {
      if (method !== 'POST') return apiError(response, 405, 'Method Not Allowed', 'methodNotAllowed');
      return canRead ? watch(owner, access.account, body, headers.host ?? '', response) : insufficientScopes(response);
    }
    if (method === 'GET' && !id) return canRead ? list(owner, access.account, url.searchParams, response) : insufficientScopes(response);
    if (method === 'GET' && instancesOf) return canRead ? instances(owner, decodeURIComponent(id!), url.searchParams, response) : insufficientScopes(response);
    if (!canWrite) return insufficientScopes(response);
    if (method === 'POST' && !id) return insert(owner, body as GoogleEventInput, response);
    const existing = id ? owner.events.get(decodeURIComponent(id)) : undefined;
    if (!existing) return apiError(response, 404, 'Not Found', 'notFound');
    if (method === 'PATCH') {
      const patched = { ...mergePatch(existing, body), id: existing.id };
      const refusal = recurrenceRefusal(patched);
      if (refusal) return apiError(response, 400, refusal.message, refusal.reason);
      return send(response, 200, publicEvent(touch(owner, patched)));
    }
    if (method === 'DELETE') {
      if (existing.status === 'cancelled') return apiError(response, 410, 'Resource has been deleted', 'deleted');
      touch(owner, { ...existing, status: 'cancelled' });
      return send(response, 204);
    }
    apiError(response, 405, 'Method Not Allowed', 'methodNotAllowed');
  }

  function list(owner: Account, name: string, query: URLSearchParams, response: ServerResponse): void {
    if (query.get('singleEvents') === 'true') return apiError(response, 400, 'singleEvents=true is not modelled by this double.', 'invalid');
    const pageToken = query.get('pageToken');
    if (pageToken) {
      const rest = pages.get(pageToken);
      if (!rest) return apiError(response, 400, 'Invalid page token value.', 'invalid');
      pages.delete(pageToken);
      return sendPage(rest.items, rest.nextSyncToken, response);
    }
    const syncToken = query.get('syncToken');
    if (syncToken && (query.has('timeMin') || query.has('timeMax'))) {
      return apiError(response, 400, 'Sync token cannot be used with timeMin or timeMax.', 'invalid');
    }
    const nextSyncToken = encodeSyncToken({ account: name, changes: owner.changes, generation: owner.syncGeneration });
    if (!syncToken) return sendPage(inWindow(owner, query), nextSyncToken, response);
    const since = decodeSyncToken(syncToken);
    if (!since || since.account !== name || since.generation !== owner.syncGeneration) {
      return apiError(response, 410, 'Sync token is no longer valid, a full sync is required.', 'fullSyncRequired');
    }
    sendPage(sorted([...owner.events.values()].filter((event) => event.changedAt > since.changes)), nextSyncToken, response);
  }

  /**
   * events.instances: a series' occurrences in [timeMin, timeMax), each as Google shows one (its own
   * id, the series' id, the start it has in the series), the ones changed or cancelled on their own
   * as they are now; one page (the double's series are short).
   */
  function instances(owner: Account, seriesId: string, query: URLSearchParams, response: ServerResponse): void {
    const series = owner.events.get(seriesId);
    if (!series || series.status === 'cancelled') return apiError(response, 410, 'Resource has been deleted', 'deleted');
    const timeMin = query.has('timeMin') ? Date.parse(query.get('timeMin')!) : -Infinity;
    const timeMax = query.has('timeMax') ? Date.parse(query.get('timeMax')!) : Infinity;
    const { recurrence: _lines, ...fields } = series;
    const length = instant(series.end) - instant(series.start);
    const items = occurrenceStarts(series)
      .map((originalStart): StoredEvent => {
        const id = occurrenceId(seriesId, originalStart);
        const start = { ...originalStart, timeZone: series.start?.timeZone };
        const end = originalStart.date
          ? { date: new Date(instant(originalStart) + length).toISOString().slice(0, 10) }
          : { dateTime: new Date(instant(originalStart) + length).toISOString(), timeZone: series.end?.timeZone };
        return owner.events.get(id) ?? { ...fields, id, start, end, recurringEventId: seriesId, originalStartTime: originalStart };
      })
      .filter((event) => event.status !== 'cancelled' && instant(event.end) > timeMin && instant(event.start) < timeMax);
    send(response, 200, { kind: 'calendar#events', items: items.map(publicEvent) });
  }

  function inWindow(owner: Account, query: URLSearchParams): StoredEvent[] {
    const timeMin = query.has('timeMin') ? Date.parse(query.get('timeMin')!) : -Infinity;
    const timeMax = query.has('timeMax') ? Date.parse(query.get('timeMax')!) : Infinity;
    const showDeleted = query.get('showDeleted') === 'true';
    const listed = (event: StoredEvent) => {
      if (event.recurringEventId) return instant(event.originalStartTime) < timeMax && (event.status === 'cancelled' || instant(event.end) > timeMin);
      if (event.status === 'cancelled' && !showDeleted) return false;
      if (event.recurrence?.length) return instant(event.start) < timeMax && seriesEnd(event) > timeMin;
      return instant(event.end) > timeMin && instant(event.start) < timeMax;
    };
    return sorted([...owner.events.values()].filter(listed));
  }

  function sendPage(items: StoredEvent[], nextSyncToken: string, response: ServerResponse): void {
    const page = items.slice(0, state.pageSize);
    const rest = items.slice(state.pageSize);
    const body: calendar_v3.Schema$Events = {
      kind: 'calendar#events',
      summary: 'primary',
      timeZone: 'UTC',
      accessRole: 'owner',
      items: page.map(listedEvent),
    };
    if (rest.length > 0) {
      body.nextPageToken = token('page-');
      pages.set(body.nextPageToken, { items: rest, nextSyncToken });
    } else {
      body.nextSyncToken = nextSyncToken;
    }
    send(response, 200, body);
  }

  function insert(owner: Account, body: GoogleEventInput, response: ServerResponse): void {
    if (body.id !== undefined && !CLIENT_ID_PATTERN.test(body.id)) return apiError(response, 400, 'Invalid resource id value.', 'invalid');
    if (body.id && owner.events.has(body.id)) return apiError(response, 409, 'The requested identifier already exists.', 'duplicate');
    const refusal = recurrenceRefusal(mergePatch({} as GoogleEventInput, body));
    if (refusal) return apiError(response, 400, refusal.message, refusal.reason);
    send(response, 200, publicEvent(create(owner, body)));
  }

  function create(owner: Account, input: GoogleEventInput): StoredEvent {
    // Google keeps no nulls: a new event is a patch of nothing.
    const fields = mergePatch({} as GoogleEventInput, input);
    return touch(owner, { ...fields, id: input.id ?? eventId(), status: input.status ?? 'confirmed', kind: 'calendar#event', changedAt: 0 });
  }

  // ---- push notifications ----

  /** events.watch: opens a channel for the account's primary calendar, then sends it the sync message. */
  function watch(owner: Account, name: string, body: unknown, host: string, response: ServerResponse): void {
    const request = (isPlainObject(body) ? body : {}) as {
      id?: unknown;
      token?: unknown;
      type?: unknown;
      address?: unknown;
      expiration?: unknown;
      params?: unknown;
    };
    if (typeof request.id !== 'string' || request.id === '') return apiError(response, 400, 'Required parameter: id', 'required');
    if (!CHANNEL_ID_PATTERN.test(request.id)) return apiError(response, 400, `Invalid channel id: ${request.id}`, 'invalid');
    const live = channels.get(request.id);
    if (live && !live.stopped && live.expiration > Date.now()) return apiError(response, 400, 'Channel id not unique', 'channelIdNotUnique');
    if (request.type !== 'web_hook' && request.type !== 'webhook') return apiError(response, 400, `Invalid value for type: ${String(request.type)}`, 'invalid');
    if (typeof request.address !== 'string' || request.address === '') return apiError(response, 400, 'Required parameter: address', 'required');
    if (!reachableByPush(request.address)) return apiError(response, 400, `WebHook callback must be HTTPS: ${request.address}`, 'push.webhookUrlNotHttps');
    if (request.token !== undefined && (typeof request.token !== 'string' || request.token.length > CHANNEL_TOKEN_MAX)) {
      return apiError(response, 400, 'Invalid channel token', 'invalid');
    }
    const ttl = isPlainObject(request.params) && request.params.ttl !== undefined ? Number(request.params.ttl) : undefined;
    if (ttl !== undefined && !(Number.isInteger(ttl) && ttl > 0))
      return apiError(response, 400, `Invalid value for ttl: ${String(request.params && (request.params as Record<string, unknown>).ttl)}`, 'invalid');
    const asked = request.expiration !== undefined ? Number(request.expiration) : ttl !== undefined ? Date.now() + ttl * 1000 : Infinity;
    if (Number.isNaN(asked)) return apiError(response, 400, `Invalid value for expiration: ${String(request.expiration)}`, 'invalid');
    const channel: Channel = {
      id: request.id,
      account: name,
      resourceId: owner.resourceId,
      resourceUri: `https://${host || 'www.googleapis.com'}/calendar/v3/calendars/primary/events?alt=json`,
      address: request.address,
      token: typeof request.token === 'string' ? request.token : null,
      expiration: Math.min(asked, Date.now() + CHANNEL_TTL_MAX_S * 1000),
      messages: 0,
      queue: Promise.resolve(),
      stopped: false,
    };
    channels.set(channel.id, channel);
    send(response, 200, {
      kind: 'api#channel',
      id: channel.id,
      resourceId: channel.resourceId,
      resourceUri: channel.resourceUri,
      ...(channel.token !== null ? { token: channel.token } : {}),
      expiration: String(channel.expiration),
    });
    notify(channel, 'sync');
  }

  /** channels.stop: only the account that opened a channel stops it, named by its id and resource id. */
  function stopChannel(name: string, body: unknown, response: ServerResponse): void {
    const request = (isPlainObject(body) ? body : {}) as { id?: unknown; resourceId?: unknown };
    const channel = typeof request.id === 'string' ? channels.get(request.id) : undefined;
    if (!channel || channel.stopped || channel.account !== name || channel.resourceId !== request.resourceId) {
      return apiError(response, 404, `Channel '${String(request.id)}' not found for project '${clientId}'`, 'notFound');
    }
    channel.stopped = true;
    send(response, 204);
  }

  /** Every live channel of the account hears that its calendar changed. */
  function notifyChange(owner: Account): void {
    for (const channel of channels.values()) if (channel.resourceId === owner.resourceId) notify(channel, 'exists');
  }

  function notify(channel: Channel, state: Delivery['state']): void {
    if (channel.stopped || channel.expiration <= Date.now()) return;
    channel.messages += 1;
    const messageNumber = channel.messages;
    const headers: Record<string, string> = {
      'x-goog-channel-id': channel.id,
      'x-goog-channel-expiration': new Date(channel.expiration).toUTCString(),
      'x-goog-resource-id': channel.resourceId,
      'x-goog-resource-uri': channel.resourceUri,
      'x-goog-resource-state': state,
      'x-goog-message-number': String(messageNumber),
      ...(channel.token !== null ? { 'x-goog-channel-token': channel.token } : {}),
    };
    const attempt = async (tries: number): Promise<void> => {
      const status = await deliver(channel.address, headers).catch(() => 0);
      deliveries.push({ channelId: channel.id, account: channel.account, state, messageNumber, status });
      const delay = REDELIVERY_DELAYS_MS[tries];
      if (!REDELIVERED_STATUSES.has(status) || delay === undefined || channel.stopped) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          redeliveryTimers.delete(timer);
          resolve();
        }, delay);
        redeliveryTimers.add(timer);
      });
      return attempt(tries + 1);
    };
    channel.queue = channel.queue.then(() => attempt(0));
  }

  function openChannels(name: string): Array<{ id: string; resourceId: string; address: string; token: string | null; expiration: number }> {
    return [...channels.values()]
      .filter((channel) => channel.account === name && !channel.stopped && channel.expiration > Date.now())
      .map(({ id, resourceId, address, token: channelToken, expiration }) => ({ id, resourceId, address, token: channelToken, expiration }));
  }

  function takeFault(target: Target, caller: string | undefined, path?: string) {
    const index = faults.findIndex(
      (fault) => fault.target === target && (fault.account === undefined || fault.account === caller) && (fault.path === undefined || fault.path === path),
    );
    return index < 0 ? undefined : faults.splice(index, 1)[0];
  }

  // ---- knobs ----

  /**
   * The next `count` calls to the Calendar API (or the token or revocation endpoint) answer `status`,
   * Google's error body included; only an account's, or only those to a path, when given.
   */
  function failNext(
    count: number,
    status: Fault,
    { target = 'calendar', reason, account: onlyAccount, path }: { target?: Target; reason?: string; account?: string; path?: string } = {},
  ) {
    for (let index = 0; index < count; index += 1)
      faults.push({ target, status, ...(reason ? { reason } : {}), ...(onlyAccount ? { account: onlyAccount } : {}), ...(path ? { path } : {}) });
  }

  function eventsOf(name: string, includeCancelled: boolean): calendar_v3.Schema$Event[] {
    return sorted([...account(name).events.values()].filter((event) => includeCancelled || event.status !== 'cancelled')).map(publicEvent);
  }

  /**
   * The knobs a browser test needs, over HTTP, per account:
   * GET  /__double/accounts/{account}/events[?cancelled=true]  the calendar's events
   * POST /__double/accounts/{account}/events                   add one (a Calendar v3 event body)
   * POST /__double/accounts/{account}/faults                   { count, status, target?, path? }: fail that account's next calls
   * GET  /__double/accounts/{account}/granted                  the scopes granted
   * GET  /__double/accounts/{account}/channels                 the watch channels open
   */
  function control(method: string, url: URL, raw: string, response: ServerResponse): void {
    const [, name, knob] = /^\/__double\/accounts\/([^/]+)\/(events|faults|granted|channels)$/.exec(url.pathname) ?? [];
    if (!name || !knob) return send(response, 404, { error: 'no such knob' });
    const accountName = decodeURIComponent(name);
    const route = `${method} ${knob}`;
    if (route === 'GET events') return send(response, 200, { items: eventsOf(accountName, url.searchParams.get('cancelled') === 'true') });
    if (route === 'GET granted') return send(response, 200, { scopes: [...account(accountName).granted] });
    if (route === 'GET channels') return send(response, 200, { items: openChannels(accountName) });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw);
    } catch {
      return send(response, 400, { error: 'the body must be JSON' });
    }
    if (route === 'POST events') return send(response, 200, publicEvent(create(account(accountName), body as GoogleEventInput)));
    if (route === 'POST faults') {
      failNext(Number(body.count ?? 1), body.status as Fault, {
        target: body.target as Target | undefined,
        account: accountName,
        ...(typeof body.path === 'string' ? { path: body.path } : {}),
      });
      return send(response, 204);
    }
    send(response, 405, { error: `${method} is not a knob of ${knob}` });
  }

  // ---- the server ----

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const method = request.method ?? 'GET';
      calls.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams) });
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = new URLSearchParams(raw);
      if (url.pathname.startsWith(CONTROL_PATH)) return control(method, url, raw, response);
      if (method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return consent(url.searchParams, request.headers, response);
      if (method === 'POST' && url.pathname === '/token') return issueTokens(form, request.headers, response);
      if (method === 'POST' && url.pathname === '/revoke') return revoke(url.searchParams.get('token') ?? form.get('token') ?? '', response);
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        return apiError(response, 400, 'Parse Error', 'parseError');
      }
      calendarCall(method, url, body, request.headers, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    /** The environment that points functions/gcal at this double. */
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_OAUTH_BASE_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_REVOKE_URL: `${url}/revoke`,
      GOOGLE_CALENDAR_ROOT_URL: `${url}/`,
    },
    /** Every request received, oldest first. */
    calls,
    /** The Google account the consent page grants for from now on. */
    signInAs(name: string) {
      state.signedIn = name;
    },
    /** The next consent is declined (Google redirects back with error=access_denied). */
    denyNextConsent() {
      state.denyNext = true;
    },
    setPageSize(size: number) {
      state.pageSize = size;
    },
    /** Adds an event to the account's calendar, as a person would on Google's side. */
    addEvent(name: string, input: GoogleEventInput): calendar_v3.Schema$Event {
      return publicEvent(create(account(name), input));
    },
    updateEvent(name: string, id: string, patch: GoogleEventInput): calendar_v3.Schema$Event {
      const owner = account(name);
      const existing = owner.events.get(id);
      if (!existing) throw new Error(`No event ${id} in ${name}'s calendar`);
      return publicEvent(touch(owner, { ...mergePatch(existing, patch), id }));
    },
    /** Deletes on Google's side: the event (a series with its occurrences) stays as cancelled entries, which incremental syncs report. */
    cancelEvent(name: string, id: string): void {
      const owner = account(name);
      const existing = owner.events.get(id);
      if (!existing) throw new Error(`No event ${id} in ${name}'s calendar`);
      for (const event of [existing, ...[...owner.events.values()].filter((event) => event.recurringEventId === id)])
        touch(owner, { ...event, status: 'cancelled' });
    },
    /** Changes one occurrence of a series on its own (moved, retitled), as Google's "this event" edit does. */
    changeOccurrence(name: string, seriesId: string, originalStart: calendar_v3.Schema$EventDateTime, patch: GoogleEventInput): calendar_v3.Schema$Event {
      const owner = account(name);
      const series = owner.events.get(seriesId);
      if (!series?.recurrence) throw new Error(`No series ${seriesId} in ${name}'s calendar`);
      const id = occurrenceId(seriesId, originalStart);
      const { recurrence: _lines, ...fields } = owner.events.get(id) ?? series;
      return publicEvent(
        touch(owner, { ...mergePatch(fields, patch), id, status: 'confirmed', recurringEventId: seriesId, originalStartTime: originalStart, changedAt: 0 }),
      );
    },
    /** Deletes one occurrence of a series, as Google's "this event" delete does: a cancelled occurrence apart. */
    cancelOccurrence(name: string, seriesId: string, originalStart: calendar_v3.Schema$EventDateTime): void {
      const owner = account(name);
      if (!owner.events.get(seriesId)?.recurrence) throw new Error(`No series ${seriesId} in ${name}'s calendar`);
      const id = occurrenceId(seriesId, originalStart);
      touch(owner, { id, kind: 'calendar#event', status: 'cancelled', recurringEventId: seriesId, originalStartTime: originalStart, changedAt: 0 });
    },
    /** The account's events, cancelled ones included when asked: what the mirror wrote, for instance. */
    events(name: string, { includeCancelled = false } = {}): calendar_v3.Schema$Event[] {
      return eventsOf(name, includeCancelled);
    },
    /** The scopes the account has granted. */
    granted(name: string): string[] {
      return [...account(name).granted];
    },
    failNext,
    /** Forgets the failures not used up yet. */
    clearFaults() {
      faults.length = 0;
    },
    /** The person removed Tempo's access in their Google account: refreshing answers invalid_grant. */
    revokeGrants(name: string) {
      for (const grant of [...refreshTokens.values(), ...accessTokens.values()]) if (grant.account === name) grant.revoked = true;
    },
    /** The refresh tokens issued for the account, and whether each was revoked (a disconnect revokes). */
    refreshTokensOf(name: string): Array<{ token: string; revoked: boolean }> {
      return [...refreshTokens].filter(([, grant]) => grant.account === name).map(([value, grant]) => ({ token: value, revoked: grant.revoked }));
    },
    /** The next code exchange answers without a refresh token, as Google does when access was granted before. */
    withholdNextRefreshToken() {
      state.withholdRefreshToken = true;
    },
    /**
     * What a browser does on Google's consent page: follows the address Connect gave and answers
     * where Google sends it back (the callback's path and query, for the API under test).
     */
    async consent(authUrl: string): Promise<string> {
      const answer = await fetch(authUrl, { redirect: 'manual' });
      const location = answer.headers.get('location');
      if (answer.status !== 302 || !location) throw new Error(`The consent page answered ${answer.status}`);
      const back = new URL(location);
      return `${back.pathname}${back.search}`;
    },
    /** Access tokens expire early, so the next call answers 401 and the client must refresh. */
    expireAccessTokens(name: string) {
      for (const access of accessTokens.values()) if (access.account === name) access.expiresAt = 0;
    },
    /** The account's channels that are open (not stopped, not expired). */
    channels: openChannels,
    /** Every notification request sent so far, oldest first, with what it was answered. */
    deliveries,
    /** Waits until every notification sent so far has been answered (or given up on). */
    async notified(): Promise<void> {
      for (;;) {
        const pending = [...channels.values()].map((channel) => channel.queue);
        await Promise.all(pending);
        if ([...channels.values()].every((channel, index) => channel.queue === pending[index])) return;
      }
    },
    /** The account's channels end now, as when their time is up: no more notifications. */
    expireChannels(name: string) {
      for (const channel of channels.values()) if (channel.account === name) channel.expiration = Date.now();
    },
    /** Every sync token issued so far answers 410 from now on. */
    expireSyncTokens(name: string) {
      account(name).syncGeneration += 1;
    },
    stop: async () => {
      for (const timer of redeliveryTimers) clearTimeout(timer);
      for (const channel of channels.values()) channel.stopped = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type GoogleDouble = Awaited<ReturnType<typeof startGoogleDouble>>;

function instant(time: calendar_v3.Schema$EventDateTime | undefined): number {
  if (time?.dateTime) return Date.parse(time.dateTime);
  if (time?.date) return Date.parse(`${time.date}T00:00:00Z`);
  return Number.NaN;
}

/** By start (a cancelled occurrence by the start it had), then by when they changed. */
const startOf = (event: StoredEvent) => instant(event.start ?? event.originalStartTime);
const sorted = (events: StoredEvent[]) => [...events].sort((a, b) => startOf(a) - startOf(b) || a.changedAt - b.changedAt);

function publicEvent({ changedAt: _changedAt, ...event }: StoredEvent): calendar_v3.Schema$Event {
  return structuredClone(event);
}

/** An event as events.list shows it: a cancelled one is its id and status (and, for an occurrence, its series and original start) only. */
function listedEvent(event: StoredEvent): calendar_v3.Schema$Event {
  if (event.status !== 'cancelled') return publicEvent(event);
  const { kind, etag, id, status, recurringEventId, originalStartTime } = event;
  return structuredClone({ kind, etag, id, status, ...(recurringEventId ? { recurringEventId, originalStartTime } : {}) });
}

/** Google's id of one occurrence of a series: the series' id, then its original start in UTC (its day for all-day series). */
function occurrenceId(seriesId: string, originalStart: calendar_v3.Schema$EventDateTime): string {
  const start = originalStart.date ?? new Date(instant(originalStart)).toISOString();
  return `${seriesId}_${start.replace(/[-:]|\.\d{3}/g, '')}`;
}

// Node loads rrule's UMD build, which has only a default export.
const { RRule } = (Reflect.get(rrulePackage, 'default') as typeof rrulePackage | undefined) ?? rrulePackage;

/**
 * A series' occurrence starts, expanded as Google expands them: its RRULE and RDATEs, less its
 * EXDATEs, on wall-clock times of its zone (at most 2 years of them, which the double's tests stay within).
 */
function occurrenceStarts(series: StoredEvent): calendar_v3.Schema$EventDateTime[] {
  const allDay = Boolean(series.start?.date);
  const zone = series.start?.timeZone ?? 'UTC';
  const floatingStart = allDay ? instant(series.start) : wallClock(instant(series.start), zone);
  const floatingOf = (value: string) => {
    const [, year, month, day, hour = '00', minute = '00', second = '00', utc] = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value)!;
    const ms = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
    return utc ? wallClock(ms, zone) : ms;
  };
  const valuesOf = (name: string) =>
    (series.recurrence ?? [])
      .filter((line) => line.startsWith(name))
      .flatMap((line) =>
        line
          .slice(line.indexOf(':') + 1)
          .split(',')
          .map(floatingOf),
      );
  const starts = new Set(valuesOf('RDATE'));
  const rule = series.recurrence?.find((line) => line.startsWith('RRULE:'));
  if (rule) {
    const options = { ...RRule.parseString(rule.slice('RRULE:'.length)), dtstart: new Date(floatingStart) };
    for (const date of new RRule(options).between(new Date(floatingStart), new Date(floatingStart + 2 * 366 * 86_400_000), true)) starts.add(date.getTime());
  } else starts.add(floatingStart);
  for (const excluded of valuesOf('EXDATE')) starts.delete(excluded);
  return [...starts]
    .sort((a, b) => a - b)
    .map((floating) =>
      allDay ? { date: new Date(floating).toISOString().slice(0, 10) } : { dateTime: new Date(zonedTime(floating, zone)).toISOString(), timeZone: zone },
    );
}

/**
 * The wall clock of an instant in a zone, as a UTC time with those fields. The double's own, not
 * shared/zoned-time.ts: a stand-in for Google must not share the code whose results it checks.
 */
function wallClock(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(ms);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)!.value);
  return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
}

/** The instant a wall clock of a zone shows (the first, around a clock change). */
function zonedTime(floating: number, zone: string): number {
  const guess = floating - (wallClock(floating, zone) - floating);
  return floating - (wallClock(guess, zone) - guess);
}

/** When a series may last occur: its UNTIL, else never (a COUNT is not expanded here; the client judges the window itself). */
function seriesEnd(event: StoredEvent): number {
  const until = /(?:^|;)UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?/.exec(event.recurrence?.find((line) => line.startsWith('RRULE:')) ?? '');
  if (!until) return Infinity;
  const [, year, month, day, hour = '23', minute = '59', second = '59'] = until;
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) + instant(event.end) - instant(event.start);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Google's rules for a recurring event: every line an RRULE, EXRULE, RDATE or EXDATE property (an
 * RRULE with a FREQ), and a timed series names the time zone it is expanded in on its start and end.
 */
function recurrenceRefusal(event: calendar_v3.Schema$Event): { message: string; reason: string } | undefined {
  const lines = event.recurrence ?? [];
  const wellFormed = (line: string) =>
    /^(EXRULE|RDATE|EXDATE)[:;]/.test(line) || /^RRULE:(.*;)?FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY|HOURLY|MINUTELY|SECONDLY)(;|$)/.test(line);
  if (!lines.every(wellFormed)) return { message: 'Invalid recurrence rule.', reason: 'invalid' };
  if (lines.length === 0) return undefined;
  if (event.start?.dateTime && !event.start.timeZone) return { message: 'Missing time zone definition for start time.', reason: 'required' };
  if (event.end?.dateTime && !event.end.timeZone) return { message: 'Missing time zone definition for end time.', reason: 'required' };
  return undefined;
}

/** Patch semantics: nested objects merge, null clears a field, anything else replaces it. */
function mergePatch<T extends object>(target: T, patch: unknown): T {
  if (!isPlainObject(patch)) return target;
  const merged: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = isPlainObject(value) && isPlainObject(merged[key]) ? mergePatch(merged[key], value) : value;
  }
  return merged as T;
}

function encodeSyncToken(token: { account: string; changes: number; generation: number }): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeSyncToken(value: string): { account: string; changes: number; generation: number } | undefined {
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Google sends notifications to HTTPS addresses only; the loopback stands for the product's own site here, which has no certificate. */
function reachableByPush(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
}

/** A notification as Google sends it: a POST with the headers and no body. */
async function postNotification(address: string, headers: Record<string, string>): Promise<number> {
  const answer = await fetch(address, { method: 'POST', headers, signal: AbortSignal.timeout(10_000) });
  await answer.arrayBuffer();
  return answer.status;
}

function cookie(headers: IncomingMessage['headers'], name: string): string | undefined {
  for (const pair of (headers.cookie ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json; charset=UTF-8' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

function redirect(response: ServerResponse, location: URL): void {
  response.writeHead(302, { location: location.toString() });
  response.end();
}

function apiError(response: ServerResponse, status: number, message: string, reason: string): void {
  send(response, status, { error: { code: status, message, errors: [{ domain: 'global', reason, message }] } });
}

function insufficientScopes(response: ServerResponse): void {
  apiError(response, 403, 'Request had insufficient authentication scopes.', 'insufficientPermissions');
}

/** Google's bodies for the statuses tests inject. */
function apiFault(response: ServerResponse, status: Fault, reason?: string): void {
  const bodies: Record<Fault, [string, string]> = {
    401: ['Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.', 'authError'],
    403: ['The request cannot be completed for this calendar.', 'forbidden'],
    429: ['Rate Limit Exceeded', 'rateLimitExceeded'],
    500: ['Backend Error', 'backendError'],
    503: ['The service is currently unavailable.', 'backendError'],
  };
  const [message, defaultReason] = bodies[status];
  apiError(response, status, message, reason ?? defaultReason);
}

/** A few events in the double's default account, so connecting on `npm start` shows something. */
export function seedGoogleCalendar(google: GoogleDouble, now = new Date()): void {
  const at = (days: number, hour: number, minute = 0) => {
    const date = new Date(now);
    date.setUTCDate(date.getUTCDate() + days);
    date.setUTCHours(hour, minute, 0, 0);
    return date.toISOString();
  };
  const day = (days: number) => at(days, 0).slice(0, 10);
  const account = 'person@example.com';
  google.addEvent(account, { summary: 'Lunch with Sam', start: { dateTime: at(0, 12, 30) }, end: { dateTime: at(0, 13, 30) } });
  google.addEvent(account, { summary: 'Dentist', location: 'High Street 4', start: { dateTime: at(1, 10) }, end: { dateTime: at(1, 10, 30) } });
  google.addEvent(account, { summary: 'Team offsite', start: { date: day(3) }, end: { date: day(4) } });
  // A series, with one occurrence taken out: it comes in as one repeating event.
  google.addEvent(account, {
    summary: 'Weekly planning',
    start: { dateTime: at(1, 8), timeZone: 'UTC' },
    end: { dateTime: at(1, 8, 30), timeZone: 'UTC' },
    recurrence: ['RRULE:FREQ=WEEKLY;COUNT=8', `EXDATE:${at(15, 8).replace(/[-:]|\.\d{3}/g, '')}`],
  });
}
