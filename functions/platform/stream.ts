import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { withErrorReporting } from './error-reporting';
import { logger } from './log';

type Image = Record<string, unknown>;

/** A stream record as a consumer reads it: its table keys, and the item before and after the write (absent when there was none). */
export interface TableChange {
  record: DynamoDBRecord;
  PK: string;
  SK: string;
  before: Image | undefined;
  after: Image | undefined;
  /** The stream record's id: the same change handed over twice has the same one. */
  changeId: string;
  /** When the write happened, to the second (the stream's own time). */
  at: string;
}

const image = (value: unknown) => (value ? unmarshall(value as Parameters<typeof unmarshall>[0]) : undefined);

export function tableChangeOf(record: DynamoDBRecord): TableChange {
  const { Keys, OldImage, NewImage, ApproximateCreationDateTime } = record.dynamodb!;
  const keys = image(Keys)!;
  return {
    record,
    PK: String(keys.PK),
    SK: String(keys.SK),
    before: image(OldImage),
    after: image(NewImage),
    changeId: record.eventID!,
    at: new Date((ApproximateCreationDateTime ?? Date.now() / 1000) * 1000).toISOString(),
  };
}

/**
 * A consumer of the table's stream (functions/changes/stream-consumers.ts): the batch's records read as table changes,
 * and the records whose handling failed reported as the partial batch response. Lambda then
 * retries from the first failed record on (so a record handled once may come again: consumers are
 * idempotent), and after its last retry sends the rest to the on-failure queue. A consumer reports
 * the error that failed a record (reportError); what escapes is reported here. A stream record
 * carries no trace, so each batch is a trace of its own (docs/events.md). `name` is its target
 * (functions/changes/stream-consumers.ts).
 */
export function streamConsumer(name: string, consume: (changes: TableChange[]) => Promise<readonly DynamoDBRecord[]>) {
  return (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> =>
    withErrorReporting({ name, op: 'function.stream' }, async () => {
      logger.addContext(context);
      const failed = await consume(event.Records.map(tableChangeOf));
      return { batchItemFailures: failed.map((record) => ({ itemIdentifier: record.dynamodb!.SequenceNumber! })) };
    });
}
