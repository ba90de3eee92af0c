import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { publishAfterSave } from '../platform/bus';
import { db, tableName } from '../platform/dynamo';
import { created, httpHandler } from '../platform/http';

/** Stores the report and puts it on the bus for forwarding. Public: the form also serves signed-out visitors. */
export const handler = httpHandler('bug-reports', {
  'POST /api/bug-reports': async ({ body, now }) => {
    const id = randomUUID();
    const createdAt = now.toISOString();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { PK: `BUGREPORT#${id}`, SK: 'BUGREPORT', id, ...body, created_at: createdAt },
      }),
    );
    await publishAfterSave('bugreport.submitted', { id, ...body, occurredAt: createdAt });
    return created({ id });
  },
});
