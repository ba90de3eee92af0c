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

/**
 * The token a feed file name (`<token>.ics`) holds. Any name is looked up the same way (by its
 * hash), so that one that cannot be a token takes as long to refuse as one that could.
 */
export const tokenOfFeedFile = (file: string): string => (file.endsWith(CALENDAR_FEED.fileSuffix) ? file.slice(0, -CALENDAR_FEED.fileSuffix.length) : file);

export const feedUrl = (origin: string, token: string) => `${origin}${CALENDAR_FEED.pathPrefix}${token}${CALENDAR_FEED.fileSuffix}`;

/** The same address for a calendar app to open (webcal:// is https:// that such apps subscribe to). */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');
