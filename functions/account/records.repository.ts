import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  gcalTokensKey,
  idempotentRequestKey,
  mailSuppressionKey,
  quotaKey,
  resetCodeKey,
  signInLinkKeyOfHash,
  signInLinkMailedKey,
  signInThrottleKey,
  trustedDevicesKey,
  USER_SK,
  userKey,
  verifiedLinkKey,
  waitlistKey,
} from '../data/keys';
import { db, queryPages, tableName } from '../platform/dynamo';

/**
 * An account's records, deleted directly rather than through each capability's domain: nothing of
 * an account may outlive it, and no bus event of an item's may reach its Google calendar or its
 * webhooks (both gone first). Every record is found by a key: the person's partition, and the
 * records kept apart under their `sub` or their address (docs/data-retention.md lists them all).
 */

/** Deletes sent at once. */
const PARALLEL_DELETES = 25;

type Key = { PK: string; SK: string };

async function deleteKeys(keys: readonly Key[]): Promise<void> {
  for (let start = 0; start < keys.length; start += PARALLEL_DELETES) {
    await Promise.all(keys.slice(start, start + PARALLEL_DELETES).map((Key) => db().send(new DeleteCommand({ TableName: tableName(), Key }))));
  }
}

/** Deletes every record of a partition but those `keep` names, a page at a time; answers how many went. */
async function deletePartition(PK: string, keep: (key: Key) => boolean = () => false): Promise<number> {
  let deleted = 0;
  for await (const page of queryPages<Key>({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK }, ProjectionExpression: 'PK, SK' })) {
    const keys = page.filter((key) => !keep(key));
    await deleteKeys(keys);
    deleted += keys.length;
  }
  return deleted;
}

/**
 * Deletes every record under the person's partition but the one that refuses their tokens (it
 * lapses by its TTL, a day on, once no token of the account can be alive); answers how many went.
 * (A demo account's register record is the clean-up's to take, once the rest is gone.)
 */
export async function deleteUserRecords(userId: string): Promise<number> {
  // The Google connection first: the deletions reach the bus as item.purged events (from the
  // table's stream), and the mirror, finding no connection, leaves the person's Google calendar alone.
  await db().send(new DeleteCommand({ TableName: tableName(), Key: gcalTokensKey(userId) }));
  // A filter cannot name a key attribute: the record that refuses the tokens is passed over here.
  return deletePartition(userKey(userId), (key) => key.SK === USER_SK.sessions);
}

/** The quotas counted by the person's `sub` (QUOTA#<what>#user#<sub>, …#account#<sub>) and by their address. */
const QUOTAS_BY_USER = ['voice#user#', 'gcal-sync#user#', 'reset-guesses#account#'] as const;
const QUOTAS_BY_ADDRESS = ['bugreport#address#'] as const;
/** The partition of a quota's windows: every window's key starts with it. */
const quotaPartition = (key: string) => quotaKey(key, 0).PK;

/**
 * Deletes the records kept apart from the person's partition: under their `sub` (trusted browsers,
 * the last sign-in link and the link itself, answers kept for Idempotency-Keys, quotas) and under
 * each of their addresses (sign-in attempts, a reset code, a used verification link, a suppressed
 * address, the waiting list, quotas). Each is found by its key; one gone already is fine.
 */
export async function deleteRecordsKeptApart(userId: string, addresses: readonly string[]): Promise<void> {
  const { Item: mailed } = await db().send(new GetCommand({ TableName: tableName(), Key: signInLinkMailedKey(userId) }));
  const keys: Key[] = [
    trustedDevicesKey(userId),
    ...(typeof mailed?.link_hash === 'string' ? [signInLinkKeyOfHash(mailed.link_hash)] : []),
    signInLinkMailedKey(userId),
    ...addresses.flatMap((address) => [
      signInThrottleKey(address),
      resetCodeKey(address),
      verifiedLinkKey(address),
      mailSuppressionKey(address),
      waitlistKey(address.toLowerCase()),
    ]),
  ];
  await deleteKeys(keys);
  await deletePartition(idempotentRequestKey(userId, '').PK);
  for (const quota of QUOTAS_BY_USER) await deletePartition(quotaPartition(`${quota}${userId}`));
  for (const quota of QUOTAS_BY_ADDRESS) for (const address of addresses) await deletePartition(quotaPartition(`${quota}${address.toLowerCase()}`));
}
