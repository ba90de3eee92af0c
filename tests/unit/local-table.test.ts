import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureTable, startDynalite } from '../../local/dynamo';
import { LOCAL_AWS_CREDENTIALS } from '../../local/environment';

describe('the local table', () => {
  let engine: Awaited<ReturnType<typeof startDynalite>>;
  beforeAll(async () => {
    vi.stubEnv('AWS_REGION', 'us-east-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', LOCAL_AWS_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', LOCAL_AWS_CREDENTIALS.secretAccessKey);
    engine = await startDynalite();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await engine.stop();
  });

  it('is made once when stacks sharing an engine all start at the same moment (parallel test files)', async () => {
    await Promise.all(Array.from({ length: 6 }, () => ensureTable(engine.endpoint, 'shared')));
    const client = new DynamoDBClient({ endpoint: engine.endpoint });
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'shared' }));
    client.destroy();
    expect(Table?.TableStatus).toBe('ACTIVE');
  });
});
