import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostAuthenticationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { handler as postAuthentication } from '../../functions/auth/post-authentication';
import { handler as preSignUp } from '../../functions/auth/pre-sign-up';
import { bugReportKey } from '../../functions/data/keys';
import { db, tableName } from '../../functions/platform/dynamo';
import { reportAsUser } from '../../functions/platform/error-reporting';
import { startSentryDouble, type SentryDouble } from '../../local/sentry-double';
import { integrationHarness } from '../support/harness';

/*
 * The functions against the Sentry ingest double (local/sentry-double.ts), started in this process
 * as `SENTRY_DOUBLE=1 npm start` starts it: the SDK starts at the first invocation, with this DSN.
 */
const { world, call, user } = integrationHarness();
let sentry: SentryDouble;

beforeAll(async () => {
  sentry = await startSentryDouble({ dataDir: mkdtempSync(join(tmpdir(), 'tempo-sentry-')) });
  Object.assign(process.env, { SENTRY_DSN: sentry.dsn(), SENTRY_RELEASE: 'tempo@test', SENTRY_ENVIRONMENT: 'test' });
});
afterAll(() => sentry.close());

/** The payloads of every item of a type that arrived, oldest first. */
function arrived(type: string): Array<Record<string, any>> {
  return sentry
    .received()
    .flatMap((envelope) => envelope.items.filter((item) => item.headers.type === type).map((item) => item.payload as Record<string, any>));
}

const TRACE_ID = '5b1c3a9e0f2d4c6b8a7e9d1f3c5b7a90';
const BROWSER_SPAN_ID = '9a8b7c6d5e4f3a2b';

describe('a function’s failure', () => {
  it('arrives as an error with the release, the stage and the user’s id, and without their token or what they sent', async () => {
    const ada = await user();
    const title = 'Plan the surprise party for Grace';
    // A table that is not there: the handler's first read fails, which it answers as a bare 500.
    vi.stubEnv('TABLE_NAME', 'no-such-table');
    try {
      expect((await ada.post('/api/goals', { title })).status).toBe(500);
    } finally {
      vi.unstubAllEnvs();
    }
    const error = arrived('event').find((event) => event.user?.id === ada.id);
    expect(error).toMatchObject({
      release: 'tempo@test',
      environment: 'test',
      user: { id: ada.id },
      transaction: 'POST /api/goals',
      request: { method: 'POST', url: expect.stringMatching(/\/api\/goals$/) },
      exception: { values: [expect.objectContaining({ type: 'ResourceNotFoundException' })] },
    });
    const everything = JSON.stringify(sentry.received());
    expect(everything).not.toContain(ada.token);
    expect(everything).not.toContain(title);
  });
});

describe('a stream consumer', () => {
  it('reports the records it leaves for a retry', async () => {
    const ada = await user();
    world.bus.refuseNext(1);
    expect((await ada.post('/api/goals', { title: 'Run a marathon' })).status).toBe(201);
    await world.settle();
    const failures = arrived('event').filter((event) => event.transaction === 'changes/publish-changes');
    expect(failures.map((event) => event.exception.values[0].value)).toEqual(['The bus refused 1 of 1 changes; their records are retried']);
    // The retry put it on the bus.
    expect(
      world.bus.published.filter((event) => event['detail-type'] === 'item.created' && 'userId' in event.detail && event.detail.userId === ada.id),
    ).toHaveLength(1);
  });
});

describe('a Cognito trigger', () => {
  it('reports a failure, and not a refusal it answers on purpose', async () => {
    const signUp = { triggerSource: 'PreSignUp_SignUp', userName: 'refused', request: { userAttributes: { name: 'Visit evil.example' } } };
    await expect(preSignUp(signUp as unknown as PreSignUpTriggerEvent)).rejects.toThrow();
    const signIn = { triggerSource: 'PostAuthentication_Authentication', userName: 'failed', request: { userAttributes: { email: 'failed@example.com' } } };
    vi.stubEnv('TABLE_NAME', 'no-such-table');
    try {
      await expect(postAuthentication(signIn as unknown as PostAuthenticationTriggerEvent)).rejects.toThrow();
    } finally {
      vi.unstubAllEnvs();
    }
    const triggers = arrived('event').filter((event) => event.transaction?.startsWith('auth/'));
    expect(triggers.map((event) => [event.transaction, event.exception.values[0].type])).toEqual([['auth/post-authentication', 'ResourceNotFoundException']]);
  });
});

describe('a browser’s trace', () => {
  it('goes on in the function’s span, named by its route, with a span for each DynamoDB call', async () => {
    const ada = await user();
    const answer = await world.adapter({
      method: 'GET',
      url: '/api/goals',
      headers: {
        authorization: `Bearer ${ada.token}`,
        'sentry-trace': `${TRACE_ID}-${BROWSER_SPAN_ID}-1`,
        baggage: `sentry-trace_id=${TRACE_ID},sentry-sampled=true`,
      },
      body: Buffer.alloc(0),
    });
    expect(answer.status).toBe(200);
    const transaction = arrived('transaction').find((event) => event.contexts.trace.trace_id === TRACE_ID)!;
    expect(transaction).toMatchObject({
      transaction: 'GET /api/goals',
      contexts: { trace: { op: 'http.server', parent_span_id: BROWSER_SPAN_ID, status: 'ok', data: { 'http.response.status_code': 200 } } },
      user: { id: ada.id },
    });
    const database = (transaction.spans as Array<Record<string, any>>).filter((span) => span.op === 'db');
    expect(database.map((span) => span.description)).toEqual(expect.arrayContaining(['dynamodb GetItem', 'dynamodb Query']));
    for (const span of database) expect([span.trace_id, span.parent_span_id]).toEqual([TRACE_ID, transaction.contexts.trace.span_id]);
  });
});

describe('a calendar feed request', () => {
  /** What the functions write to the log while `work` runs. */
  async function logged(work: () => Promise<unknown>): Promise<string> {
    const lines: string[] = [];
    const capture = (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    try {
      await work();
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    return lines.join('');
  }

  it('is traced by its route and never its token, in a trace of its own whatever the caller sends, and its failure is logged and reported without the token', async () => {
    const ada = await user();
    const made = await ada.post('/api/calendar-feed');
    // A user set outside any invocation (as a warm container's last one might leave it) lends the feed's traces none.
    reportAsUser(ada.id);
    const path = new URL(made.body.url).pathname;
    const token = path.slice('/ical/'.length, -'.ics'.length);
    const callerTrace = TRACE_ID.replace('5b', '8e');
    const fetchFeed = () =>
      world.adapter({
        method: 'GET',
        url: path,
        headers: {
          'sentry-trace': `${callerTrace}-${BROWSER_SPAN_ID}-1`,
          // What an anonymous caller would like the trace to say.
          baggage: `sentry-trace_id=${callerTrace},sentry-sampled=true,sentry-user_id=intruder,sentry-release=forged,sentry-environment=forged`,
        },
        body: Buffer.alloc(0),
        sourceIp: '10.9.9.9',
      });
    expect((await fetchFeed()).status).toBe(200);

    vi.stubEnv('TABLE_NAME', 'no-such-table');
    let log: string;
    try {
      log = await logged(async () => expect((await fetchFeed()).status).toBe(500));
    } finally {
      vi.unstubAllEnvs();
    }
    // The failure was logged: the capture works.
    expect(log).toContain('unhandled error');
    expect(log).not.toContain(token);

    const traced = arrived('transaction').filter((event) => event.transaction === 'GET /ical/{token}');
    expect(traced).toHaveLength(2);
    for (const transaction of traced) {
      expect(transaction.contexts.trace.trace_id).not.toBe(callerTrace);
      expect(transaction.contexts.trace.parent_span_id).toBeUndefined();
      expect(transaction.request.url).toMatch(/\/ical\/\{token\}$/);
      // No one's: an invocation's scope is cleared of any user it was forked with (an empty one is none).
      expect(transaction.user ?? {}).toEqual({});
    }
    const failure = arrived('event').find((event) => event.transaction === 'GET /ical/{token}');
    expect(failure).toMatchObject({ release: 'tempo@test', request: { url: expect.stringMatching(/\/ical\/\{token\}$/) } });
    const everything = JSON.stringify(sentry.received());
    expect(everything).toContain('GET /ical/{token}');
    for (const secret of [token, callerTrace, 'intruder', 'forged']) expect(everything).not.toContain(secret);
  });
});

describe('a tool call', () => {
  it('is run in the trace of the request that logged it', async () => {
    const ada = await user();
    const traceId = TRACE_ID.replace('5b', '7d');
    const answer = await world.adapter({
      method: 'POST',
      url: '/api/voice/tool-calls',
      headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json', 'sentry-trace': `${traceId}-${BROWSER_SPAN_ID}-1` },
      body: Buffer.from(JSON.stringify({ tool_call_id: 'call_traced', conversation_id: 'conv_traced', tool_name: 'listGoals', parameters: {} })),
    });
    expect(answer.status).toBe(202);
    await world.settle();
    const processing = arrived('transaction').find((event) => event.transaction === 'voice/tool-processor' && event.contexts.trace.trace_id === traceId);
    expect(processing).toMatchObject({ contexts: { trace: { op: 'queue.process', status: 'ok' } }, user: { id: ada.id } });
    expect((processing!.spans as Array<Record<string, any>>).some((span) => span.op === 'db')).toBe(true);
  });
});

describe('a bug report', () => {
  const report = { name: 'Ada Lovelace', email: 'ada@example.com', description: 'The calendar shows the wrong week.' };

  it('arrives as user feedback with the name, the address and the comments, in the trace the request started, and stays in the table', async () => {
    const answer = await world.adapter({
      method: 'POST',
      url: '/api/bug-reports',
      headers: { 'content-type': 'application/json', 'sentry-trace': `${TRACE_ID.replace('5b', '6c')}-${BROWSER_SPAN_ID}-1` },
      body: Buffer.from(JSON.stringify(report)),
    });
    expect(answer.status).toBe(201);
    const { id } = JSON.parse(answer.body) as { id: string };
    await world.settle();
    const feedback = arrived('feedback').find((event) => event.tags?.bug_report_id === id);
    expect(feedback?.contexts.feedback).toEqual({ name: report.name, contact_email: report.email, message: report.description });
    expect(feedback).toMatchObject({ release: 'tempo@test', environment: 'test' });
    // A public route's caller is anonymous: the request started a trace of its own, which its consumer goes on.
    const traceId = feedback?.contexts.trace.trace_id;
    expect(traceId).not.toBe(TRACE_ID.replace('5b', '6c'));
    const request = arrived('transaction').find((event) => event.transaction === 'POST /api/bug-reports' && event.contexts.trace.trace_id === traceId);
    expect(request?.contexts.trace.parent_span_id).toBeUndefined();
    const consumer = arrived('transaction').find((event) => event.transaction === 'bug-reports/send-feedback' && event.tags?.['bus.event_id']);
    expect(consumer?.contexts.trace).toMatchObject({ op: 'queue.process', trace_id: traceId });
    const kept = await db().send(new GetCommand({ TableName: tableName(), Key: bugReportKey(id) }));
    expect(kept.Item).toMatchObject({ id, ...report });
  });

  // Last: the SDK then holds back feedback for the rest of the quota's window, as the real service asks.
  it('that the service does not take fails its consumer, each attempt reported with the event’s id, until the bus dead-letters it; the report stays', async () => {
    sentry.setRateLimit({ envelopes: 0, windowSeconds: 3600, categories: ['feedback'] });
    let reportId: string;
    try {
      const answer = await call('POST', '/api/bug-reports', { body: { ...report, description: 'Saving a task never ends.' } });
      expect(answer.status).toBe(201);
      reportId = answer.body.id;
      await world.settle();
    } finally {
      sentry.setRateLimit(null);
    }
    const event = world.bus.published.find(
      (published) => published['detail-type'] === 'bugreport.submitted' && 'id' in published.detail && published.detail.id === reportId,
    )!;
    const dead = world.deadLetters().filter((line) => line.rule === 'BugReportsToTracker');
    expect(dead.map((line) => line.event.detail.id)).toEqual([reportId]);
    const failures = arrived('event').filter((reported) => reported.tags?.['bus.event_id'] === event.id);
    // The bus's three attempts (harness: two retries), each reported.
    expect(failures).toHaveLength(3);
    expect(failures[0]).toMatchObject({
      transaction: 'bug-reports/send-feedback',
      exception: { values: [expect.objectContaining({ value: expect.stringMatching(/did not take the feedback/) })] },
      tags: { 'bus.detail_type': 'bugreport.submitted' },
    });
    // Then that nothing will try again: the dead-letter queue's alarm, reported.
    expect(arrived('event').filter((reported) => reported.exception?.values?.[0]?.type === 'DeadLettered')).toEqual([
      expect.objectContaining({
        transaction: 'dead-letters/report',
        exception: {
          values: [expect.objectContaining({ value: 'Events for bug-reports/send-feedback failed every attempt and wait in the dead-letter queue' })],
        },
        tags: expect.objectContaining({ alarm: 'local-Events-for-bug-reports-send-feedback-dead-letters' }),
      }),
    ]);
    expect((await db().send(new GetCommand({ TableName: tableName(), Key: bugReportKey(reportId) }))).Item).toMatchObject({ id: reportId });
  });
});
