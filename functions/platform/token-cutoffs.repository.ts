import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { USER_SK, userKey } from '../data/keys';
import { db, tableName } from './dynamo';

/**
 * Tokens a password reset (or "Sign out everywhere") has ended. The API Gateway JWT authorizer
 * checks a token's signature and expiry only, and Cognito cannot take back an ID token it has
 * issued; so ending the sessions records the second from which tokens count, and every signed-in
 * request checks its token's `iat` against it (one key read). A token from before, whoever holds
 * it, is refused at once.
 */

/**
 * A token's `iat` counts whole seconds, so one issued in the same second as the end cannot be told
 * from one issued just before it: tokens count from the next whole second. Answers that second (ms),
 * for a caller that answers a person to wait for, so that a sign-in after its answer is not caught.
 * `keptUntil`: for an account being deleted, when the record may go (DynamoDB's TTL), as no token of it can live longer.
 */
export async function endSessionsBefore(userId: string, now: Date, keptUntil?: Date): Promise<number> {
  const ttl = keptUntil ? { ttl: Math.ceil(keptUntil.getTime() / 1000) } : {};
  const validAfter = Math.floor(now.getTime() / 1000) + 1;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: userKey(userId), SK: USER_SK.sessions, valid_after: validAfter, ...ttl },
    }),
  );
  return validAfter * 1000;
}

/** False for a token issued (`iat`, in seconds) before the user's sessions were last ended. */
export async function isIssuedAfterReset(userId: string, issuedAt: number): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: USER_SK.sessions } }));
  return !Item || issuedAt >= (Item.valid_after as number);
}
