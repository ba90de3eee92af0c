import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_TOKEN_LIMITS, ACCESS_TOKEN_PREFIX, type AccessTokenScope } from '../../shared/access-tokens';
import type { AccessTokenCreate, AccessTokenEntry, CreatedAccessToken } from '../../shared/access-tokens.schema';
import { ACCESS_TOKEN_KEY_PREFIX, accessTokenKey, accessTokenLookupKey, USER_SK, userKey } from '../data/keys';
import { conditionally, db, queryItems, tableName } from '../platform/dynamo';

/**
 * Personal access tokens. A token is two records: the person's (under their partition, listed in
 * Settings, read again by every request the token makes) and a lookup record found by the token's
 * SHA-256, which is all the authorizer reads. Neither holds the token. A token works only while
 * both exist, so they need no transaction (which the local engine, dynalite, lacks): the person's
 * record is written first and deleted first, and a lookup record left alone by a failure lets
 * nothing through. Both carry a TTL at the token's expiry, so an expired token's records go by
 * themselves.
 */

interface TokenRecord extends Omit<AccessTokenEntry, 'last_used_at'> {
  last_used_at?: string;
  /** The lookup record's key part: what revoking deletes with it. */
  hash: string;
}

/** What the authorizer finds for a bearer token. */
export interface FoundAccessToken {
  userId: string;
  tokenId: string;
  scope: AccessTokenScope;
  name: string;
  expiresAt: string;
}

/** 32 random bytes after the prefix, base64url: what createAccessToken makes. Nothing else is looked up. */
const TOKEN_SHAPE = new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const ttlOf = (expiresAt: string) => Math.ceil(Date.parse(expiresAt) / 1000);
const guardKey = (userId: string) => ({ PK: userKey(userId), SK: USER_SK.accessTokens });

const entryOf = ({ id, name, scope, hint, created_at, expires_at, last_used_at }: TokenRecord): AccessTokenEntry => ({
  id,
  name,
  scope,
  hint,
  created_at,
  expires_at,
  last_used_at: last_used_at ?? null,
});

/** Every token record of the person's, expired ones included until their TTL takes them (at most the limit live, so a page or two). */
async function tokenRecords(userId: string): Promise<TokenRecord[]> {
  const records: TokenRecord[] = [];
  for await (const record of queryItems<TokenRecord>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': ACCESS_TOKEN_KEY_PREFIX },
    ConsistentRead: true,
  })) {
    records.push(record);
  }
  return records;
}

const isLive = (record: { expires_at: string }, now: Date) => Date.parse(record.expires_at) > now.getTime();

/** The person's live tokens, newest first. */
export async function listAccessTokens(userId: string, now: Date): Promise<AccessTokenEntry[]> {
  return (await tokenRecords(userId))
    .filter((record) => isLive(record, now))
    .map(entryOf)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * Makes a token: null when the person has ACCESS_TOKEN_LIMITS.perAccount live ones already. Tokens
 * made side by side cannot pass the limit together: each reads the version of the person's set
 * before it counts, writes its record, and then moves the version on only if it is still the one
 * read (a conditional update). Every token that got so far had its record written before its move,
 * so the count after a version read sees it; the one that finds the version moved takes its record
 * back and counts again.
 */
export async function createAccessToken(userId: string, request: AccessTokenCreate, now: Date): Promise<CreatedAccessToken | null> {
  for (let attempt = 1; ; attempt += 1) {
    const made = await createOnce(userId, request, now);
    if (made !== SET_MOVED) return made;
    // Each round one of those side by side gets through: as many rounds as requests at once.
    if (attempt === MAX_ATTEMPTS) throw new Error('the access tokens of one person changed too often at once');
  }
}

const SET_MOVED = Symbol('set moved');
const MAX_ATTEMPTS = 5;

async function createOnce(userId: string, request: AccessTokenCreate, now: Date): Promise<CreatedAccessToken | null | typeof SET_MOVED> {
  const { Item: guard } = await db().send(new GetCommand({ TableName: tableName(), Key: guardKey(userId), ConsistentRead: true }));
  const version = typeof guard?.version === 'number' ? guard.version : 0;
  if ((await tokenRecords(userId)).filter((record) => isLive(record, now)).length >= ACCESS_TOKEN_LIMITS.perAccount) return null;

  const secret = randomBytes(32).toString('base64url');
  const token = `${ACCESS_TOKEN_PREFIX}${secret}`;
  const hash = hashOf(token);
  const expiresAt = new Date(now.getTime() + request.expires_in_days * 86_400_000).toISOString();
  const record: TokenRecord = {
    id: randomUUID(),
    name: request.name,
    scope: request.scope,
    hint: `${ACCESS_TOKEN_PREFIX}${secret.slice(0, 4)}`,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    hash,
  };
  const key = accessTokenKey(userId, record.id);
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...key, ...record, ttl: ttlOf(expiresAt) } }));
  const moved = await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: guardKey(userId),
        UpdateExpression: 'SET version = :next',
        ConditionExpression: 'attribute_not_exists(version) OR version = :seen',
        ExpressionAttributeValues: { ':next': version + 1, ':seen': version },
      }),
    ),
  );
  if (!moved) {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
    return SET_MOVED;
  }
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...accessTokenLookupKey(hash),
        sub: userId,
        token_id: record.id,
        scope: record.scope,
        name: record.name,
        expires_at: expiresAt,
        ttl: ttlOf(expiresAt),
      },
    }),
  );
  return { token, access_token: entryOf(record) };
}

/**
 * The token a bearer value names, found by its hash with one GetItem; null for anything that is
 * not one of ours, unknown (revoked) or expired.
 */
export async function findAccessToken(token: string, now: Date): Promise<FoundAccessToken | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: accessTokenLookupKey(hashOf(token)) }));
  if (!Item || !isLive(Item as { expires_at: string }, now)) return null;
  return { userId: Item.sub, tokenId: Item.token_id, scope: Item.scope, name: Item.name, expiresAt: Item.expires_at };
}

/**
 * The token's record, read again on every request (one GetItem): what the gateway's cached
 * authorizer answer cannot know, a revocation since. Null when it is gone or expired.
 */
export async function liveAccessToken(userId: string, tokenId: string, now: Date): Promise<AccessTokenEntry | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: accessTokenKey(userId, tokenId), ConsistentRead: true }));
  const record = Item as TokenRecord | undefined;
  return record && isLive(record, now) ? entryOf(record) : null;
}

/** Notes the token's use, at most every ACCESS_TOKEN_LIMITS.lastUseEveryMs; never brings back a revoked token's record. */
export async function noteAccessTokenUse(userId: string, token: AccessTokenEntry, now: Date): Promise<void> {
  if (token.last_used_at && now.getTime() - Date.parse(token.last_used_at) < ACCESS_TOKEN_LIMITS.lastUseEveryMs) return;
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: accessTokenKey(userId, token.id),
        UpdateExpression: 'SET last_used_at = :now',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(last_used_at) OR last_used_at < :now)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    ),
  );
}

/** Revokes one token: false when the person has none of that id. */
export async function revokeAccessToken(userId: string, tokenId: string): Promise<boolean> {
  // An id no token can have names none; one longer than a sort key may be must not reach the table.
  if (!TOKEN_ID.test(tokenId)) return false;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: accessTokenKey(userId, tokenId), ConsistentRead: true }));
  if (!Item) return false;
  await deleteTokens(userId, [Item as TokenRecord]);
  return true;
}

/** Revokes every token of the person's ("Sign out everywhere" or a password reset, when asked to). */
export async function revokeAllAccessTokens(userId: string): Promise<void> {
  await deleteTokens(userId, await tokenRecords(userId));
}

const TOKEN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The person's record first: with it gone the token is refused, whatever becomes of the lookup record. */
async function deleteTokens(userId: string, records: readonly TokenRecord[]): Promise<void> {
  await Promise.all(
    records.map(async ({ id, hash }) => {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: accessTokenKey(userId, id) }));
      await db().send(new DeleteCommand({ TableName: tableName(), Key: accessTokenLookupKey(hash) }));
    }),
  );
}
