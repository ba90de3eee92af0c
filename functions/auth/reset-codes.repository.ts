import { randomInt, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RESET_CODE } from '../../shared/constants';
import { conditionally, db, tableName, unlessConditionFails } from '../platform/dynamo';
import { resetCodeKey } from '../data/keys';

/**
 * An address's one live code. The code itself is kept, so that it can be mailed again: a hash of
 * a 6-digit code would hide nothing from a reader of the table (the million codes are tried in
 * a moment), and the code lives 15 minutes.
 */
interface LiveCode {
  code: string;
  issued_at: number;
  expires_at: number;
  /** Wrong guesses so far. */
  attempts: number;
  /** When it was last mailed, how often, and for which request (a retried delivery mails it again). */
  sent_at: number;
  sends: number;
  request_id: string;
}

const isLive = (stored: LiveCode | undefined, now: number): stored is LiveCode =>
  stored !== undefined && stored.expires_at > now && stored.attempts < RESET_CODE.attempts;

async function readLiveCode(email: string): Promise<LiveCode | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: resetCodeKey(email), ConsistentRead: true }));
  return Item as LiveCode | undefined;
}

/**
 * The code to mail for a request, or null when nothing is to be mailed. An address has one live
 * code at a time: a request while it lives mails that same code again (so nobody's request can
 * replace the code another mail holds), at most once a minute and a few times in all
 * (RESET_CODE.reissueMs, sendsPerCode); a new code is made only once none lives (expired, used,
 * or out of guesses). How many a day is never counted: whoever asks, the person's mailbox holds
 * a working code. The same request (`requestId`, the bus event's id) gets the code again: its
 * delivery is being retried because the mail may not have gone.
 */
export async function issueResetCode(email: string, requestId: string, now: number): Promise<string | null> {
  const stored = await readLiveCode(email);
  if (!isLive(stored, now)) return (await mintCode(email, stored, requestId, now)) ?? null;
  if (stored.request_id === requestId) return stored.code;
  if (now - stored.sent_at < RESET_CODE.reissueMs || stored.sends >= RESET_CODE.sendsPerCode) return null;
  const counted = await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: resetCodeKey(email),
        UpdateExpression: 'SET sent_at = :now, request_id = :request ADD sends :one',
        // Of two requests side by side, only one mails it again.
        ConditionExpression: 'issued_at = :issued AND sent_at = :sent',
        ExpressionAttributeValues: { ':now': now, ':request': requestId, ':one': 1, ':issued': stored.issued_at, ':sent': stored.sent_at },
      }),
    ),
  );
  return counted ? stored.code : null;
}

/** A fresh code in place of the one read (none, or no longer live); undefined when another request made one first. */
async function mintCode(email: string, replaced: LiveCode | undefined, requestId: string, now: number): Promise<string | undefined> {
  const code = String(randomInt(0, 10 ** RESET_CODE.digits)).padStart(RESET_CODE.digits, '0');
  const fresh: LiveCode = { code, issued_at: now, expires_at: now + RESET_CODE.expiryMs, attempts: 0, sent_at: now, sends: 1, request_id: requestId };
  const made = await conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...resetCodeKey(email), ...fresh, ttl: Math.ceil(fresh.expires_at / 1000) },
        ConditionExpression: replaced ? 'issued_at = :issued' : 'attribute_not_exists(PK)',
        ...(replaced ? { ExpressionAttributeValues: { ':issued': replaced.issued_at } } : {}),
      }),
    ),
  );
  return made ? code : undefined;
}

/**
 * Spends the code: true only for the right, unexpired code within its attempts, and only once. A
 * guess counts as a try before it is compared, in one conditional write, so guesses sent side by
 * side cannot share an attempt; the last allowed wrong guess deletes the code.
 */
export async function redeemResetCode(email: string, code: string, now: number): Promise<boolean> {
  const counted = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: resetCodeKey(email),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(PK) AND attempts < :allowed AND expires_at > :now',
        ExpressionAttributeValues: { ':one': 1, ':allowed': RESET_CODE.attempts, ':now': now },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  const stored = counted?.Attributes as LiveCode | undefined;
  if (!stored) return false;
  const right = stored.code.length === code.length && timingSafeEqual(Buffer.from(stored.code), Buffer.from(code));
  if (!right) {
    if (stored.attempts >= RESET_CODE.attempts) await spend(email, stored.issued_at);
    return false;
  }
  // Single use: of two requests with the right code, only the one whose delete finds it wins.
  return spend(email, stored.issued_at);
}

/** Deletes the code, if it is still the one issued at `issuedAt`; false when another request got there first. */
function spend(email: string, issuedAt: number): Promise<boolean> {
  return conditionally(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: resetCodeKey(email),
        ConditionExpression: 'issued_at = :issued',
        ExpressionAttributeValues: { ':issued': issuedAt },
      }),
    ),
  );
}
