import type { Event } from '@sentry/node-core/light';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrubbed, sendFeedback, traceHeadersOf, withErrorReporting } from '../../functions/platform/error-reporting';

describe('what a function’s report may hold', () => {
  it('keeps no request body, cookie, credential header or query credential, no extra data, and of the user only the id', () => {
    const event: Event = {
      message: 'boom',
      request: {
        method: 'GET',
        url: 'https://tempo.example.com/api/gcal/callback?code=4%2F0Ab&state=s3cret&lang=de&Token=t&ticket=tk',
        query_string: 'code=4%2F0Ab&state=s3cret&lang=de&%74oken=t',
        data: { title: 'My secret goal' },
        cookies: { session: 'abc' },
        headers: {
          Authorization: 'Bearer eyJhbGciOi',
          cookie: 'session=abc',
          'x-origin-verify': 'shh',
          'sentry-trace': '0123456789abcdef0123456789abcdef-0123456789abcdef-1',
          'user-agent': 'Firefox',
          'content-type': 'application/json',
        },
      },
      user: { id: 'user-1', email: 'ada@example.com', ip_address: '203.0.113.9', username: 'ada' },
      extra: { __serialized__: { title: 'My secret goal' } },
      breadcrumbs: [{ category: 'http', data: { url: 'https://x/api?token=t', body: 'My secret goal' } }],
      spans: [
        {
          span_id: '1',
          trace_id: '2',
          start_timestamp: 0,
          data: { 'sentry.op': 'db', 'http.query': '?token=t', url: 'https://x?code=c', 'db.body': 'My secret goal' },
        },
      ],
    };
    const result = scrubbed(structuredClone(event));
    expect(result.request).toEqual({
      method: 'GET',
      url: 'https://tempo.example.com/api/gcal/callback?code=[Filtered]&state=[Filtered]&lang=de&Token=[Filtered]&ticket=[Filtered]',
      query_string: 'code=[Filtered]&state=[Filtered]&lang=de&%74oken=[Filtered]',
      headers: { 'user-agent': 'Firefox', 'content-type': 'application/json' },
    });
    expect(result.user).toEqual({ id: 'user-1' });
    expect(result.extra).toBeUndefined();
    expect(result.breadcrumbs).toEqual([{ category: 'http', data: undefined }]);
    expect(result.spans?.[0]?.data).toEqual({ 'sentry.op': 'db' });
    const sent = JSON.stringify(result);
    for (const secret of ['My secret goal', 'eyJhbGciOi', 's3cret', 'session=abc', 'shh', 'ada@example.com', '203.0.113.9', '4%2F0Ab']) {
      expect(sent).not.toContain(secret);
    }
  });

  it('drops a query the SDK holds as an object or pairs, which it cannot filter as written', () => {
    expect(scrubbed({ request: { query_string: { token: 't' } } }).request).toEqual({});
    expect(scrubbed({ request: { query_string: [['code', 'c']] } }).request).toEqual({});
  });

  it('reads the trace headers of a request, and none from a request without them', () => {
    expect(traceHeadersOf({ 'sentry-trace': 'a-b-1', baggage: 'sentry-trace_id=a' })).toEqual({ 'sentry-trace': 'a-b-1', baggage: 'sentry-trace_id=a' });
    expect(traceHeadersOf({ 'sentry-trace': 'a-b-1' })).toEqual({ 'sentry-trace': 'a-b-1' });
    expect(traceHeadersOf({ baggage: 'sentry-trace_id=a' })).toBeUndefined();
    expect(traceHeadersOf(undefined)).toBeUndefined();
  });
});

describe('without a DSN', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('runs the work as it is, its failure unchanged, and sends no feedback', async () => {
    vi.stubEnv('SENTRY_DSN', '');
    expect(await withErrorReporting({ name: 'GET /api/goals', op: 'http.server' }, async () => 42)).toBe(42);
    const failure = new Error('boom');
    await expect(withErrorReporting({ name: 'x', op: 'queue.process' }, () => Promise.reject(failure))).rejects.toBe(failure);
    expect(await sendFeedback({ name: 'Ada', email: 'ada@example.com', message: 'It broke.' }, {})).toBe(false);
  });

  it('treats a value that is no DSN (the secret’s generated stand-in) as none', async () => {
    vi.stubEnv('SENTRY_DSN', 'Xy7pQ2generatedStandIn');
    expect(await sendFeedback({ name: 'Ada', email: 'ada@example.com', message: 'It broke.' }, {})).toBe(false);
  });
});
