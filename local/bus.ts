import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { BUS_RULES, type BusRule } from '../events/rules';
import { matchesPattern } from '../events/pattern';
import type { BusEvent } from '../events/catalogue';
import { DEAD_LETTERS_HELD } from '../functions/dead-letters/alarm';
import { raiseDeadLetterAlarm } from './dead-letter-alarm';
import { loadHandler } from './functions';
import { lambdaContext } from './lambda-context';

type Consumer = (event: BusEvent, context: ReturnType<typeof lambdaContext>) => Promise<unknown>;

export interface LocalBusOptions {
  /** Where events that failed every attempt are appended, one JSON line each. */
  deadLetterFile?: string;
  /** Waits before the 2nd, 3rd, ... attempt; EventBridge retries with backoff likewise. */
  retryDelaysMs?: readonly number[];
  rules?: readonly BusRule[];
  loadConsumer?: (target: string) => Promise<Consumer>;
}

/**
 * The local stand-in for EventBridge: an endpoint speaking PutEvents (so producers use the real
 * SDK client), the same rule patterns as the CDK, and each matched consumer invoked with retries
 * and a dead-letter file, whose alarm is reported as in AWS (./dead-letter-alarm.ts).
 */
export async function startLocalBus(options: LocalBusOptions = {}) {
  const rules = options.rules ?? BUS_RULES;
  const delays = options.retryDelaysMs ?? [200, 1_000];
  const loadConsumer = options.loadConsumer ?? loadHandler<Consumer>;
  const published: BusEvent[] = [];
  const listeners = new Set<(event: BusEvent) => void>();
  const deliveries = new Set<Promise<void>>();
  let refusing = 0;

  async function deliver(rule: BusRule, event: BusEvent): Promise<void> {
    const consumer = await loadConsumer(rule.target);
    for (let attempt = 0; ; attempt += 1) {
      try {
        await consumer(event, lambdaContext(rule.target));
        return;
      } catch (error) {
        if (attempt >= delays.length) {
          await deadLetter(rule, event, error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
      }
    }
  }

  async function deadLetter(rule: BusRule, event: BusEvent, error: unknown): Promise<void> {
    const line = { rule: rule.name, target: rule.target, error: String(error), event, at: new Date().toISOString() };
    console.error(JSON.stringify({ level: 'error', message: 'event dead-lettered', rule: rule.name, eventId: event.id }));
    if (options.deadLetterFile) {
      mkdirSync(dirname(options.deadLetterFile), { recursive: true });
      appendFileSync(options.deadLetterFile, `${JSON.stringify(line)}\n`);
    }
    await raiseDeadLetterAlarm(DEAD_LETTERS_HELD.events(rule.target));
  }

  function accept(entry: { Source: string; DetailType: string; Detail: string }): string {
    const event = {
      version: '0',
      id: randomUUID(),
      source: entry.Source,
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'us-east-1',
      resources: [],
      'detail-type': entry.DetailType,
      detail: JSON.parse(entry.Detail),
    } as BusEvent;
    published.push(event);
    for (const listener of listeners) listener(event);
    for (const rule of rules) {
      if (!matchesPattern(rule.pattern, event)) continue;
      const delivery = deliver(rule, event).finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    }
    return event.id;
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const target = request.headers['x-amz-target'];
      if (target !== 'AWSEvents.PutEvents') {
        response.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify({ __type: 'UnknownOperationException', message: `${String(target)} is not served locally` }));
        return;
      }
      const { Entries } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        Entries: Array<{ Source: string; DetailType: string; Detail: string }>;
      };
      // A refused entry is answered as PutEvents answers one it could not take: in its place, with an error code.
      const answers = Entries.map((entry) =>
        refusing > 0 && refusing-- > 0
          ? { ErrorCode: 'InternalFailure', ErrorMessage: 'refused by the local bus (a test asked it to)' }
          : { EventId: accept(entry) },
      );
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(JSON.stringify({ Entries: answers, FailedEntryCount: answers.filter((answer) => 'ErrorCode' in answer).length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** Every event put since start, oldest first. */
    published,
    onEvent(listener: (event: BusEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Refuses the next `count` entries put, as EventBridge refuses an entry when it fails (tests use it). */
    refuseNext(count: number): void {
      refusing = count;
    },
    /** Waits until every delivery under way has finished (tests use it). */
    async settle(): Promise<void> {
      while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
    },
    busy: () => deliveries.size > 0,
    async stop(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type LocalBus = Awaited<ReturnType<typeof startLocalBus>>;
