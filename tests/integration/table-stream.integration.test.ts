import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTableInput } from '../../local/dynamo';
import { startTableStream, type TableStream } from '../../local/table-stream';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * The local stream stand-in derives, from the writes it sees, the records DynamoDB's own stream
 * holds. On DynamoDB Local the two are compared record for record, for every kind of write the
 * app makes (and writes that change nothing or fail, which make none).
 */
describe('the local table stream', () => {
  const tableName = `stream-${randomUUID()}`;
  const engine = new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: 'us-east-1', credentials });
  let stream: TableStream;
  let table: DynamoDBDocumentClient;
  const derived: DynamoDBRecord[] = [];

  beforeAll(async () => {
    await engine.send(
      new CreateTableCommand({ ...createTableInput(tableName), StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } }),
    );
    stream = await startTableStream({ engineEndpoint: inject('dynamoEndpoint'), tableName, consumers: [] });
    stream.onRecords((records) => derived.push(...records));
    table = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stream.endpoint, region: 'us-east-1', credentials }));
  });
  afterAll(async () => {
    await stream.stop();
    engine.destroy();
  });

  const key = (sk: string) => ({ PK: 'USER#stream', SK: sk });
  const failed = (write: Promise<unknown>) =>
    write.then(
      () => expect.unreachable('the write should fail'),
      () => undefined,
    );

  it('derives the records DynamoDB Local’s stream holds, in order, for every kind of write', async () => {
    const TableName = tableName;
    await table.send(new PutCommand({ TableName, Item: { ...key('TASK#1'), title: 'First', LPK: 'USER#stream#TASK', LSK: 'a0' } }));
    await table.send(new PutCommand({ TableName, Item: { ...key('TASK#1'), title: 'First', LPK: 'USER#stream#TASK', LSK: 'a0' } })); // changes nothing
    await table.send(new PutCommand({ TableName, Item: { ...key('TASK#1'), title: 'Renamed', LPK: 'USER#stream#TASK', LSK: 'a0' } }));
    // The proxy asks the engine for the item before; a writer that did not ask gets none, one that asked gets its own.
    expect(
      await table.send(new UpdateCommand({ TableName, Key: key('STAMPS'), UpdateExpression: 'ADD tasks :one', ExpressionAttributeValues: { ':one': 1 } })),
    ).not.toHaveProperty('Attributes');
    const added = await table.send(
      new UpdateCommand({
        TableName,
        Key: key('STAMPS'),
        UpdateExpression: 'ADD tasks :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(added.Attributes).toEqual({ ...key('STAMPS'), tasks: 2 });
    const replaced = await table.send(new PutCommand({ TableName, Item: { ...key('TASK#2'), title: 'Second' }, ReturnValues: 'ALL_OLD' }));
    expect(replaced.Attributes).toBeUndefined();
    const deleted = await table.send(new DeleteCommand({ TableName, Key: key('TASK#2'), ReturnValues: 'ALL_OLD' }));
    expect(deleted.Attributes).toEqual({ ...key('TASK#2'), title: 'Second' });
    await table.send(
      new UpdateCommand({
        TableName,
        Key: key('TASK#1'),
        UpdateExpression: 'SET deleted_at = :at REMOVE LPK, LSK',
        ExpressionAttributeValues: { ':at': '2026-11-25T10:00:00.000Z' },
      }),
    );
    await failed(
      table.send(
        new UpdateCommand({
          TableName,
          Key: key('TASK#1'),
          UpdateExpression: 'SET title = :t',
          ConditionExpression: 'attribute_not_exists(PK)',
          ExpressionAttributeValues: { ':t': 'No' },
        }),
      ),
    );
    await table.send(new DeleteCommand({ TableName, Key: key('TASK#1') }));
    await table.send(new DeleteCommand({ TableName, Key: key('TASK#missing') })); // changes nothing
    await table.send(
      new BatchWriteCommand({
        RequestItems: {
          [TableName]: [{ PutRequest: { Item: { ...key('TAG#1'), name: 'home' } } }, { PutRequest: { Item: { ...key('TAG#2'), name: 'work' } } }],
        },
      }),
    );
    await table.send(new BatchWriteCommand({ RequestItems: { [TableName]: [{ DeleteRequest: { Key: key('TAG#2') } }] } }));
    await table.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { ...key('TAGNAME#home'), tag_id: '1' } } },
          {
            Update: {
              TableName,
              Key: key('TAG#1'),
              UpdateExpression: 'SET #name = :name',
              ExpressionAttributeNames: { '#name': 'name' },
              ExpressionAttributeValues: { ':name': 'house' },
            },
          },
          { Delete: { TableName, Key: key('STAMPS') } },
          { ConditionCheck: { TableName, Key: key('TASK#missing'), ConditionExpression: 'attribute_not_exists(PK)' } },
        ],
      }),
    );
    await failed(
      table.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName, Item: { ...key('TAGNAME#never'), tag_id: '3' } } },
            { ConditionCheck: { TableName, Key: key('TAG#2'), ConditionExpression: 'attribute_exists(PK)' } },
          ],
        }),
      ),
    );

    const real = await realStream(tableName);
    expect(derived.map(comparable)).toEqual(real.map(comparable));
    expect(derived.map((record) => `${record.eventName} ${record.dynamodb!.Keys!.SK!.S}`)).toEqual([
      'INSERT TASK#1',
      'MODIFY TASK#1',
      'INSERT STAMPS',
      'MODIFY STAMPS',
      'INSERT TASK#2',
      'REMOVE TASK#2',
      'MODIFY TASK#1',
      'REMOVE TASK#1',
      'INSERT TAG#1',
      'INSERT TAG#2',
      'REMOVE TAG#2',
      'INSERT TAGNAME#home',
      'MODIFY TAG#1',
      'REMOVE STAMPS',
    ]);
  });

  /** Every record of the table's stream so far, oldest first. */
  async function realStream(name: string): Promise<DynamoDBRecord[]> {
    const streams = new DynamoDBStreamsClient({ endpoint: inject('dynamoEndpoint'), region: 'us-east-1', credentials });
    const { Table } = await engine.send(new DescribeTableCommand({ TableName: name }));
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: Table!.LatestStreamArn! }));
    const records: DynamoDBRecord[] = [];
    for (const shard of StreamDescription!.Shards ?? []) {
      let { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: Table!.LatestStreamArn!, ShardId: shard.ShardId!, ShardIteratorType: 'TRIM_HORIZON' }),
      );
      while (ShardIterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator }));
        if (!page.Records?.length) break;
        records.push(...(page.Records as DynamoDBRecord[]));
        ShardIterator = page.NextShardIterator;
      }
    }
    streams.destroy();
    return records.sort((a, b) => a.dynamodb!.SequenceNumber!.localeCompare(b.dynamodb!.SequenceNumber!, 'en', { numeric: true }));
  }
});

/** What a consumer reads of a record: what happened, to which key, and the item before and after. */
function comparable(record: DynamoDBRecord) {
  const { Keys, NewImage, OldImage, StreamViewType } = record.dynamodb!;
  return { eventName: record.eventName, eventSource: record.eventSource, Keys, NewImage, OldImage, StreamViewType };
}
