import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RESET_CODE } from '../../shared/constants';
import { conditionally, db, tableName } from '../platform/dynamo';


interface StoredCode {
  code_hash: string;
  salt: string;
  expires_at: number;
  issued_at: number;
  attempts: number;
}

const keyOf = (email: string) => ({ PK: `RESET#${email.toLowerCase()}`, SK: 'RESET' });
const hashOf = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/**
 * Issues a fresh 6-digit code for an address, stored only as a salted hash with its expiry, or
 * answers null when one was issued less than a minute ago for another request. The same request
 * (`requestId`, the bus event's id) gets a fresh code again: its delivery is being retried because
 * the mail may not have gone.
 */
export async function issueResetCode(email: string, requestId: string, now: number): Promise<string | null> {
  const code = String(randomInt(0, 10 ** RESET_CODE.digits)).padStart(RESET_CODE.digits, '0');
  const salt = randomBytes(16).toString('hex');
  const stored: StoredCode = { code_hash: hashOf(salt, code), salt, expires_at: now + RESET_CODE.expiryMs, issued_at: now, attempts: 0 };
  const issued = await conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keyOf(email), ...stored, request_id: requestId, ttl: Math.ceil(stored.expires_at / 1000) },
        ConditionExpression: 'attribute_not_exists(PK) OR issued_at < :reissue OR request_id = :request',
        ExpressionAttributeValues: { ':reissue': now - RESET_CODE.reissueMs, ':request': requestId },
      }),
    ),
  );
  return issued ? code : null;
}

/**
 * Spends a code: true only for the right, unexpired code within its attempts, and only once. A
 * wrong guess counts against the code; the last allowed wrong guess deletes it.
 */
export async function redeemResetCode(email: string, code: string, now: number): Promise<boolean> {
  const key = keyOf(email);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const stored = Item as StoredCode | undefined;
  if (!stored || now >= stored.expires_at || stored.attempts >= RESET_CODE.attempts) return false;

  const expected = Buffer.from(stored.code_hash, 'hex');
  const given = Buffer.from(hashOf(stored.salt, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await db().send(
      stored.attempts + 1 >= RESET_CODE.attempts
        ? new DeleteCommand({ TableName: tableName(), Key: key })
        : new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'ADD attempts :one',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':one': 1 },
          }),
    ).catch(() => undefined);
    return false;
  }
  // Single use: of two requests with the right code, only the one whose delete finds it wins.
  return conditionally(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: 'code_hash = :hash',
        ExpressionAttributeValues: { ':hash': stored.code_hash },
      }),
    ),
  );
}
