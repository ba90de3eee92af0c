import { CALENDAR_FEED, CALENDAR_FEED_MESSAGES, feedUrl, tokenOfFeedFile } from '../../shared/calendar-feed';
import type { CalendarFeed } from '../../shared/calendar-feed.schema';
import { listItems } from '../items/service';
import { conflict, notFound } from '../platform/errors';
import { created, httpHandler, noContent, ok, type Reply } from '../platform/http';
import { appOrigin } from '../platform/site';
import { getSettings } from '../settings/account-settings';
import { buildFeed } from './ics';
import { feedOfToken, getFeed, issueFeed, noteNewContent, removeFeed, setIncludeGoogle, type StoredFeed } from './repository';

const shown = (feed: StoredFeed | undefined, url: string | null = null): CalendarFeed => ({
  enabled: Boolean(feed),
  include_google: feed?.include_google ?? false,
  created_at: feed?.created_at ?? null,
  url,
});

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
  'GET /ical/{token}': async ({ params, event, now }) => feedFile(params.token ?? '', event.headers['if-none-match'], now),
});

/**
 * The feed a calendar app subscribed to. A name that is no token, or a token that opens nothing,
 * is the same 404 after the same one Query. The edge keeps an answer up to CALENDAR_FEED.cacheSeconds and answers the
 * subscriber's revalidations itself; one that reaches here with the current ETag gets a 304.
 */
async function feedFile(file: string, ifNoneMatch: string | undefined, now: Date): Promise<Reply> {
  const token = tokenOfFeedFile(file);
  const found = await feedOfToken(token);
  if (!found) throw notFound();
  const { userId, feed } = found;
  const [events, tasks, { settings }] = await Promise.all([listItems(userId, 'events'), listItems(userId, 'tasks'), getSettings(userId)]);
  const built = buildFeed(events, tasks, { lang: settings.lang, preferred_timezone: settings.preferred_timezone, include_google: feed.include_google });
  const headers = {
    'content-type': 'text/calendar; charset=utf-8',
    'cache-control': `public, max-age=${CALENDAR_FEED.cacheSeconds}`,
    etag: built.etag,
    'last-modified': new Date(await changedAt(userId, token, feed, built.etag, now)).toUTCString(),
  };
  const matches = ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === built.etag);
  return matches ? { status: 304, headers, text: '' } : { status: 200, headers, text: built.body };
}

/**
 * When the feed last changed: when its ETag was first answered. The latest edit of what it holds
 * would go back in time when that item is deleted or completed, and a client asking If-Modified-Since
 * would then keep it.
 */
async function changedAt(userId: string, token: string, feed: StoredFeed, etag: string, now: Date): Promise<string> {
  if (feed.content_etag === etag && feed.content_changed_at) return feed.content_changed_at;
  await noteNewContent(userId, token, etag, now);
  return now.toISOString();
}
