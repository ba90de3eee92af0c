import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RESET_CODE } from '../../shared/constants';
import { conditionally, db, tableName, unlessConditionFails } from '../platform/dynamo';


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
 * answers null when one was issued less than a minute ago for another request, or when the address
 * has had its codes for the day (each code allows a few guesses: the day's cap bounds them all).
 * The same request (`requestId`, the bus event's id) gets a fresh code again: its delivery is being
 * retried because the mail may not have gone.
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
  if (!issued) return null;
  if (await countIssuedToday(email, now)) return code;
  await spend(keyOf(email), stored.code_hash);
  return null;
}

/** Counts a code against the address's day (UTC); false when the day's codes are used up. */
function countIssuedToday(email: string, now: number): Promise<boolean> {
  const day = new Date(now).toISOString().slice(0, 10);
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: keyOf(email).PK, SK: `DAY#${day}` },
        UpdateExpression: 'ADD issued :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(issued) OR issued < :cap',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':cap': RESET_CODE.perDay, ':ttl': Math.ceil(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 86_400 },
      }),
    ),
  );
}

/**
 * Spends a code: true only for the right, unexpired code within its attempts, and only once. Each
 * try is counted before the code is compared, in one conditional write, so guesses sent side by
 * side cannot share an attempt; the last allowed wrong guess deletes the code.
 */
export async function redeemResetCode(email: string, code: string, now: number): Promise<boolean> {
  const key = keyOf(email);
  const counted = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(PK) AND attempts < :allowed AND expires_at > :now',
        ExpressionAttributeValues: { ':one': 1, ':allowed': RESET_CODE.attempts, ':now': now },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  const stored = counted?.Attributes as StoredCode | undefined;
  if (!stored) return false;

  const expected = Buffer.from(stored.code_hash, 'hex');
  const given = Buffer.from(hashOf(stored.salt, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    if (stored.attempts >= RESET_CODE.attempts) await spend(key, stored.code_hash);
    return false;
  }
  // Single use: of two requests with the right code, only the one whose delete finds it wins.
  return spend(key, stored.code_hash);
}

/** Deletes the code, if it is still this one; false when another request got there first. */
function spend(key: ReturnType<typeof keyOf>, codeHash: string): Promise<boolean> {
  return conditionally(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: 'code_hash = :hash',
        ExpressionAttributeValues: { ':hash': codeHash },
      }),
    ),
  );
}
