import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { clientPerEndpoint } from './endpoint-client';
import { inChildSpan } from './error-reporting';

/**
 * The shared document client. The endpoint comes from AWS_ENDPOINT_URL_DYNAMODB locally, so handlers
 * run unchanged. In a traced invocation each call is a `db` span, `dynamodb <Operation>`, of the invocation's.
 */
export const db = clientPerEndpoint('AWS_ENDPOINT_URL_DYNAMODB', () => {
  const client = new DynamoDBClient({});
  client.middlewareStack.add(
    (next, context) => (args) => inChildSpan(`dynamodb ${String(context.commandName).replace(/Command$/, '')}`, 'db', () => next(args)),
    { step: 'initialize', name: 'traceSpans' },
  );
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
});

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/**
 * A Query's pages, one at a time (each up to 1 MB), so a caller may act on one before reading the
 * next. The input names the key condition (and index) of one of the access patterns in docs/data-model.md.
 */
export async function* queryPages<T = Record<string, unknown>>(input: QueryInput): AsyncGenerator<T[]> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey }));
    // The records' shape is the access pattern's, which the caller names.
    yield (page.Items ?? []) as T[];
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** Every item a Query finds, across its pages. */
export async function* queryItems<T = Record<string, unknown>>(input: QueryInput): AsyncGenerator<T> {
  for await (const page of queryPages<T>(input)) yield* page;
}

/**
 * The keys of the records due by `now` in sparse byExpiry partitions whose sort keys start with a
 * time (`<time>#...`), a share of `limit` per partition (so that none waits on another), oldest
 * first within each. The index holds keys only: the caller reads each record it acts on.
 */
export async function dueInPartitions(partitions: readonly string[], now: Date, limit: number): Promise<Array<{ PK: string; SK: string }>> {
  const perPartition = Math.ceil(limit / partitions.length);
  const due: Array<{ PK: string; SK: string }> = [];
  for (const partition of partitions) {
    const { Items } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'byExpiry',
        KeyConditionExpression: 'XPK = :partition AND XSK <= :now',
        // '~' sorts after every id: everything due at `now` itself is in.
        ExpressionAttributeValues: { ':partition': partition, ':now': `${now.toISOString()}~` },
        Limit: perPartition,
      }),
    );
    for (const { PK, SK } of Items ?? []) due.push({ PK: String(PK), SK: String(SK) });
  }
  return due;
}

/** True when a conditional write failed its condition. */
function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** Runs a conditional write: its answer when it was made, null when its condition failed. */
export async function unlessConditionFails<T>(write: Promise<T>): Promise<T | null> {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Runs a conditional write: true when it was made, false when its condition failed. */
export async function conditionally(write: Promise<unknown>): Promise<boolean> {
  return (await unlessConditionFails(write.then(() => true))) ?? false;
}
