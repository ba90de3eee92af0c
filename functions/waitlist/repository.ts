import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { PUBLIC_FORM_LIMITS } from '../../shared/constants';
import type { WaitingListJoin } from '../../shared/waiting-list.schema';
import { waitlistKey } from '../data/keys';
import { conditionally, db, tableName } from '../platform/dynamo';

/** Adds an address (lower-cased) to the waiting list, kept for PUBLIC_FORM_LIMITS.waitlistKeptDays; false when it is on it already. */
export async function joinWaitingList(join: WaitingListJoin, now: Date): Promise<boolean> {
  const email = join.email.toLowerCase();
  return conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...waitlistKey(email),
          email,
          full_name: join.full_name,
          interest_area: join.interest_area,
          confirmed: false,
          created_at: now.toISOString(),
          ttl: Math.ceil(now.getTime() / 1000) + PUBLIC_FORM_LIMITS.waitlistKeptDays * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}
