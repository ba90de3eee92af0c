import { randomBytes, randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DAY_MS } from '../../shared/dates';
import { DEMO, type DemoAccount } from '../../shared/demo';
import type { Language } from '../../shared/languages';
import { demoExpiryPartition, demoRegisterKey, USER_SK, userKey } from '../data/keys';
import { publishAfterSave } from '../platform/bus';
import { cognito, userPool } from '../platform/cognito';
import { db, queryItems, queryPages, tableName } from '../platform/dynamo';
import { log } from '../platform/log';
import { endSessionsBefore } from '../platform/sessions';
import { createSignUpSettings } from '../settings/repository';
import { seedDemoData } from './seed';

/**
 * The register of demo accounts, one partition per day of expiry, sorted by expiry: the hourly
 * clean-up reads only the days that have come due. Its records expire by TTL a week after the
 * account, a bound on the table should the clean-up stop.
 */
const REGISTER_KEPT_MS = 7 * DAY_MS;
/** How far back the clean-up looks: an account missed by a week of failed runs is left to the register's TTL. */
export const CLEAN_UP_LOOKBACK_DAYS = 7;

interface RegisteredDemo {
  PK: string;
  SK: string;
  user_id: string;
  email: string;
}

/**
 * A new demo account: a confirmed Cognito user with a random address and password (no mail is
 * sent: Cognito's invitation is suppressed), registered for the clean-up before anything is stored
 * under it, then its settings and sample items.
 */
export async function createDemoAccount(now: Date, lang: Language): Promise<DemoAccount> {
  const email = `demo-${randomUUID()}@${DEMO.emailDomain}`;
  // 24 random bytes, with a capital, a digit and a symbol for the pool's password policy.
  const password = `Demo-${randomBytes(24).toString('base64url')}7!`;
  const expiresAt = new Date(now.getTime() + DEMO.lifetimeMs).toISOString();
  const { userPoolId } = userPool();

  const { User } = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: DEMO.fullName },
      ],
    }),
  );
  const userId = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!userId) throw new Error('Cognito answered a new user without its sub');
  try {
    await register({ userId, email, expiresAt });
  } catch (error) {
    // Unregistered, the clean-up would never find it: remove it now.
    await deleteCognitoUser(email).catch(() => undefined);
    throw error;
  }
  await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
  // A user made by an administrator is confirmed without the post-confirmation trigger.
  const settings = await createSignUpSettings(userId, DEMO.fullName, lang);
  if (settings) await publishAfterSave('settings.created', { userId, settings, occurredAt: now.toISOString() });
  await seedDemoData(userId, now);
  return { email, password, expires_at: expiresAt };
}

async function register({ userId, email, expiresAt }: { userId: string; email: string; expiresAt: string }): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...demoRegisterKey(expiresAt, userId),
        user_id: userId,
        email,
        ttl: Math.ceil((Date.parse(expiresAt) + REGISTER_KEPT_MS) / 1000),
      },
    }),
  );
}

/** The demo accounts that expired on `day` (yyyy-mm-dd) by `now`. */
export async function* expiredDemos(day: string, now: Date): AsyncGenerator<RegisteredDemo> {
  const expired = queryItems<RegisteredDemo>({
    KeyConditionExpression: 'PK = :day AND SK <= :now',
    ExpressionAttributeValues: { ':day': demoExpiryPartition(day), ':now': `${now.toISOString()}~` },
  });
  yield* expired;
}

/**
 * Removes an expired demo account and everything in it. First its tokens stop counting (an ID
 * token lives an hour after the Cognito user is gone), then the user goes, then every record under
 * it: deleted directly, not through the items domain, so no bus event mirrors the deletions to a
 * Google calendar the visitor may have connected. The record of when tokens count stays until its
 * TTL, a day on, when no token of the account can be alive. Safe to run again after a failure.
 */
export async function deleteDemoAccount(demo: RegisteredDemo, now: Date): Promise<number> {
  await endSessionsBefore(demo.user_id, now, new Date(now.getTime() + DAY_MS));
  await deleteCognitoUser(demo.email);
  const deleted = await deleteUserRecords(demo.user_id);
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: demo.PK, SK: demo.SK } }));
  log.info('demo account deleted', { records: deleted });
  return deleted;
}

async function deleteCognitoUser(email: string): Promise<void> {
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPool().userPoolId, Username: email }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}

/** Deletes sent at once; a demo account holds a few dozen records, so a page goes in a few rounds. */
const PARALLEL_DELETES = 25;

async function deleteUserRecords(userId: string): Promise<number> {
  let deleted = 0;
  const pages = queryPages<{ PK: string; SK: string }>({
    KeyConditionExpression: 'PK = :user',
    ExpressionAttributeValues: { ':user': userKey(userId) },
    ProjectionExpression: 'PK, SK',
  });
  for await (const page of pages) {
    // A filter cannot name a key attribute: the record that refuses the tokens is passed over here.
    const keys = page.filter((key) => key.SK !== USER_SK.sessions);
    for (let start = 0; start < keys.length; start += PARALLEL_DELETES) {
      await Promise.all(keys.slice(start, start + PARALLEL_DELETES).map((Key) => db().send(new DeleteCommand({ TableName: tableName(), Key }))));
    }
    deleted += keys.length;
  }
  return deleted;
}
