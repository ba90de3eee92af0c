import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { USER_SK, userKey } from '../data/keys';
import { db, tableName } from './dynamo';

/**
 * Tokens a password reset has ended. The API Gateway JWT authorizer checks a token's signature and
 * expiry only, and Cognito cannot take back an ID token it has issued; so a reset records the
 * second from which tokens count, and every signed-in request checks its token's `iat` against it
 * (one key read). A token from before the reset, whoever holds it, is refused at once.
 */

/** `keptUntil`: for an account being deleted, when the record may go (DynamoDB's TTL), as no token of it can live longer. */
export async function endSessionsBefore(userId: string, now: Date, keptUntil?: Date): Promise<void> {
  const ttl = keptUntil ? { ttl: Math.ceil(keptUntil.getTime() / 1000) } : {};
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: userKey(userId), SK: USER_SK.sessions, valid_after: Math.floor(now.getTime() / 1000), ...ttl },
    }),
  );
}

/** False for a token issued (`iat`, in seconds) before the user's last password reset. */
export async function isIssuedAfterReset(userId: string, issuedAt: number): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: userKey(userId), SK: USER_SK.sessions } }));
  return !Item || issuedAt >= (Item.valid_after as number);
}
