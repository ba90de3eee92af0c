/**
 * Where the calendar feed is served (the token and `.ics` follow), and how a text loses its
 * tokens. Apart from the rest of the feed's rules (calendar-feed.ts) because error reporting,
 * which every page may load, needs only this.
 */
export const FEED_PATH_PREFIX = '/ical/';

/** A feed's address in a text, in any spelling (a variant a person or a scanner tried too): the token up to where a URL ends. */
const FEED_TOKEN_IN_TEXT = new RegExp(`${FEED_PATH_PREFIX}[^\\s"'<>()?#{}]+`, 'gi');

/** `text` with every feed token replaced: what goes to error reporting (a URL, a breadcrumb, a replayed frame) never holds one. */
export const withoutFeedTokens = (text: string) => text.replace(FEED_TOKEN_IN_TEXT, `${FEED_PATH_PREFIX}[Filtered]`);
