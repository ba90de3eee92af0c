import { mkdirSync } from 'node:fs';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  ResourceNotFoundException,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { keyAttributes, TABLE } from '../functions/data/table-definition';

/** CreateTable input built from the one table definition the CDK also reads. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyAttributes().map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: Object.entries(TABLE.indexes).map(([name, index]) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection:
        index.projection.type === 'INCLUDE'
          ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection.attributes] }
          : { ProjectionType: index.projection.type },
    })),
  };
}

/**
 * Creates the table unless it exists (a restart keeps the data). Stacks sharing one engine (the
 * integration test files, run in parallel) may create it at the same moment: one wins, and the
 * others find it in use.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName))).catch((failure: unknown) => {
      if (!(failure instanceof ResourceInUseException)) throw failure;
    });
  } finally {
    client.destroy();
  }
}

/**
 * dynalite on loopback, in a worker thread of its own: the engine's work (parsing, leveldb, the
 * expression evaluator) runs beside the functions, on another core, as DynamoDB runs apart from
 * Lambda; data kept under `path` when given, else in memory.
 */
export async function startDynalite(options: { path?: string; port?: number } = {}) {
  if (options.path) mkdirSync(options.path, { recursive: true });
  const worker = new Worker(ENGINE_THREAD, { eval: true, workerData: { engine: ENGINE_MODULE, path: options.path, port: options.port ?? 0 } });
  let exited = false;
  const ended = once(worker, 'exit').then(() => {
    exited = true;
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the dynalite thread ended before it listened (exit code ${code})`)));
  });
  // After the start, a crash of the engine's thread is said, not swallowed.
  worker.on('error', (error) => console.error(JSON.stringify({ level: 'error', message: 'dynalite thread failed', error: String(error) })));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** Closes the engine (and its data files) in order; the thread ends when nothing is left open. */
    stop: async () => {
      if (!exited) worker.postMessage('stop');
      await ended;
    },
  };
}

/** Resolved here, so the thread finds the engine wherever the process was started from. */
const ENGINE_MODULE = createRequire(import.meta.url).resolve('dynalite');

/** The worker's code (CommonJS, so it needs no TypeScript loader): starts dynalite and posts its port. */
const ENGINE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const dynalite = require(workerData.engine);
const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, ...(workerData.path ? { path: workerData.path } : {}) });
server.listen(workerData.port, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.once('message', () => server.close(() => parentPort.close()));
`;
