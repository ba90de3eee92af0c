/**
 * The calendar feed: a secret iCal address per person (https://<site>/ical/<token>.ics) that
 * calendar apps subscribe to. The token is 256 random bits; only its hash is stored, so the address
 * is shown once, when it is made.
 */
export const CALENDAR_FEED = {
  /** Where the feed is served; the token and FILE_SUFFIX follow. */
  pathPrefix: '/ical/',
  fileSuffix: '.ics',
  tokenBytes: 32,
  /** How long the edge (and a subscriber) may keep one answer. */
  cacheSeconds: 15 * 60,
} as const;

export const CALENDAR_FEED_MESSAGES = {
  /** Google's events in or out of a feed that is not on. */
  off: 'The calendar feed is off: create its address first.',
} as const;

/** A token as made: 32 bytes in base64url, 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of a feed file name (`<token>.ics`), or null when the name cannot be one. */
export function tokenOfFeedFile(file: string): string | null {
  if (!file.endsWith(CALENDAR_FEED.fileSuffix)) return null;
  const token = file.slice(0, -CALENDAR_FEED.fileSuffix.length);
  return TOKEN_PATTERN.test(token) ? token : null;
}

export const feedUrl = (origin: string, token: string) => `${origin}${CALENDAR_FEED.pathPrefix}${token}${CALENDAR_FEED.fileSuffix}`;

/** The same address for a calendar app to open (webcal:// is https:// that such apps subscribe to). */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');
