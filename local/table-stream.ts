import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { isDeepStrictEqual } from 'node:util';
import { matchesPattern } from '../events/pattern';
import { STREAM_CONSUMERS, type StreamConsumer } from '../functions/changes/stream-consumers';
import { TABLE } from '../functions/data/table-definition';
import { DEAD_LETTERS_HELD } from '../functions/dead-letters/alarm';
import { raiseDeadLetterAlarm } from './dead-letter-alarm';
import { loadHandler } from './functions';
import { lambdaContext } from './lambda-context';

type Image = Record<string, AttributeValue>;
type StreamHandler = (event: DynamoDBStreamEvent, context: ReturnType<typeof lambdaContext>) => Promise<DynamoDBBatchResponse | void>;

export interface TableStreamOptions {
  /** The engine the proxy stands in front of. */
  engineEndpoint: string;
  tableName: string;
  consumers?: readonly StreamConsumer[];
  loadConsumer?: (target: string) => Promise<StreamHandler>;
  /** Where batches that failed every attempt are appended (Lambda's on-failure destination). */
  deadLetterFile?: string;
  /** Waits before the 2nd, 3rd, ... attempt of a failed batch. */
  retryDelaysMs?: readonly number[];
}

/** The item writes of DynamoDB's JSON protocol, and the keys each touches in one table. */
const WRITES: Record<string, (body: WriteBody, table: string) => Image[]> = {
  PutItem: (body, table) => (body.TableName === table ? [keyOf(body.Item!)] : []),
  UpdateItem: (body, table) => (body.TableName === table ? [keyOf(body.Key!)] : []),
  DeleteItem: (body, table) => (body.TableName === table ? [keyOf(body.Key!)] : []),
  BatchWriteItem: (body, table) => (body.RequestItems?.[table] ?? []).map((request) => keyOf(request.PutRequest?.Item ?? request.DeleteRequest!.Key)),
  TransactWriteItems: (body, table) =>
    (body.TransactItems ?? []).flatMap((item) => {
      const write = item.Put ?? item.Update ?? item.Delete;
      return write?.TableName === table ? [keyOf(write.Item ?? write.Key!)] : [];
    }),
};

/**
 * The writes of one item, whose image before the engine answers with the write (ALL_OLD), and
 * their image after: a put's item, none for a delete, read for an update.
 */
const SINGLE_ITEM_WRITES: Record<string, (body: WriteBody) => Image | undefined | 'read'> = {
  PutItem: (body) => body.Item,
  DeleteItem: () => undefined,
  UpdateItem: () => 'read',
};

interface WriteBody {
  TableName?: string;
  ReturnValues?: string;
  Item?: Image;
  Key?: Image;
  RequestItems?: Record<string, Array<{ PutRequest?: { Item: Image }; DeleteRequest?: { Key: Image } }>>;
  TransactItems?: Array<Partial<Record<'Put' | 'Update' | 'Delete' | 'ConditionCheck', { TableName: string; Item?: Image; Key?: Image }>>>;
}

/** What the engines check of a request's signature: that it is there, in its form. */
const SIGNATURE_HEADERS = ['authorization', 'x-amz-date'] as const;

const keyOf = (item: Image): Image => ({ [TABLE.partitionKey]: item[TABLE.partitionKey]!, [TABLE.sortKey]: item[TABLE.sortKey]! });

/**
 * The local stand-in for DynamoDB Streams, which dynalite lacks: a proxy in front of the engine
 * that, for each write to the app's table, reads the items it touches before and after (under a
 * lock per key, so no other write comes between) and derives the records DynamoDB's stream would
 * hold with NEW_AND_OLD_IMAGES: INSERT, MODIFY or REMOVE, and none when the write changed nothing
 * or failed. The consumers of functions/changes/stream-consumers.ts get them in order, in batches, with Lambda's
 * filters, partial batch failures, retries and on-failure file. tests/integration/table-stream
 * checks the records against DynamoDB Local's own stream.
 */
export async function startTableStream(options: TableStreamOptions) {
  const engineUrl = new URL(options.engineEndpoint);
  // Connections to the engine are kept and reused, as the SDK's own client does.
  const agent = new Agent({ keepAlive: true });
  const locks = keyLocks();
  const listeners = new Set<(records: DynamoDBRecord[]) => void>();
  const consumers = options.consumers ?? STREAM_CONSUMERS;
  const deliveries = consumers.map((consumer) => consumerQueue(consumer, options));
  /**
   * Whether a write to `key` needs its record: when someone listens to every record (a test), or a
   * consumer's filter can match the key. The filters of functions/changes/stream-consumers.ts name keys only, so the
   * reads before and after are spared for the writes no consumer hears (idempotency records, quotas).
   */
  const wanted = (key: Image) =>
    listeners.size > 0 ||
    consumers.some((consumer) =>
      (['INSERT', 'MODIFY', 'REMOVE'] as const).some((eventName) =>
        matchesPattern(consumer.filter, { eventName, eventSource: 'aws:dynamodb', dynamodb: { Keys: key } }),
      ),
    );
  let sequence = 0;

  /**
   * The item at `key` as it is now, asked of the engine in DynamoDB's own protocol with the write's
   * headers (the engines check a signature's form, not its value). An SDK client cost more than the
   * engine's read, and every write that a consumer hears takes two.
   */
  async function readImage(key: Image, headers: IncomingMessage['headers']): Promise<Image | undefined> {
    const body = Buffer.from(JSON.stringify({ TableName: options.tableName, Key: key, ConsistentRead: true }));
    const signed = Object.fromEntries(SIGNATURE_HEADERS.flatMap((name) => (headers[name] === undefined ? [] : [[name, headers[name]]])));
    const answer = await send(
      'POST',
      '/',
      { ...signed, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.GetItem', 'content-length': String(body.length) },
      body,
    );
    if (answer.status !== 200) throw new Error(`GetItem answered ${answer.status}: ${answer.body.toString('utf8')}`);
    return (JSON.parse(answer.body.toString('utf8')) as { Item?: Image }).Item;
  }

  function recordOf(key: Image, before: Image | undefined, after: Image | undefined): DynamoDBRecord | null {
    if (isDeepStrictEqual(before, after)) return null;
    sequence += 1;
    const eventName = !before ? 'INSERT' : !after ? 'REMOVE' : 'MODIFY';
    return {
      // Unique across restarts too: the bus consumers remember the changes they handled by this id.
      eventID: randomUUID().replaceAll('-', ''),
      eventName,
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      eventSourceARN: `arn:aws:dynamodb:us-east-1:000000000000:table/${options.tableName}/stream/local`,
      dynamodb: {
        ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
        Keys: key as never,
        ...(after ? { NewImage: after as never } : {}),
        ...(before ? { OldImage: before as never } : {}),
        SequenceNumber: String(sequence).padStart(21, '0'),
        SizeBytes: Buffer.byteLength(JSON.stringify([key, after ?? {}, before ?? {}])),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    };
  }

  /** Forwards one request to the engine, answering its status and body. */
  const forward = (incoming: IncomingMessage, body: Buffer) => {
    // The body is whole, and may be the proxy's own version of it: its length is said, not streamed.
    const { 'transfer-encoding': _streamed, ...headers } = incoming.headers;
    return send(incoming.method ?? 'POST', incoming.url ?? '/', { ...headers, 'content-length': String(body.length) }, body);
  };

  function send(method: string, path: string, headers: IncomingMessage['headers'], body: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest({ host: engineUrl.hostname, port: engineUrl.port, method, path, headers, agent }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 500, headers: answer.headers, body: Buffer.concat(chunks) }));
        answer.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  /** Records being derived from writes already answered: settle() and busy() count them. */
  const deriving = new Set<Promise<void>>();

  function derive(keys: readonly Image[], before: ReadonlyArray<Image | undefined>, after: ReadonlyArray<Image | undefined>): void {
    const records = keys.map((key, index) => recordOf(key, before[index], after[index])).filter((record) => record !== null);
    if (records.length === 0) return;
    for (const delivery of deliveries) delivery.add(records);
    for (const listener of listeners) listener(records);
  }

  /**
   * Forwards one request; a write that a consumer hears is answered as soon as the engine answers
   * it, and its records are derived after, still under its keys' lock, so no other write to those
   * keys comes between and the writer waits for nothing DynamoDB's stream would not make it wait
   * for: a single-item write brings its image before back with itself (ReturnValues ALL_OLD,
   * taken off the answer again unless the writer asked for it); a put's image after is its item, a
   * delete's is none, and an update's is read after the answer. Other writes are read around,
   * except that an update which asked for its item after (ALL_NEW) has it in its answer.
   */
  function handle(incoming: IncomingMessage, body: Buffer): Promise<Answer> {
    const operation = String(incoming.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    const keysOf = WRITES[operation];
    const write = keysOf ? (JSON.parse(body.toString('utf8') || '{}') as WriteBody) : undefined;
    const keys = (write ? keysOf!(write, options.tableName) : []).filter(wanted);
    if (keys.length === 0) return forward(incoming, body);
    const asked = write!.ReturnValues ?? 'NONE';
    const oldComesBack = Object.hasOwn(SINGLE_ITEM_WRITES, operation) && (asked === 'NONE' || asked === 'ALL_OLD');
    return new Promise<Answer>((answered, failed) => {
      let given: Answer | null = null;
      const readAll = () => Promise.all(keys.map((key) => readImage(key, incoming.headers)));
      const derivation = locks
        .holding(
          keys.map((key) => JSON.stringify(key)),
          async () => {
            if (!oldComesBack) {
              const before = await readAll();
              given = await forward(incoming, body);
              answered(given);
              if (given.status !== 200) return;
              derive(keys, before, operation === 'UpdateItem' && asked === 'ALL_NEW' ? [attributesOf(given)] : await readAll());
              return;
            }
            const answer = await forward(incoming, asked === 'ALL_OLD' ? body : Buffer.from(JSON.stringify({ ...write, ReturnValues: 'ALL_OLD' })));
            if (answer.status !== 200) {
              given = answer;
              return answered(answer);
            }
            const { Attributes: before, ...rest } = JSON.parse(answer.body.toString('utf8')) as { Attributes?: Image };
            given = asked === 'ALL_OLD' ? answer : answerWithBody(answer, rest);
            answered(given);
            const after = SINGLE_ITEM_WRITES[operation]!(write!);
            derive(keys, [before], [after === 'read' ? (await readAll())[0] : after]);
          },
        )
        .catch((error: unknown) => {
          // Before the answer, the writer hears the failure; after it, the write stands and its record is lost.
          if (!given) return failed(error);
          console.error(JSON.stringify({ level: 'error', message: 'stream records not derived', operation, error: String(error) }));
        })
        .finally(() => deriving.delete(derivation));
      deriving.add(derivation);
    });
  }

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      handle(incoming, Buffer.concat(chunks)).then(
        (answer) => {
          response.writeHead(answer.status, answer.headers);
          response.end(answer.body);
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
          response.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: String(error) }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** Hears every record as it is derived (tests use it). */
    onRecords(listener: (records: DynamoDBRecord[]) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Waits until every consumer has handled what was derived so far. */
    async settle(): Promise<void> {
      while (deriving.size > 0) await Promise.all([...deriving]);
      await Promise.all(deliveries.map((delivery) => delivery.settle()));
    },
    /** Whether records are being derived or wait for a consumer, or one is at work. */
    busy: () => deriving.size > 0 || deliveries.some((delivery) => delivery.busy()),
    async stop(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

export type TableStream = Awaited<ReturnType<typeof startTableStream>>;

/**
 * One consumer's event source mapping: records that pass its filter, handed over in order in
 * batches of up to 100, one batch at a time. A batch that reports failures is retried from its
 * first failed record, as Lambda does with ReportBatchItemFailures; after the last retry the rest
 * of the batch goes to the on-failure file and the stream moves on.
 */
function consumerQueue(consumer: StreamConsumer, options: TableStreamOptions) {
  const load = options.loadConsumer ?? loadHandler<StreamHandler>;
  const delays = options.retryDelaysMs ?? [200, 1_000];
  const waiting: DynamoDBRecord[] = [];
  let running: Promise<void> | null = null;

  async function deliver(batch: DynamoDBRecord[]): Promise<void> {
    const handler = await load(consumer.target);
    let rest = batch;
    for (let attempt = 0; ; attempt += 1) {
      const failedFrom = await handler({ Records: rest }, lambdaContext(consumer.target))
        .then((answer) => firstFailure(rest, answer))
        .catch(() => 0);
      if (failedFrom === null) return;
      rest = rest.slice(failedFrom);
      if (attempt >= delays.length) return onFailure(consumer, rest, options.deadLetterFile);
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) await deliver(waiting.splice(0, 100));
    running = null;
  }

  return {
    add(records: readonly DynamoDBRecord[]) {
      waiting.push(...records.filter((record) => matchesPattern(consumer.filter, record)));
      if (waiting.length > 0) running ??= drain();
    },
    async settle() {
      while (running) await running;
    },
    busy: () => running !== null,
  };
}

/** Where in the batch the handler's first reported failure is, or null when it handled them all. */
function firstFailure(batch: readonly DynamoDBRecord[], answer: DynamoDBBatchResponse | void): number | null {
  const failed = new Set((answer?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
  const index = batch.findIndex((record) => failed.has(record.dynamodb!.SequenceNumber!));
  return index === -1 ? null : index;
}

async function onFailure(consumer: StreamConsumer, records: readonly DynamoDBRecord[], file: string | undefined): Promise<void> {
  console.error(
    JSON.stringify({ level: 'error', message: 'stream records sent to the on-failure destination', consumer: consumer.name, records: records.length }),
  );
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    const sequenceNumbers = records.map((record) => record.dynamodb!.SequenceNumber);
    appendFileSync(file, `${JSON.stringify({ consumer: consumer.name, target: consumer.target, sequenceNumbers, at: new Date().toISOString() })}\n`);
  }
  await raiseDeadLetterAlarm(DEAD_LETTERS_HELD.streamRecords(consumer.target));
}

/** The item a write's answer carries (ReturnValues), if any. */
const attributesOf = (answer: Answer): Image | undefined => (JSON.parse(answer.body.toString('utf8')) as { Attributes?: Image }).Attributes;

/** The engine's answer with another body: here, without the item before, which the proxy asked for and the writer did not. */
function answerWithBody(answer: Answer, fields: object): Answer {
  const body = Buffer.from(JSON.stringify(fields));
  const headers = {
    ...answer.headers,
    'content-length': String(body.length),
    ...(answer.headers['x-amz-crc32'] ? { 'x-amz-crc32': String(crc32(body)) } : {}),
  };
  return { status: answer.status, headers, body };
}

/** The engine's answer to one request, as it is passed on. */
interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** Runs work holding every one of its keys; work on other keys goes on beside it. */
function keyLocks() {
  const tails = new Map<string, Promise<void>>();
  return {
    async holding<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
      const unique = [...new Set(keys)];
      const before = unique.map((key) => tails.get(key) ?? Promise.resolve());
      let release!: () => void;
      const done = new Promise<void>((resolve) => (release = resolve));
      for (const key of unique) tails.set(key, done);
      await Promise.all(before);
      try {
        return await work();
      } finally {
        release();
        for (const key of unique) if (tails.get(key) === done) tails.delete(key);
      }
    },
  };
}
