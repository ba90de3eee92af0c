import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { PUBLIC_FORM_LIMITS } from '../../shared/constants';
import type { BugReport } from '../../shared/bug-reports.schema';
import { bugReportKey } from '../data/keys';
import { db, tableName } from '../platform/dynamo';

/** Stores a report under its id, kept for PUBLIC_FORM_LIMITS.bugReportsKeptDays. */
export async function saveBugReport(id: string, report: BugReport, now: Date): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...bugReportKey(id),
        id,
        ...report,
        created_at: now.toISOString(),
        ttl: Math.ceil(now.getTime() / 1000) + PUBLIC_FORM_LIMITS.bugReportsKeptDays * 86_400,
      },
    }),
  );
}
