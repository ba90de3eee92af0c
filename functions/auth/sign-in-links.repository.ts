import { randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { SIGN_IN_LINK } from '../../shared/constants';
import { signInLinkHash, signInLinkKey, signInLinkMailedKey } from '../data/keys';
import { conditionally, db, tableName, unlessConditionFails } from '../platform/dynamo';

/**
 * A fresh sign-in link's token for the account to mail, or null when nothing is to be mailed: the
 * account was mailed one within SIGN_IN_LINK.mailEveryMs (that one still works) by another
 * request. The same request (`requestId`, the bus event's id) gets a token again: its delivery is
 * being retried because the mail may not have gone. Only the token's hash is kept, with the account
 * it is for; it works once, for SIGN_IN_LINK.expiryMs.
 */
export async function issueSignInLink(userId: string, email: string, requestId: string, now: number): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const mailable = await conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        // The link's hash, so that the account's deletion finds the link (functions/account/deletion.ts).
        Item: {
          ...signInLinkMailedKey(userId),
          sent_at: now,
          request_id: requestId,
          link_hash: signInLinkHash(token),
          ttl: Math.ceil((now + SIGN_IN_LINK.expiryMs) / 1000),
        },
        // Of requests side by side, one mails.
        ConditionExpression: 'attribute_not_exists(PK) OR sent_at <= :before OR request_id = :request',
        ExpressionAttributeValues: { ':before': now - SIGN_IN_LINK.mailEveryMs, ':request': requestId },
      }),
    ),
  );
  if (!mailable) return null;
  const expiresAt = now + SIGN_IN_LINK.expiryMs;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...signInLinkKey(token), user_id: userId, email, expires_at: expiresAt, ttl: Math.ceil(expiresAt / 1000) },
    }),
  );
  return token;
}

/**
 * Spends a link: the account it was mailed for, or null when the token is none of ours, used or
 * expired. One conditional delete, so that a link opened twice at once opens once.
 */
export async function openSignInLink(token: string, now: number): Promise<{ userId: string; email: string } | null> {
  const spent = await unlessConditionFails(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: signInLinkKey(token),
        ConditionExpression: 'attribute_exists(PK) AND expires_at > :now',
        ExpressionAttributeValues: { ':now': now },
        ReturnValues: 'ALL_OLD',
      }),
    ),
  );
  const link = spent?.Attributes as { user_id: string; email: string } | undefined;
  return link ? { userId: link.user_id, email: link.email } : null;
}
