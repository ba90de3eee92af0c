import type { PreAuthenticationTriggerEvent } from 'aws-lambda';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH_THROTTLE } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { nowMs } from '../platform/clock';
import { conditionally, db, tableName } from '../platform/dynamo';


interface AttemptLog {
  attempts: number[];
  blockedUntil: number;
  version: number;
}

/**
 * The sign-in throttle, where no script can go around it: Cognito runs this before checking a
 * password. Five attempts per minute per account; the next one starts a 5 s cooldown.
 */
export async function handler(event: PreAuthenticationTriggerEvent): Promise<PreAuthenticationTriggerEvent> {
  const account = (event.request.userAttributes.email ?? event.userName).toLowerCase();
  for (let tries = 0; tries < 3; tries += 1) {
    const verdict = await recordAttempt(account, nowMs());
    if (verdict === 'allowed') return event;
    if (verdict === 'throttled') throw new Error(MESSAGES.signInThrottled);
  }
  throw new Error(MESSAGES.signInThrottled);
}

/** One attempt, written with optimistic concurrency; 'raced' when another attempt wrote first. */
async function recordAttempt(account: string, now: number): Promise<'allowed' | 'throttled' | 'raced'> {
  const key = { PK: `SIGNIN#${account}`, SK: 'THROTTLE' };
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const log: AttemptLog = (Item as AttemptLog | undefined) ?? { attempts: [], blockedUntil: 0, version: 0 };
  if (now < log.blockedUntil) return 'throttled';

  const recent = log.attempts.filter((at) => now - at < AUTH_THROTTLE.windowMs);
  const throttled = recent.length >= AUTH_THROTTLE.attempts;
  const next: AttemptLog = throttled
    ? { attempts: [], blockedUntil: now + AUTH_THROTTLE.cooldownMs, version: log.version + 1 }
    : { attempts: [...recent, now], blockedUntil: 0, version: log.version + 1 };
  const written = await conditionally(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...key, ...next, ttl: Math.ceil((now + AUTH_THROTTLE.windowMs) / 1000) + 60 },
        ConditionExpression: 'attribute_not_exists(PK) OR version = :read',
        ExpressionAttributeValues: { ':read': log.version },
      }),
    ),
  );
  if (!written) return 'raced';
  return throttled ? 'throttled' : 'allowed';
}
