import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RESET_CODE } from '../../shared/constants';
import { conditionally, db, tableName, unlessConditionFails } from '../platform/dynamo';
import { RESET_KEYS } from '../data/keys';

interface StoredCode {
  SK: string;
  code_hash: string;
  salt: string;
  expires_at: number;
  issued_at: number;
  attempts: number;
}

/**
 * One address's codes live side by side, each its own record (`CODE#<request>`), beside a marker
 * of the last issue (`LAST`) and a count per day (`DAY#<date>`). A request only ever adds its own
 * code: nobody else's request (a stranger's, asking for the same address) can spend or overwrite a
 * code already mailed.
 */
const hashOf = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/**
 * Issues a fresh 6-digit code for an address, stored only as a salted hash with its expiry, or
 * answers null when one was issued less than a minute ago for another request, or when the address
 * has had its codes for the day (each code allows a few guesses: the day's cap bounds them all).
 * The same request (`requestId`, the bus event's id) gets a fresh code again, in place of its own
 * first one: its delivery is being retried because the mail may not have gone.
 */
export async function issueResetCode(email: string, requestId: string, now: number): Promise<string | null> {
  const PK = RESET_KEYS.partition(email);
  const ttl = Math.ceil((now + RESET_CODE.expiryMs) / 1000);
  const mayIssue = await conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { PK, SK: RESET_KEYS.last, issued_at: now, request_id: requestId, ttl },
        ConditionExpression: 'attribute_not_exists(PK) OR issued_at < :reissue OR request_id = :request',
        ExpressionAttributeValues: { ':reissue': now - RESET_CODE.reissueMs, ':request': requestId },
      }),
    ),
  );
  if (!mayIssue || !(await countIssuedToday(PK, requestId, now))) return null;

  const code = String(randomInt(0, 10 ** RESET_CODE.digits)).padStart(RESET_CODE.digits, '0');
  const salt = randomBytes(16).toString('hex');
  const stored: StoredCode = {
    SK: `${RESET_KEYS.codePrefix}${createHash('sha256').update(requestId).digest('hex').slice(0, 32)}`,
    code_hash: hashOf(salt, code),
    salt,
    expires_at: now + RESET_CODE.expiryMs,
    issued_at: now,
    attempts: 0,
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: { PK, ...stored, ttl } }));
  return code;
}

/**
 * Counts a request's code against the address's day (UTC), once however often the request is
 * retried; false when the day's codes are used up by other requests.
 */
async function countIssuedToday(PK: string, requestId: string, now: number): Promise<boolean> {
  const day = new Date(now).toISOString().slice(0, 10);
  const Key = { PK, SK: RESET_KEYS.day(day) };
  const counted = await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression: 'ADD issued :one, requests :request SET #ttl = :ttl',
        ConditionExpression: '(attribute_not_exists(issued) OR issued < :cap) AND NOT contains(requests, :requestId)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':request': new Set([requestId]),
          ':requestId': requestId,
          ':cap': RESET_CODE.perDay,
          ':ttl': Math.ceil(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 86_400,
        },
      }),
    ),
  );
  if (counted) return true;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  return (Item?.requests as Set<string> | undefined)?.has(requestId) ?? false;
}

/**
 * Spends a code: true only for a right, unexpired code within its attempts, and only once; every
 * other code of the address goes with it. A guess counts as a try on each live code, before it is
 * compared, in one conditional write, so guesses sent side by side cannot share an attempt; a
 * code's last allowed wrong guess deletes it.
 */
export async function redeemResetCode(email: string, code: string, now: number): Promise<boolean> {
  const PK = RESET_KEYS.partition(email);
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :codes)',
      ExpressionAttributeValues: { ':pk': PK, ':codes': RESET_KEYS.codePrefix },
      ConsistentRead: true,
    }),
  );
  const live = (Items as StoredCode[]).filter((stored) => stored.expires_at > now && stored.attempts < RESET_CODE.attempts);
  const outcomes = await Promise.all(live.map((stored) => tryCode(PK, stored.SK, code, now)));
  if (!outcomes.includes(true)) return false;
  await Promise.all((Items as StoredCode[]).map((stored) => spend(PK, stored.SK, stored.code_hash)));
  return true;
}

/** One try of `code` against one stored code; true when it was the code and this try spent it. */
async function tryCode(PK: string, SK: string, code: string, now: number): Promise<boolean> {
  const counted = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK, SK },
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
    if (stored.attempts >= RESET_CODE.attempts) await spend(PK, SK, stored.code_hash);
    return false;
  }
  // Single use: of two requests with the right code, only the one whose delete finds it wins.
  return spend(PK, SK, stored.code_hash);
}

/** Deletes the code, if it is still this one; false when another request got there first. */
function spend(PK: string, SK: string, codeHash: string): Promise<boolean> {
  return conditionally(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { PK, SK },
        ConditionExpression: 'code_hash = :hash',
        ExpressionAttributeValues: { ':hash': codeHash },
      }),
    ),
  );
}
