import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { keyAttributes, TABLE } from '../../functions/data/table-definition';
import { BACKUP_RECOVERY_DAYS } from '../../shared/account-deletion';
import { tempoApp } from './tempo-app';

const tableOf = (stage: 'dev' | 'prod') => {
  const template = Template.fromStack(tempoApp({ stage }).data);
  template.resourceCountIs('AWS::DynamoDB::Table', 1);
  const [resource] = Object.values(template.findResources('AWS::DynamoDB::Table'));
  return resource!;
};

const dev = tableOf('dev');
const prod = tableOf('prod');

describe('the table', () => {
  it('is keyed as functions/data/table-definition.ts says, every key attribute a string', () => {
    expect(dev.Properties.KeySchema).toEqual([
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ]);
    expect(dev.Properties.AttributeDefinitions).toEqual(expect.arrayContaining(keyAttributes().map((name) => ({ AttributeName: name, AttributeType: 'S' }))));
    expect(dev.Properties.AttributeDefinitions).toHaveLength(keyAttributes().length);
  });

  it('has the three indexes with their keys and projections', () => {
    const indexes = dev.Properties.GlobalSecondaryIndexes as Array<Record<string, any>>;
    expect(indexes.map((index) => index.IndexName).sort()).toEqual(['byExpiry', 'byList', 'byTrash']);
    expect(indexes.map((index) => index.IndexName).sort()).toEqual(Object.keys(TABLE.indexes).sort());
    for (const [name, spec] of Object.entries(TABLE.indexes)) {
      const index = indexes.find((candidate) => candidate.IndexName === name)!;
      expect(index.KeySchema).toEqual([
        { AttributeName: spec.partitionKey, KeyType: 'HASH' },
        { AttributeName: spec.sortKey, KeyType: 'RANGE' },
      ]);
      expect(index.Projection).toEqual(
        spec.projection.type === 'INCLUDE'
          ? { ProjectionType: 'INCLUDE', NonKeyAttributes: spec.projection.attributes }
          : { ProjectionType: spec.projection.type },
      );
    }
  });

  it('expires items on the TTL attribute, bills per request and encrypts with KMS', () => {
    expect(dev.Properties.TimeToLiveSpecification).toEqual({ AttributeName: TABLE.timeToLiveAttribute, Enabled: true });
    expect(dev.Properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(dev.Properties.SSESpecification).toEqual({ SSEEnabled: true });
  });

  it('has a stream of each write’s item before and after, for functions/changes/stream-consumers.ts’s consumers', () => {
    for (const table of [dev, prod]) expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });

  it('keeps point-in-time recovery on in both stages, for less than the 30 days a deleted account may stay anywhere', () => {
    for (const table of [dev, prod]) {
      expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: BACKUP_RECOVERY_DAYS });
    }
    // The last record of a deleted account leaves the table by its TTL a day on, within 2 days more.
    expect(BACKUP_RECOVERY_DAYS + 3).toBeLessThanOrEqual(30);
  });

  it('is protected from deletion and retained in prod, destroyable in dev', () => {
    expect(prod.Properties.DeletionProtectionEnabled).toBe(true);
    expect(prod.DeletionPolicy).toBe('Retain');
    expect(prod.UpdateReplacePolicy).toBe('Retain');
    expect(dev.Properties.DeletionProtectionEnabled).toBe(false);
    expect(dev.DeletionPolicy).toBe('Delete');
  });
});
