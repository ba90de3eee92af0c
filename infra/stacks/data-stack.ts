import { Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { BACKUP_RECOVERY_DAYS } from '../../shared/account-deletion';
import { TABLE, type IndexProjection } from '../../functions/data/table-definition';
import type { AppConfig } from '../config';

export interface DataStackProps extends StackProps {
  config: AppConfig;
}

/** The one DynamoDB table and its stream, built from functions/data/table-definition.ts like the local one. */
export class DataStack extends Stack {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      timeToLiveAttribute: TABLE.timeToLiveAttribute,
      // Each write's item before and after, for the stream's consumers (functions/changes/stream-consumers.ts).
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      // Not DynamoDB's default 35 days: what an account's deletion removes must leave the backups
      // within the 30 days the privacy page promises (docs/data-retention.md).
      pointInTimeRecoverySpecification: {
        pointInTimeRecoveryEnabled: config.pointInTimeRecovery,
        ...(config.pointInTimeRecovery ? { recoveryPeriodInDays: BACKUP_RECOVERY_DAYS } : {}),
      },
      deletionProtection: config.deletionProtection,
      removalPolicy: config.removalPolicy,
    });
    for (const [indexName, index] of Object.entries(TABLE.indexes)) {
      this.table.addGlobalSecondaryIndex({
        indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        ...projection(index.projection),
      });
    }
  }
}

function projection(spec: IndexProjection): { projectionType: ProjectionType; nonKeyAttributes?: string[] } {
  if (spec.type === 'INCLUDE') return { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...spec.attributes] };
  return { projectionType: ProjectionType[spec.type] };
}
