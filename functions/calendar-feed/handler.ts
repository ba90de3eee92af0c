import { CALENDAR_FEED, CALENDAR_FEED_MESSAGES, feedUrl, tokenOfFeedPath } from '../../shared/calendar-feed';
import type { CalendarFeed } from '../../shared/calendar-feed.schema';
import { calendarFeedLookupKey } from '../data/keys';
import { listItems } from '../items/service';
import { conflict, notFound } from '../platform/errors';
import { created, httpHandler, noContent, ok, type HttpEvent, type Reply } from '../platform/http';
import { takeQuota } from '../platform/quota.repository';
import { appOrigin } from '../platform/site';
import { getSettings } from '../settings/account-settings';
import { BuiltFeeds } from './built-feeds';
import { buildFeed } from './ics';
import { feedOfOwner, getFeed, issueFeed, noteContent, ownerOfToken, removeFeed, setIncludeGoogle, type StoredFeed } from './repository';

const shown = (feed: StoredFeed | undefined, url: string | null = null): CalendarFeed => ({
  enabled: Boolean(feed),
  include_google: feed?.include_google ?? false,
  created_at: feed?.created_at ?? null,
  replaced: feed?.replaced_at && feed.replaced_reason ? { at: feed.replaced_at, reason: feed.replaced_reason } : null,
  url,
});

/** At most a hundred feeds and 16 MB per container. */
const builtFeeds = new BuiltFeeds({ feeds: 100, bytes: 16 * 1024 * 1024 });

export const handler = httpHandler('calendar-feed', {
  'GET /api/calendar-feed': async ({ userId }) => ok(shown(await getFeed(userId))),
  // A new address replaces the old one, which stops at once; how Google's events are treated stays.
  'POST /api/calendar-feed': async ({ userId, now }) => {
    const { token, feed } = await issueFeed(userId, (await getFeed(userId))?.include_google ?? false, now);
    return created(shown(feed, feedUrl(appOrigin(), token)));
  },
  'PUT /api/calendar-feed': async ({ userId, body, now }) => {
    const feed = await setIncludeGoogle(userId, body.include_google, now);
    if (!feed) throw conflict(CALENDAR_FEED_MESSAGES.off);
    return ok(shown(feed));
  },
  'DELETE /api/calendar-feed': async ({ userId }) => {
    await removeFeed(userId);
    return noContent();
  },
  'GET /ical/{token}': async ({ event, now }) => feedFile(event, now),
});

/**
 * The feed a calendar app subscribed to, at exactly `/ical/<token>.ics` with no query: any other
 * spelling is the same 404 before anything is read, and so is a token that opens nothing (after one
 * Query). Each address has its own quota. The feed built is kept with what it was built from (the
 * person's change stamps, the day, the choice about Google's events): while that holds, a request
 * with its ETag is a 304 and one without it is answered from this container's copy, neither reading
 * the person's items. Nothing in between keeps the answer (`private, no-cache`): a replaced or
 * switched-off address stops at once.
 */
async function feedFile(event: HttpEvent, now: Date): Promise<Reply> {
  const token = event.rawQueryString ? null : tokenOfFeedPath(event.rawPath);
  if (!token) throw notFound();
  const userId = await ownerOfToken(token);
  if (!userId) throw notFound();
  await takeQuota(feedQuota(token), now);
  const found = await feedOfOwner(userId, token);
  if (!found) throw notFound();
  const { feed, stamps } = found;
  const today = now.toISOString().slice(0, 10);
  const source = contentSource(stamps, feed, today);
  const ifNoneMatch = event.headers['if-none-match'];
  const current = feed.content_source === source && feed.content_changed_at ? feed.content_etag : undefined;
  if (current) {
    if (matches(ifNoneMatch, current)) return feedReply(304, current, feed.content_changed_at!, '');
    const kept = builtFeeds.get(userId, current);
    if (kept !== undefined) return feedReply(200, current, feed.content_changed_at!, kept);
  }

  const [events, tasks, { settings }] = await Promise.all([listItems(userId, 'events'), listItems(userId, 'tasks'), getSettings(userId)]);
  const built = buildFeed(events, tasks, { lang: settings.lang, preferred_timezone: settings.preferred_timezone, include_google: feed.include_google }, today);
  // Last-Modified only grows: when this ETag was first answered (the latest edit of what the feed
  // holds would go back in time when that item is deleted, and a client asking If-Modified-Since would keep it).
  const changedAt = feed.content_etag === built.etag && feed.content_changed_at ? feed.content_changed_at : now.toISOString();
  if (feed.content_etag !== built.etag || feed.content_source !== source) await noteContent(userId, token, { etag: built.etag, source, changedAt });
  builtFeeds.set(userId, built.etag, built.body);
  return matches(ifNoneMatch, built.etag) ? feedReply(304, built.etag, changedAt, '') : feedReply(200, built.etag, changedAt, built.body);
}

/** One address's requests of the hour, counted under its token's hash. */
const feedQuota = (token: string) => ({
  key: `calendar-feed#${calendarFeedLookupKey(token).LPK}`,
  limit: CALENDAR_FEED.requestsPerHour,
  windowMs: 3_600_000,
  message: CALENDAR_FEED_MESSAGES.tooManyRequests,
});

/** What a feed is built from: the counters of what it shows, the day its window is around, and the choice about Google's events. */
const contentSource = (stamps: string, feed: StoredFeed, today: string) => `${stamps}/${today}/${feed.include_google}`;

const matches = (ifNoneMatch: string | undefined, etag: string) => ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;

const feedReply = (status: 200 | 304, etag: string, changedAt: string, text: string): Reply => ({
  status,
  headers: { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': FEED_CACHE_CONTROL, etag, 'last-modified': new Date(changedAt).toUTCString() },
  text,
});

/** Kept by no shared cache, and revalidated by the subscriber (with its ETag) each time. */
const FEED_CACHE_CONTROL = 'private, no-cache';
