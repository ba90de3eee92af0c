import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { deviceToken } from '../../shared/accounts.schema';
import { TRUSTED_DEVICES } from '../../shared/constants';
import { trustedDevicesKey } from '../data/keys';
import { conditionally, db, tableName } from '../platform/dynamo';

/** One trusted browser: the hash of its token (the token itself is kept by the browser alone) and when it was issued. */
interface TrustedDevice {
  hash: string;
  issuedAt: number;
}

interface TrustedDevices {
  devices: TrustedDevice[];
  version: number;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function readDevices(userId: string): Promise<TrustedDevices> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: trustedDevicesKey(userId), ConsistentRead: true }));
  return (Item as TrustedDevices | undefined) ?? { devices: [], version: 0 };
}

/** The throttle's name for a trusted browser (its token's hash, shortened): what the pre-authentication trigger counts it by. */
const deviceKeyOf = (hash: string) => `device#${hash.slice(0, 32)}`;

/**
 * The token a browser held, which its new one replaces: as the browser sends it, or as the
 * throttle named the browser it let through to sign in (`deviceKey`, from trustedDeviceOf; any other key names none).
 */
export type Replaced = { token: string | undefined } | { deviceKey: string | undefined };

function replacedBy(replaced: Replaced): (hash: string) => boolean {
  if ('token' in replaced) {
    const dropped = replaced.token === undefined ? null : hashOf(replaced.token);
    return (hash) => hash === dropped;
  }
  return (hash) => deviceKeyOf(hash) === replaced.deviceKey;
}

/**
 * Trusts the browser that asked for the account `userId` (its `sub`: signed in with it, or holding
 * a link mailed to it): a fresh random token, of which only the hash is kept, in place of the one
 * it held (`replaced`), so that each browser holds one. The account keeps its latest
 * TRUSTED_DEVICES.perAccount, the oldest dropped.
 */
export async function trustDevice(userId: string, replaced: Replaced, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const dropped = replacedBy(replaced);
  // A write raced by another of the account's browsers reads again; a handful of tries is plenty.
  for (let tries = 0; tries < 5; tries += 1) {
    const { devices, version } = await readDevices(userId);
    const kept = devices.filter((device) => !dropped(device.hash) && now - device.issuedAt < TRUSTED_DEVICES.lifetimeMs);
    const next = [...kept, { hash: hashOf(token), issuedAt: now }].slice(-TRUSTED_DEVICES.perAccount);
    const saved = await conditionally(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...trustedDevicesKey(userId), devices: next, version: version + 1, ttl: Math.ceil((now + TRUSTED_DEVICES.lifetimeMs) / 1000) },
          ConditionExpression: 'attribute_not_exists(PK) OR version = :read',
          ExpressionAttributeValues: { ':read': version },
        }),
      ),
    );
    if (saved) return token;
  }
  throw new Error('the trusted browsers of an account kept changing under this write');
}

/**
 * The throttle's name for the browser holding `token`, when the token is one the account trusts
 * and is not too old; null for anything else (none, made up, another account's, expired).
 */
export async function trustedDeviceOf(userId: string, token: string | undefined, now: number): Promise<string | null> {
  const given = deviceToken.safeParse(token);
  if (!given.success) return null;
  const hash = hashOf(given.data);
  const { devices } = await readDevices(userId);
  const trusted = devices.some((device) => device.hash === hash && now - device.issuedAt < TRUSTED_DEVICES.lifetimeMs);
  return trusted ? deviceKeyOf(hash) : null;
}

/** Trusts no browser of the account any more (its sessions were ended: a thief's browser may be among them). */
export async function forgetTrustedDevices(userId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: trustedDevicesKey(userId) }));
}
