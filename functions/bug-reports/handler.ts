import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { PUBLIC_FORM_LIMITS } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { publishAfterSave } from '../platform/bus';
import { clientAddress } from '../platform/client-address';
import { db, tableName } from '../platform/dynamo';
import { created, httpHandler } from '../platform/http';
import { takeQuota } from '../platform/quota';
import { bugReportKey } from '../data/keys';

/** Stores the report and puts it on the bus for forwarding. Public: the form also serves signed-out visitors. */
export const handler = httpHandler('bug-reports', {
  'POST /api/bug-reports': async ({ body, now, event }) => {
    const id = randomUUID();
    const createdAt = now.toISOString();
    const { window, bugReportsPerClient, bugReportsPerAddress, bugReportsKeptDays } = PUBLIC_FORM_LIMITS;
    const quota = (key: string, limit: number) => ({ key, limit, windowMs: window, message: MESSAGES.tooManySubmissions });
    await takeQuota(quota(`bugreport#client#${clientAddress(event)}`, bugReportsPerClient), now);
    await takeQuota(quota(`bugreport#address#${body.email.toLowerCase()}`, bugReportsPerAddress), now);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...bugReportKey(id), id, ...body, created_at: createdAt, ttl: Math.ceil(now.getTime() / 1000) + bugReportsKeptDays * 86_400 },
      }),
    );
    await publishAfterSave('bugreport.submitted', { id, ...body, occurredAt: createdAt });
    return created({ id });
  },
});
