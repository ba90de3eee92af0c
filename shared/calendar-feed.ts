import { FEED_PATH_PREFIX } from './calendar-feed-path';

/**
 * The calendar feed: a secret iCal address per person (https://<site>/ical/<token>.ics) that
 * calendar apps subscribe to. The token is 256 random bits; only its hash is stored, so the address
 * is shown once, when it is made.
 */
export const CALENDAR_FEED = {
  /** Where the feed is served; the token and fileSuffix follow. */
  pathPrefix: FEED_PATH_PREFIX,
  fileSuffix: '.ics',
  tokenBytes: 32,
  /**
   * What a feed holds, whatever the person has: single events and dated tasks from `pastDays` ago to
   * `futureDays` ahead (a series is kept whole, as its RRULE), at most `maxEntries` of them, the
   * nearest to today first.
   */
  window: { pastDays: 90, futureDays: 366 },
  maxEntries: 1000,
  /** One address's requests in an hour: a calendar app polls a few times an hour at most. */
  requestsPerHour: 60,
} as const;

export const CALENDAR_FEED_MESSAGES = {
  /** Google's events in or out of a feed that is not on. */
  off: 'The calendar feed is off: create its address first.',
  /** One address asked for too often (a calendar app gone wrong). */
  tooManyRequests: 'This calendar feed was asked for too often. Please try again later.',
} as const;

/**
 * A token as issueFeed writes it: the base64url of CALENDAR_FEED.tokenBytes (32) bytes, 43 characters
 * without padding, the last of which carries 2 unused bits that are 0 (so one token has one spelling).
 */
const FEED_PATH = new RegExp(`^${CALENDAR_FEED.pathPrefix}([A-Za-z0-9_-]{42}[AEIMQUYcgkosw048])\\${CALENDAR_FEED.fileSuffix}$`);

/**
 * The token a feed request's path holds, or null when the path is not exactly
 * `/ical/<token>.ics`: a trailing slash, another case, a percent-encoding, another segment or
 * suffix is no feed's address (each is refused alike, before anything is read).
 */
export function tokenOfFeedPath(path: string): string | null {
  return FEED_PATH.exec(path)?.[1] ?? null;
}

export const feedUrl = (origin: string, token: string) => `${origin}${CALENDAR_FEED.pathPrefix}${token}${CALENDAR_FEED.fileSuffix}`;

/** The same address for a calendar app to open (webcal:// is https:// that such apps subscribe to). */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');
