import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { GOOGLE_TOKEN_FALLBACK_LIFETIME_S } from '../../shared/constants';
import { GCAL_SCOPES } from '../../shared/gcal';
import type { InitialSync } from '../../shared/gcal.schema';
import { gcalTokensKey } from '../data/keys';
import { conditionally, db, tableName } from '../platform/dynamo';
import { openToken, sealToken } from './token-cipher';

/** What Google's token endpoint answers, as google-auth-library hands it over. */
export interface GoogleCredentials {
  access_token?: string | null;
  refresh_token?: string | null;
  expiry_date?: number | null;
  scope?: string;
}

/** A user's gcal_tokens item. The tokens stay sealed until a call to Google needs them. */
export interface Connection {
  userId: string;
  sealedAccessToken: string;
  sealedRefreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  scopes: string[];
  connectedAt: string;
  initialSync: InitialSync | null;
}

export function openTokens(connection: Connection): { accessToken: string; refreshToken: string } {
  return {
    accessToken: openToken(connection.sealedAccessToken, connection.userId),
    refreshToken: openToken(connection.sealedRefreshToken, connection.userId),
  };
}

export const grantedScopes = (credentials: GoogleCredentials) => (credentials.scope ?? '').split(' ').filter(Boolean);
export const hasWriteAccess = (scopes: readonly string[]) => scopes.includes(GCAL_SCOPES.write);
/** Google's consent page lets people untick the calendar: then there is nothing to sync. */
export const grantsCalendar = (scopes: readonly string[]) => scopes.includes(GCAL_SCOPES.read) || hasWriteAccess(scopes);

/** When the access token expires; Google may leave expires_in out, then it lives an hour. */
function expiryOf(credentials: GoogleCredentials, now: Date): number {
  return credentials.expiry_date ?? now.getTime() + GOOGLE_TOKEN_FALLBACK_LIFETIME_S * 1000;
}

/**
 * Stores a new connection (an upsert on user id: one connection per user), with the first sync
 * pending. Tokens are sealed; the refresh token is required by the caller.
 */
export async function saveConnection(
  userId: string,
  credentials: GoogleCredentials & { access_token: string; refresh_token: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...gcalTokensKey(userId),
        access_token: sealToken(credentials.access_token, userId),
        refresh_token: sealToken(credentials.refresh_token, userId),
        expires_at: new Date(expiryOf(credentials, now)).toISOString(),
        scopes: grantedScopes(credentials),
        connected_at: at,
        updated_at: at,
        initial_sync: { status: 'pending', synced: null, message: null } satisfies InitialSync,
      },
    }),
  );
}

export async function getConnection(userId: string): Promise<Connection | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: gcalTokensKey(userId), ConsistentRead: true }));
  if (!Item) return undefined;
  return {
    userId,
    sealedAccessToken: String(Item.access_token),
    sealedRefreshToken: String(Item.refresh_token),
    expiresAt: Date.parse(String(Item.expires_at)),
    scopes: (Item.scopes as string[] | undefined) ?? [],
    connectedAt: String(Item.connected_at),
    initialSync: (Item.initial_sync as InitialSync | undefined) ?? null,
  };
}

/**
 * Keeps a refreshed access token (a refresh never brings a new refresh token). Only while the
 * connection exists: a refresh finishing after a disconnect must not bring it back.
 */
export async function saveRefreshedAccess(userId: string, credentials: GoogleCredentials, now: Date): Promise<void> {
  if (!credentials.access_token) return;
  const scopes = grantedScopes(credentials);
  await conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: gcalTokensKey(userId),
        UpdateExpression: `SET access_token = :token, expires_at = :expires, updated_at = :at${scopes.length ? ', scopes = :scopes' : ''}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':token': sealToken(credentials.access_token, userId),
          ':expires': new Date(expiryOf(credentials, now)).toISOString(),
          ':at': now.toISOString(),
          ...(scopes.length ? { ':scopes': scopes } : {}),
        },
      }),
    ),
  );
}

/**
 * Records how the first sync of a connection went, once: only while that very connection is still
 * stored and its first sync still pending, so a redelivery or a reconnect in between changes nothing.
 */
export async function recordInitialSync(userId: string, connectedAt: string, outcome: InitialSync): Promise<boolean> {
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: gcalTokensKey(userId),
        UpdateExpression: 'SET initial_sync = :outcome',
        ConditionExpression: 'connected_at = :connected AND initial_sync.#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':outcome': outcome, ':connected': connectedAt, ':pending': 'pending' },
      }),
    ),
  );
}

export async function deleteConnection(userId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: gcalTokensKey(userId) }));
}
