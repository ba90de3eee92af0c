import type { Breadcrumb, Event } from '@sentry/browser';
import { describe, expect, it } from 'vitest';
import { scrubBreadcrumb, scrubDeep, scrubEvent, scrubText, scrubUrl } from '../../web/src/lib/error-reporting/scrub';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl';

describe('scrubUrl', () => {
  it('keeps the path and the id keys, drops other values and the fragment', () => {
    expect(scrubUrl('https://tempo.example/tasks?taskId=t-1&title=Buy%20milk#x')).toBe('https://tempo.example/tasks?taskId=t-1&title=[Filtered]');
    expect(scrubUrl('/login?code=abc&state=xyz')).toBe('/login?code=[Filtered]&state=[Filtered]');
    expect(scrubUrl('/calendar?eventId=e-1&occurrence=2026-11-26')).toBe('/calendar?eventId=e-1&occurrence=[Filtered]');
  });

  it('drops a fragment that holds an OAuth answer, and leaves a URL without query or fragment alone', () => {
    expect(scrubUrl('https://tempo.example/#access_token=abc&state=xyz')).toBe('https://tempo.example/');
    expect(scrubUrl('https://tempo.example/api/tasks')).toBe('https://tempo.example/api/tasks');
  });
});

describe('scrubText', () => {
  it('replaces tokens, bearer headers and e-mail addresses', () => {
    expect(scrubText(`token ${TOKEN} here`)).toBe('token [Filtered] here');
    expect(scrubText('Authorization: Bearer abc.def')).toBe('Authorization: Bearer [Filtered]');
    expect(scrubText('no account for ada@example.com')).toBe('no account for [Filtered]');
  });

  it('scrubs the URLs inside a text, absolute or a path with a query', () => {
    expect(scrubText('Failed to fetch wss://api.elevenlabs.io/v1/convai?token=secret (closed)')).toBe(
      'Failed to fetch wss://api.elevenlabs.io/v1/convai?token=[Filtered] (closed)',
    );
    expect(scrubText('GET /api/changes/socket?ticket=t-123 failed')).toBe('GET /api/changes/socket?ticket=[Filtered] failed');
    expect(scrubText('1 / 2 tasks done')).toBe('1 / 2 tasks done');
  });
});

describe('scrubBreadcrumb', () => {
  it("drops a console breadcrumb's message and arguments", () => {
    const breadcrumb: Breadcrumb = {
      category: 'console',
      level: 'error',
      message: 'Saving "Buy milk" failed',
      data: { arguments: ['Saving', { title: 'Buy milk' }] },
    };
    expect(scrubBreadcrumb(breadcrumb)).toEqual({ category: 'console', level: 'error', message: undefined, data: undefined });
  });

  it("drops a click's attribute values, which can name an item", () => {
    const breadcrumb: Breadcrumb = { category: 'ui.click', message: 'main > li.task > button[aria-label="Delete Buy milk"][title=\'Buy milk\']' };
    expect(scrubBreadcrumb(breadcrumb)?.message).toBe('main > li.task > button[aria-label][title]');
  });

  it("scrubs a request's URL and drops its bodies", () => {
    const breadcrumb: Breadcrumb = {
      category: 'fetch',
      data: { method: 'POST', url: '/api/auth/reset?code=123456', status_code: 500, request_body: '{"password":"hunter2"}', response_body: '{}' },
    };
    expect(scrubBreadcrumb(breadcrumb)?.data).toEqual({ method: 'POST', url: '/api/auth/reset?code=[Filtered]', status_code: 500 });
  });

  it('scrubs both ends of a navigation', () => {
    const breadcrumb: Breadcrumb = { category: 'navigation', data: { from: '/login?code=abc', to: '/tasks?taskId=t-1' } };
    expect(scrubBreadcrumb(breadcrumb)?.data).toEqual({ from: '/login?code=[Filtered]', to: '/tasks?taskId=t-1' });
  });
});

describe('scrubEvent', () => {
  const event: Event = {
    message: `Request with ${TOKEN} failed`,
    request: {
      url: 'https://tempo.example/settings?gcal=error&reason=expired#frag',
      method: 'GET',
      headers: { 'User-Agent': 'Chromium', Authorization: `Bearer ${TOKEN}`, Referer: 'https://tempo.example/?q=secret' },
      cookies: { session: 'abc' },
      data: { password: 'hunter2' },
      query_string: 'reason=expired',
    },
    user: { id: 'user-1', email: 'ada@example.com', ip_address: '10.0.0.1', username: 'Ada' },
    exception: { values: [{ type: 'ApiError', value: 'Could not save ada@example.com' }] },
    breadcrumbs: [{ category: 'console', message: 'Buy milk' }],
    extra: { nested: { deeper: [`Bearer ${TOKEN}`] } },
  };

  it('keeps the user id only, the request without body, cookies, query or headers but the user agent', () => {
    const scrubbed = scrubEvent(event);
    expect(scrubbed.user).toEqual({ id: 'user-1' });
    expect(scrubbed.request).toEqual({
      url: 'https://tempo.example/settings?gcal=[Filtered]&reason=[Filtered]',
      method: 'GET',
      headers: { 'User-Agent': 'Chromium' },
    });
    expect(scrubbed.message).toBe('Request with [Filtered] failed');
    expect(scrubbed.exception?.values?.[0]?.value).toBe('Could not save [Filtered]');
    expect(scrubbed.breadcrumbs).toEqual([{ category: 'console', message: undefined, data: undefined }]);
    expect(JSON.stringify(scrubbed)).not.toMatch(/hunter2|eyJ|ada@example\.com|Buy milk|secret/);
  });

  it("drops a transaction's request queries and fragments from its spans and its trace", () => {
    const transaction: Event = {
      type: 'transaction',
      transaction: '/tasks',
      contexts: { trace: { trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16), data: { url: 'https://tempo.example/tasks?taskId=t-1&x=1' } } },
      spans: [
        {
          span_id: 'c'.repeat(16),
          trace_id: 'a'.repeat(32),
          start_timestamp: 1,
          description: 'GET /api/changes/socket-ticket?ticket=abc',
          data: { url: '/api/changes/socket-ticket?ticket=abc', 'http.query': '?ticket=abc', 'http.fragment': '#x' },
        },
      ],
    };
    const scrubbed = scrubEvent(transaction);
    expect(scrubbed.contexts?.trace?.data).toEqual({ url: 'https://tempo.example/tasks?taskId=t-1&x=[Filtered]' });
    expect(scrubbed.spans?.[0]?.description).toBe('GET /api/changes/socket-ticket?ticket=[Filtered]');
    expect(scrubbed.spans?.[0]?.data).toEqual({ url: '/api/changes/socket-ticket?ticket=[Filtered]' });
  });

  it('leaves what it was given as it was', () => {
    const before = JSON.stringify(event);
    scrubEvent(event);
    expect(JSON.stringify(event)).toBe(before);
  });
});

describe('scrubDeep', () => {
  it('walks arrays and objects, keeping numbers, booleans and nulls', () => {
    expect(scrubDeep({ a: [1, true, null, `x ${TOKEN}`], b: { c: '/x?code=1' } })).toEqual({
      a: [1, true, null, 'x [Filtered]'],
      b: { c: '/x?code=[Filtered]' },
    });
  });
});
