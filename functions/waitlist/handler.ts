import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { PUBLIC_FORM_LIMITS } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { publishAfterSave } from '../platform/bus';
import { clientAddress } from '../platform/client-address';
import { conditionally, db, tableName } from '../platform/dynamo';
import { conflict } from '../platform/errors';
import { created, httpHandler } from '../platform/http';
import { takeQuota } from '../platform/quota';
import { waitlistKey } from '../data/keys';

/** One item per address, keyed by the lower-cased email, so a second sign-up is a failed condition. */
export const handler = httpHandler('waitlist', {
  'POST /api/waitlist': async ({ body, now, event }) => {
    const email = body.email.toLowerCase();
    const createdAt = now.toISOString();
    const { window, waitlistPerClient, waitlistKeptDays } = PUBLIC_FORM_LIMITS;
    await takeQuota({ key: `waitlist#client#${clientAddress(event)}`, limit: waitlistPerClient, windowMs: window, message: MESSAGES.tooManySubmissions }, now);
    const joined = await conditionally(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...waitlistKey(email),
            email,
            full_name: body.full_name,
            interest_area: body.interest_area,
            confirmed: false,
            created_at: createdAt,
            ttl: Math.ceil(now.getTime() / 1000) + waitlistKeptDays * 86_400,
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
