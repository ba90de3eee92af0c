import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '../../shared/messages';
import { publishAfterSave } from '../platform/bus';
import { conditionally, db, tableName } from '../platform/dynamo';
import { conflict } from '../platform/errors';
import { created, httpHandler } from '../platform/http';

/** One item per address, keyed by the lower-cased email, so a second sign-up is a failed condition. */
export const handler = httpHandler('waitlist', {
  'POST /api/waitlist': async ({ body, now }) => {
    const email = body.email.toLowerCase();
    const createdAt = now.toISOString();
    const joined = await conditionally(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            PK: `WAITLIST#${email}`,
            SK: 'WAITLIST',
            email,
            full_name: body.full_name,
            interest_area: body.interest_area,
            confirmed: false,
            created_at: createdAt,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
    if (!joined) throw conflict(MESSAGES.waitingListDuplicate, { email: MESSAGES.waitingListDuplicate });
    await publishAfterSave('waitlist.joined', { email, occurredAt: createdAt });
    return created({ joined: true });
  },
});
