import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenContext } from '../../functions/access-tokens/authorizer';
import { handler as auth } from '../../functions/auth/handler';
import { handler as items } from '../../functions/items/handler';
import type { HttpEvent } from '../../functions/platform/http';
import { ACCESS_TOKEN_MESSAGES } from '../../shared/access-tokens';

const context = { awsRequestId: 'test', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

type EventOptions = { sub?: string; token?: TokenContext; body?: string; base64?: boolean; headers?: Record<string, string> };

function event(routeKey: string, options: EventOptions = {}): HttpEvent {
  const context = options.token ?? (options.sub ? { sub: options.sub } : undefined);
  return {
    version: '2.0',
    routeKey,
    rawPath: routeKey.split(' ')[1]!,
    rawQueryString: '',
    headers: options.headers ?? {},
    isBase64Encoded: options.base64 ?? false,
    ...(options.body === undefined ? {} : { body: options.body }),
    requestContext: {
      routeKey,
      http: { method: routeKey.split(' ')[0]!, path: routeKey.split(' ')[1]!, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: '' },
      ...(context ? { authorizer: { lambda: context } } : {}),
    },
  } as unknown as HttpEvent;
}

const answer = async (e: HttpEvent, handler = items) => {
  const result = await handler(e, context);
  return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined, headers: result.headers };
};

describe('the HTTP wrapper every handler shares', () => {
  // As the local stack runs them (local/environment.ts); the CloudFront cases below say otherwise.
  beforeEach(() => vi.stubEnv('LOCAL_STACK', '1'));
  afterEach(() => vi.unstubAllEnvs());

  it('refuses a protected route without verified claims, even if the gateway let it through', async () => {
    expect(await answer(event('GET /api/goals'))).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('refuses a personal access token where only a session may go, and beyond its scope, before the body or any read', async () => {
    const token = (scope: TokenContext['scope']): TokenContext => ({
      sub: 'u1',
      token_id: '00000000-0000-4000-8000-000000000000',
      scope,
      token_name: 'script',
    });
    const sessionOnly = await answer(event('POST /api/auth/device-token', { token: token('write'), body: '{' }), auth);
    expect(sessionOnly).toMatchObject({ status: 403, body: { error: { code: 'token_not_allowed', message: ACCESS_TOKEN_MESSAGES.notAllowed } } });
    for (const routeKey of ['POST /api/goals', 'PATCH /api/goals/{id}', 'DELETE /api/goals/{id}']) {
      const readOnly = await answer(event(routeKey, { token: token('read'), body: '{' }));
      expect(readOnly, routeKey).toMatchObject({
        status: 403,
        body: { error: { code: 'insufficient_scope', message: ACCESS_TOKEN_MESSAGES.insufficientScope } },
      });
    }
    // A write token gets as far as the body.
    expect(await answer(event('POST /api/goals', { token: token('write'), body: '{' }))).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_json' } },
    });
  });

  it("refuses a Cognito token whose expiry came while the gateway kept the authorizer's answer, before any read", async () => {
    const expired = { sub: 'u1', iat: '1700000000', exp: String(Math.floor(Date.now() / 1000) - 1) };
    const stale = { ...event('GET /api/goals'), requestContext: { ...event('GET /api/goals').requestContext, authorizer: { lambda: expired } } } as HttpEvent;
    expect(await answer(stale)).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('answers 404 for a route of another handler', async () => {
    expect((await answer(event('GET /api/settings', { sub: 'u1' }))).status).toBe(404);
  });

  it('parses a base64 body, and refuses malformed JSON and oversized bodies before any work', async () => {
    const malformed = await answer(event('POST /api/goals', { sub: 'u1', body: Buffer.from('{"title":').toString('base64'), base64: true }));
    expect(malformed).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } });
    const large = await answer(event('POST /api/goals', { sub: 'u1', body: JSON.stringify({ title: 'x'.repeat(70_000) }) }));
    expect(large).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } });
  });

  it('validates the body with the route’s schema and lists every invalid field', async () => {
    const invalid = await answer(event('POST /api/tasks', { sub: 'u1', body: JSON.stringify({ priority: 'urgent', extra: 1 }) }));
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.error.fields).sort()).toEqual(['extra', 'priority', 'title']);
    expect(invalid.headers).toMatchObject({ 'content-type': 'application/json', 'cache-control': 'no-store' });
  });

  it('refuses text that is not well-formed Unicode in any field, a key or nested, naming the field', async () => {
    const bodies: Array<[body: string, field: string]> = [
      ['{"title":"x\\ud800y"}', 'title'],
      ['{"title":"ok","tags":["fine","\\udc00"]}', 'tags.1'],
      ['{"title":"ok","\\ud800":1}', '\ud800'],
      ['"\\udfff"', 'body'],
    ];
    for (const [body, field] of bodies) {
      const refused = await answer(event('POST /api/goals', { sub: 'u1', body }));
      expect(refused).toMatchObject({
        status: 400,
        body: { error: { code: 'validation_failed', message: 'The text is not valid Unicode', message_key: 'illFormedText' } },
      });
      expect(Object.keys(refused.body.error.fields)).toEqual([field]);
    }
    // A pair of surrogates is one character (an emoji): valid, so the schema speaks next.
    const emoji = await answer(event('POST /api/goals', { sub: 'u1', body: '{"title":"\\ud83d\\ude00","extra":1}' }));
    expect(emoji.body.error.fields).toEqual({ extra: 'Unknown field' });
  });

  it('walks a body nested deeper than the call stack without failing', async () => {
    const deep = `${'['.repeat(30_000)}"\\ud800"${']'.repeat(30_000)}`;
    expect(await answer(event('POST /api/goals', { sub: 'u1', body: deep }))).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
  });

  describe('behind CloudFront (ORIGIN_VERIFY set, as in AWS)', () => {
    it('refuses, before anything else, a request without the origin secret or with another value: it went around the site', async () => {
      vi.stubEnv('ORIGIN_VERIFY', 'the-secret');
      const wrong: Array<Record<string, string>> = [{}, { 'x-origin-verify': 'a-guess' }, { 'x-origin-verify': 'the-secret-and-more' }];
      for (const headers of wrong) {
        expect(await answer(event('GET /api/goals', { sub: 'u1', headers }))).toMatchObject({ status: 403, body: { message: 'Forbidden' } });
      }
      const through = await answer(event('POST /api/goals', { sub: 'u1', headers: { 'x-origin-verify': 'the-secret' }, body: '{' }));
      expect(through).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } });
    });

    it('refuses everything when the secret is missing outside the local stack: a deployed function fails closed', async () => {
      vi.stubEnv('LOCAL_STACK', '');
      const anyHeaders: Array<Record<string, string>> = [{}, { 'x-origin-verify': '' }, { 'x-origin-verify': 'anything' }];
      for (const headers of anyHeaders) {
        expect(await answer(event('GET /api/goals', { sub: 'u1', headers }))).toMatchObject({ status: 403, body: { message: 'Forbidden' } });
      }
      vi.stubEnv('LOCAL_STACK', 'true');
      expect((await answer(event('GET /api/goals', { sub: 'u1' }))).status).toBe(403);
    });
  });
});
