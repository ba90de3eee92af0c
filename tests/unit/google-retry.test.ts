import { describe, expect, it } from 'vitest';
import { GoogleFailure, retryAfterMs } from '../../functions/gcal/google';
import { OUTAGE_RETRY_CAP_MS, retryDelayMs } from '../../functions/gcal/mirror';

/** A failed call as gaxios makes it: its response, with headers as a record or as a Headers object. */
const answered = (status: number, headers: Record<string, string> | Headers = {}) => ({ response: { status, headers } });

describe('how long a change waits after Google failed it', () => {
  it('doubles from 15 s and never waits more than a minute while Google is down', () => {
    const down = new GoogleFailure('unavailable', answered(503));
    expect([0, 1, 2, 3, 9].map((attempts) => retryDelayMs(down, attempts))).toEqual([15_000, 30_000, 60_000, 60_000, 60_000]);
    expect(OUTAGE_RETRY_CAP_MS).toBe(60_000);
  });

  it('waits as long as Retry-After asks when it asks for longer, in seconds or as a date', () => {
    expect(retryDelayMs(new GoogleFailure('rate-limited', answered(429, { 'retry-after': '120' })), 0)).toBe(120_000);
    expect(retryDelayMs(new GoogleFailure('rate-limited', answered(429, new Headers({ 'retry-after': '5' }))), 0)).toBe(15_000);
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(retryAfterMs(answered(503, { 'retry-after': 'Fri, 27 Nov 2026 12:03:00 GMT' }), now)).toBe(180_000);
    expect(retryAfterMs(answered(503, { 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(answered(503), now)).toBeUndefined();
  });

  it('asks again hourly when Google refuses the write (not an outage)', () => {
    expect(retryDelayMs(new GoogleFailure('forbidden', answered(403)), 0)).toBe(3_600_000);
  });
});
