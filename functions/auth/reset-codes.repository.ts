import { randomInt } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RESET_CODE, RESET_GUESSES } from '../../shared/constants';
import { conditionally, db, tableName, unlessConditionFails } from '../platform/dynamo';
import { quotaKey, resetCodeKey } from '../data/keys';

/**
 * An address's one live code. The code itself is kept, so that it can be mailed again: a hash of
 * a 6-digit code would hide nothing from a reader of the table (the million codes are tried in
 * a moment), and the code lives 15 minutes.
 */
export interface LiveCode {
  code: string;
  /** The account's `sub`: the browsers it trusts guess apart, and its wrong guesses are counted by the day. */
  user_id: string;
  issued_at: number;
  expires_at: number;
  /** Guesses so far from browsers the account does not trust, and from those it does. */
  attempts: number;
  trusted_attempts?: number;
  /** When it was last mailed, how often, and for which request (a retried delivery mails it again). */
  sent_at: number;
  sends: number;
  request_id: string;
}

/**
 * Live until it expires, is used, or the account's trusted browsers are out of guesses: strangers
 * running out of theirs leaves it to the owner's trusted browser, and asked again it is mailed again.
 * (A code stored before codes named their account is not live: the next request replaces it.)
 */
const isLive = (stored: LiveCode | undefined, now: number): stored is LiveCode =>
  stored !== undefined && stored.user_id !== undefined && stored.expires_at > now && (stored.trusted_attempts ?? 0) < RESET_CODE.attempts;

async function readLiveCode(email: string): Promise<LiveCode | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: resetCodeKey(email), ConsistentRead: true }));
  return Item as LiveCode | undefined;
}

/**
 * The code to mail for a request, or null when nothing is to be mailed. An address has one live
 * code at a time: a request while it lives mails that same code again (so nobody's request can
 * replace the code another mail holds), at most once a minute and a few times in all
 * (RESET_CODE.reissueMs, sendsPerCode); a new code is made only once none lives (isLive). How
 * many a day is never counted: whoever asks, the person's mailbox holds a working code. The same request (`requestId`, the bus event's id) gets the code again: its
 * delivery is being retried because the mail may not have gone.
 */
export async function issueResetCode(email: string, userId: string, requestId: string, now: number): Promise<string | null> {
  const stored = await readLiveCode(email);
  if (!isLive(stored, now)) return (await mintCode(email, userId, stored, requestId, now)) ?? null;
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
async function mintCode(email: string, userId: string, replaced: LiveCode | undefined, requestId: string, now: number): Promise<string | undefined> {
  const code = String(randomInt(0, 10 ** RESET_CODE.digits)).padStart(RESET_CODE.digits, '0');
  const fresh: LiveCode = {
    code,
    user_id: userId,
    issued_at: now,
    expires_at: now + RESET_CODE.expiryMs,
    attempts: 0,
    sent_at: now,
    sends: 1,
    request_id: requestId,
  };
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

/** The address's live code, or null when none is (see isLive). */
export async function liveResetCode(email: string, now: number): Promise<LiveCode | null> {
  const stored = await readLiveCode(email);
  return isLive(stored, now) ? stored : null;
}

/**
 * Counts one guess at the code issued at `issuedAt`, among the trusted browsers' or the others',
 * before it is compared, in one conditional write, so that guesses sent side by side cannot share
 * an attempt: the code as it is now, or null when it is gone, expired or out of that side's guesses.
 */
export async function countGuess(email: string, issuedAt: number, trusted: boolean, now: number): Promise<LiveCode | null> {
  const counted = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: resetCodeKey(email),
        UpdateExpression: 'ADD #attempts :one',
        ConditionExpression: 'issued_at = :issued AND expires_at > :now AND (attribute_not_exists(#attempts) OR #attempts < :allowed)',
        ExpressionAttributeNames: { '#attempts': trusted ? 'trusted_attempts' : 'attempts' },
        ExpressionAttributeValues: { ':one': 1, ':issued': issuedAt, ':now': now, ':allowed': RESET_CODE.attempts },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return (counted?.Attributes as LiveCode | undefined) ?? null;
}

/**
 * Counts a guess from a browser the account does not trust in the account's UTC day, before it is
 * compared: how many the day has counted with it, or null once RESET_GUESSES.untrustedPerAccount
 * were (the guess is then refused). One conditional UpdateItem on a quota counter, dropped by TTL.
 */
export async function countUntrustedGuess(userId: string, now: number): Promise<number | null> {
  const dayStart = Math.floor(now / RESET_GUESSES.windowMs) * RESET_GUESSES.windowMs;
  const counted = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: quotaKey(`reset-guesses#account#${userId}`, dayStart),
        UpdateExpression: 'ADD used :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(used) OR used < :limit',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': RESET_GUESSES.untrustedPerAccount,
          ':ttl': Math.ceil((dayStart + 2 * RESET_GUESSES.windowMs) / 1000),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
  );
  return counted ? Number(counted.Attributes?.used) : null;
}

/** Deletes the code, if it is still the one issued at `issuedAt`; false when another request got there first. */
export function spendResetCode(email: string, issuedAt: number): Promise<boolean> {
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
