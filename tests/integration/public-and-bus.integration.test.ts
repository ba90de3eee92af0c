import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUS_RULES } from '../../events/rules';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/platform/dynamo';
import { PUBLIC_FORM_LIMITS } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { startLocalBus } from '../../local/bus';
import { integrationHarness } from '../support/harness';

const { call } = integrationHarness();

describe('waiting list', () => {
  it('joins once per address, ignoring case, and answers 409 saying it is already on the list the second time', async () => {
    const first = await call('POST', '/api/waitlist', { body: { email: ' New.Person@Example.com ', full_name: 'New', interest_area: 'student' } });
    expect(first.status).toBe(201);
    const again = await call('POST', '/api/waitlist', { body: { email: 'new.person@example.com' } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MESSAGES.waitingListDuplicate);
    const invalid = await call('POST', '/api/waitlist', { body: { email: 'not-an-email' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({ email: MESSAGES.invalidEmail });
    const badRole = await call('POST', '/api/waitlist', { body: { email: 'x@example.com', interest_area: 'astronaut' } });
    expect(badRole.status).toBe(400);
  });
});

describe('the public forms, per browser and per address', () => {
  it('keep entries for a limited time, and refuse a browser past its hourly count with 429 and when to retry; other browsers go on', async () => {
    const flooder = '198.51.100.7';
    const stamp = Date.now();
    const emailOf = (index: number) => `flood-${index}-${stamp}@example.com`;
    const join = (index: number, sourceIp = flooder) => call('POST', '/api/waitlist', { sourceIp, body: { email: emailOf(index) } });
    for (let index = 0; index < PUBLIC_FORM_LIMITS.waitlistPerClient; index += 1) expect((await join(index)).status).toBe(201);
    const refused = await join(99);
    expect([refused.status, refused.body.error]).toEqual([
      429,
      { code: 'rate_limited', message: MESSAGES.tooManySubmissions, message_key: 'tooManySubmissions' },
    ]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(PUBLIC_FORM_LIMITS.window / 1000);
    expect((await join(100, '198.51.100.8')).status).toBe(201);

    const report = (email: string, sourceIp: string) =>
      call('POST', '/api/bug-reports', { sourceIp, body: { name: 'A', email, description: 'It broke when I clicked.' } });
    const reporter = `reporter-${Date.now()}@example.com`;
    for (let index = 0; index < PUBLIC_FORM_LIMITS.bugReportsPerAddress; index += 1) expect((await report(reporter, `203.0.113.${index}`)).status).toBe(201);
    // One address, from any number of browsers, is bounded too.
    expect((await report(reporter, '203.0.113.200')).status).toBe(429);

    const kept = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: `WAITLIST#${emailOf(100)}`, SK: 'WAITLIST' } }));
    expect(kept.Item?.ttl).toBeGreaterThan(Date.now() / 1000 + (PUBLIC_FORM_LIMITS.waitlistKeptDays - 1) * 86_400);
  });
});

describe('bug reports', () => {
  it('validates with the shared messages', async () => {
    const answer = await call('POST', '/api/bug-reports', { body: { name: ' ', email: 'nope', description: ' short ' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({
      name: MESSAGES.nameRequired,
      email: MESSAGES.emailInvalid,
      description: MESSAGES.descriptionTooShort,
    });
    const empty = await call('POST', '/api/bug-reports', { body: {} });
    expect(empty.body.error.fields).toEqual({
      name: MESSAGES.nameRequired,
      email: MESSAGES.emailRequired,
      description: MESSAGES.descriptionRequired,
    });
  });
});

describe('the local bus', () => {
  it('retries a failing consumer and then writes the event to the dead-letter file', async () => {
    const deadLetterFile = join(mkdtempSync(join(tmpdir(), 'bus-')), 'dead-letters.jsonl');
    let attempts = 0;
    const bus = await startLocalBus({
      deadLetterFile,
      retryDelaysMs: [5, 5],
      rules: BUS_RULES,
      loadConsumer: async () => async () => {
        attempts += 1;
        throw new Error('tracker down');
      },
    });
    const response = await fetch(bus.endpoint, {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSEvents.PutEvents', 'content-type': 'application/x-amz-json-1.1' },
      body: JSON.stringify({
        Entries: [{ Source: 'tempo.app', DetailType: 'bugreport.submitted', Detail: JSON.stringify({ id: 'r1' }) }],
      }),
    });
    expect((await response.json()).FailedEntryCount).toBe(0);
    await bus.settle();
    await bus.stop();
    expect(attempts).toBe(3);
    const [line] = readFileSync(deadLetterFile, 'utf8').trim().split('\n');
    expect(JSON.parse(line!)).toMatchObject({ rule: 'BugReportsToTracker', error: 'Error: tracker down', event: { detail: { id: 'r1' } } });
  });

  it('delivers only events that match a rule', async () => {
    const delivered: string[] = [];
    const bus = await startLocalBus({ rules: BUS_RULES, loadConsumer: async () => async (event) => void delivered.push(event['detail-type']) });
    await fetch(bus.endpoint, {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSEvents.PutEvents' },
      body: JSON.stringify({
        Entries: [
          { Source: 'tempo.app', DetailType: 'settings.updated', Detail: '{}' },
          { Source: 'someone.else', DetailType: 'bugreport.submitted', Detail: '{}' },
          { Source: 'tempo.app', DetailType: 'bugreport.submitted', Detail: '{}' },
        ],
      }),
    });
    await bus.settle();
    await bus.stop();
    expect(delivered).toEqual(['bugreport.submitted']);
  });
});
