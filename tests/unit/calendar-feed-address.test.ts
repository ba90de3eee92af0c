import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BuiltFeeds } from '../../functions/calendar-feed/built-feeds';
import { CALENDAR_FEED, feedUrl, tokenOfFeedPath } from '../../shared/calendar-feed';
import { withoutFeedTokens } from '../../shared/calendar-feed-path';
import { scrubText, scrubUrl } from '../../web/src/lib/error-reporting/scrub';

const token = () => randomBytes(CALENDAR_FEED.tokenBytes).toString('base64url');

describe('a feed address’s path', () => {
  it('gives the token of every address made', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const made = Buffer.from(bytes).toString('base64url');
        expect(tokenOfFeedPath(new URL(feedUrl('https://tempo.example', made)).pathname)).toBe(made);
      }),
    );
  });

  it('gives nothing for any other spelling', () => {
    const made = token();
    const path = `/ical/${made}.ics`;
    const sameBytesOtherSpelling = `${made.slice(0, -1)}${String.fromCharCode(made.charCodeAt(42) + 1)}`;
    for (const spelling of [
      `${path}/`,
      `/ICAL/${made}.ics`,
      `/ical/${made}.ICS`,
      `/ical/${made}`,
      `/ical/${made}.ics.ics`,
      `/ical/%${made.charCodeAt(0).toString(16)}${made.slice(1)}.ics`,
      `/ical/${made}%2Eics`,
      `${path}/extra`,
      `/ical//${made}.ics`,
      `/x/ical/${made}.ics`,
      `/ical/${sameBytesOtherSpelling}.ics`,
      `/ical/${made.slice(1)}.ics`,
      `/ical/${made}A.ics`,
      `/ical/${made.replace(/./, '+')}.ics`,
      `${path}\n`,
      `${path}?x=1`,
    ])
      expect([spelling, tokenOfFeedPath(spelling)]).toEqual([spelling, null]);
  });
});

describe('a feed address in what error reporting receives', () => {
  it('keeps no token, in any spelling, in a URL or a text', () => {
    const made = token();
    const url = feedUrl('https://tempo.example', made);
    for (const text of [url, url.replace('https://', 'webcal://'), `GET /ICAL/${made}.ics/`, `Failed to fetch ${url}?x=1#y`, `/ical/${made}`]) {
      expect(withoutFeedTokens(text)).not.toContain(made);
      expect(scrubText(text)).not.toContain(made);
      expect(scrubUrl(text)).not.toContain(made);
    }
    expect(scrubUrl(url)).toBe('https://tempo.example/ical/[Filtered]');
    // A route's name stays as it is.
    expect(withoutFeedTokens('GET /ical/{token}')).toBe('GET /ical/{token}');
  });
});

describe('the feeds a container keeps', () => {
  it('are bounded by count and by bytes, the least recently used dropped first, and served only under their ETag', () => {
    const kept = new BuiltFeeds({ feeds: 3, bytes: 100 });
    kept.set('a', '"1"', 'A'.repeat(30));
    kept.set('b', '"2"', 'B'.repeat(30));
    kept.set('c', '"3"', 'C'.repeat(30));
    expect(kept.get('a', '"1"')).toBe('A'.repeat(30));
    expect(kept.get('a', '"old"')).toBeUndefined();
    // A fourth: b, the least recently used, goes.
    kept.set('d', '"4"', 'D'.repeat(10));
    expect(kept.get('b', '"2"')).toBeUndefined();
    // Used last: d, then c, then a. 61 bytes beside the 70 kept: a, then c go, until they fit.
    kept.get('c', '"3"');
    kept.get('d', '"4"');
    kept.set('e', '"5"', 'E'.repeat(61));
    expect([kept.get('a', '"1"'), kept.get('c', '"3"'), kept.get('d', '"4"'), kept.get('e', '"5"')]).toEqual([
      undefined,
      undefined,
      'D'.repeat(10),
      'E'.repeat(61),
    ]);
    // One larger than all the bytes allowed is not kept, and drops nothing.
    kept.set('f', '"6"', 'F'.repeat(101));
    expect([kept.get('f', '"6"'), kept.get('e', '"5"')]).toEqual([undefined, 'E'.repeat(61)]);
  });
});
