import { randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { GOOGLE_PENDING_WINDOW_MS } from '../../shared/constants';
import { db, tableName } from '../platform/dynamo';
import { oauthStateKey } from '../data/keys';

/**
 * The OAuth `state` of a connection attempt: a random nonce that maps, for 10 minutes and once, to
 * the user who started it. The callback is public (Google redirects the browser to it), so this is
 * how it knows the user without trusting anything else in the query. The nonce is also kept in an
 * HttpOnly cookie of the browser that started the attempt, and the callback takes it only from that
 * browser: a consent link someone else started cannot connect a victim's Google calendar to the
 * starter's account.
 */
export async function startAttempt(userId: string, now: Date): Promise<string> {
  const nonce = randomBytes(32).toString('base64url');
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...oauthStateKey(nonce),
        user_id: userId,
        created_at: now.toISOString(),
        // DynamoDB drops the item some time after this; the age check below is what counts.
        ttl: Math.ceil((now.getTime() + GOOGLE_PENDING_WINDOW_MS) / 1000),
      },
    }),
  );
  return nonce;
}

/** Takes the attempt out (single use): its user, or undefined when unknown, used already or older than 10 minutes. */
export async function takeAttempt(nonce: string, now: Date): Promise<string | undefined> {
  const { Attributes } = await db().send(new DeleteCommand({ TableName: tableName(), Key: oauthStateKey(nonce), ReturnValues: 'ALL_OLD' }));
  if (!Attributes) return undefined;
  if (now.getTime() - Date.parse(String(Attributes.created_at)) > GOOGLE_PENDING_WINDOW_MS) return undefined;
  return String(Attributes.user_id);
}
