import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH_THROTTLE } from '../../shared/constants';
import { signInThrottleKey } from '../data/keys';
import { conditionally, db, tableName } from '../platform/dynamo';

/** One browser's attempts at one account: those of the last minute, how often it was made to wait, until when, and its last try. */
export interface BrowserLog {
  attempts: number[];
  strikes: number;
  blockedUntil: number;
  lastAt: number;
}

/** Everything the throttle keeps for one account, in one record written with optimistic concurrency. */
export interface AttemptLog {
  /** Attempts from every browser, for the account-wide hourly bound. */
  attempts: number[];
  blockedUntil: number;
  browsers: Record<string, BrowserLog>;
  /** The browser of the last attempt let through to the password check: the one a success clears. */
  lastBrowser?: string;
  version: number;
}

/** The account's log as stored, or an empty one. Read consistently: the write that follows is conditional on its version. */
export async function readAttemptLog(account: string): Promise<AttemptLog> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: signInThrottleKey(account), ConsistentRead: true }));
  return (Item as AttemptLog | undefined) ?? { attempts: [], blockedUntil: 0, browsers: {}, version: 0 };
}

/** Writes the next log if nobody wrote since `readVersion`; false when another attempt raced this one. */
export async function saveAttemptLog(account: string, next: AttemptLog, readVersion: number, now: number): Promise<boolean> {
  return conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...signInThrottleKey(account), ...next, ttl: Math.ceil((now + AUTH_THROTTLE.accountWindowMs + AUTH_THROTTLE.maxCooldownMs) / 1000) },
        ConditionExpression: 'attribute_not_exists(PK) OR version = :read',
        ExpressionAttributeValues: { ':read': readVersion },
      }),
    ),
  );
}

/** Forgets the attempts and waits of the browser last let through to the password check (after it signed in). */
export async function forgetLastBrowser(account: string): Promise<void> {
  const { lastBrowser, version } = await readAttemptLog(account);
  if (!lastBrowser) return;
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: signInThrottleKey(account),
        UpdateExpression: 'REMOVE browsers.#browser SET version = :next',
        ConditionExpression: 'version = :read',
        ExpressionAttributeNames: { '#browser': lastBrowser },
        ExpressionAttributeValues: { ':read': version, ':next': version + 1 },
      }),
    ),
  );
}
