import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionally, db, tableName } from '../platform/dynamo';
import { signInThrottleKey } from '../data/keys';
import type { AttemptLog } from './pre-authentication';

/**
 * Cognito trigger after a successful sign-in: the browser that signed in is the person's, so the
 * throttle forgets its attempts and waits. Cognito does not hand this trigger the browser's key;
 * the pre-authentication trigger noted the browser it let through just before. Other browsers
 * (a stranger's) keep their waits, and the account-wide hourly count stays.
 */
export async function handler(event: PostAuthenticationTriggerEvent): Promise<PostAuthenticationTriggerEvent> {
  const key = signInThrottleKey(event.request.userAttributes.email ?? event.userName);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const { lastBrowser, version } = (Item ?? {}) as Partial<AttemptLog>;
  if (!lastBrowser) return event;
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'REMOVE browsers.#browser SET version = :next',
        ConditionExpression: 'version = :read',
        ExpressionAttributeNames: { '#browser': lastBrowser },
        ExpressionAttributeValues: { ':read': version, ':next': (version ?? 0) + 1 },
      }),
    ),
  );
  return event;
}
