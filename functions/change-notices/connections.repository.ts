import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SOCKET_LIMITS } from '../../shared/constants';
import { CONNECTION_PREFIX, connectionKey, userKey } from '../data/keys';
import { db, queryItems, tableName, unlessConditionFails } from '../platform/dynamo';

/**
 * A user's open sockets, one record each under their partition. API Gateway ends a WebSocket
 * connection after two hours at most, so a record outlives its socket by little even when its
 * $disconnect never came: DynamoDB's TTL drops it, and the sender skips it meanwhile.
 */
const CONNECTION_LIFETIME_SECONDS = 2 * 3600 + 600;
/**
 * API Gateway answers 410 Gone to a post to a socket whose $connect has not finished yet (the
 * record is written first), and waits at most 29 s for that route's integration.
 */
const OPENING_SECONDS = 30;

export interface Connection {
  connection_id: string;
  connected_at: string;
  ttl: number;
}

export async function saveConnection(userId: string, connectionId: string, now: Date): Promise<void> {
  const connection: Connection = {
    connection_id: connectionId,
    connected_at: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + CONNECTION_LIFETIME_SECONDS,
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...connectionKey(userId, connectionId), ...connection } }));
}

export async function removeConnection(userId: string, connectionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: connectionKey(userId, connectionId) }));
}

/**
 * Forgets a socket API Gateway said is gone, unless it may still be opening: that one is told of
 * the changes it missed by the tab itself, which reads the counters once its socket opens.
 */
export async function forgetGoneConnection(userId: string, connectionId: string, now: Date): Promise<void> {
  await unlessConditionFails(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: connectionKey(userId, connectionId),
        ConditionExpression: 'connected_at < :openingSince',
        ExpressionAttributeValues: { ':openingSince': new Date(now.getTime() - OPENING_SECONDS * 1000).toISOString() },
      }),
    ),
  );
}

/** The user's connections that may still be open: one Query of their partition's CONNECTION# records. */
export async function openConnections(userId: string, now: Date): Promise<string[]> {
  return (await liveConnections(userId, now)).map((connection) => connection.connection_id);
}

/**
 * The user's open connections past SOCKET_LIMITS.openPerUser, oldest first: those to close so that
 * the newest stay. The cap, enforced at each $connect, is what keeps this Query short.
 */
export async function connectionsOverCap(userId: string, now: Date): Promise<string[]> {
  const newestFirst = (await liveConnections(userId, now)).sort(
    (a, b) => b.connected_at.localeCompare(a.connected_at) || b.connection_id.localeCompare(a.connection_id),
  );
  return newestFirst
    .slice(SOCKET_LIMITS.openPerUser)
    .reverse()
    .map((connection) => connection.connection_id);
}

async function liveConnections(userId: string, now: Date): Promise<Connection[]> {
  const live: Connection[] = [];
  const nowSeconds = now.getTime() / 1000;
  for await (const connection of queryItems<Connection>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': CONNECTION_PREFIX },
    ProjectionExpression: 'connection_id, connected_at, #ttl',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
  })) {
    if (connection.ttl > nowSeconds) live.push(connection);
  }
  return live;
}

/**
 * Counts one frame the socket sent, on its own record: the frames of the current window
 * (SOCKET_LIMITS.frames), or null for a connection no longer recorded. One write when the window is
 * the one counted, two when a new one starts, three at most.
 */
export async function countFrame(userId: string, connectionId: string, now: Date): Promise<number | null> {
  const window = Math.floor(now.getTime() / 1000 / SOCKET_LIMITS.frames.windowSeconds);
  const key = connectionKey(userId, connectionId);
  const values = { ':one': 1, ':window': window };
  const addOne = async () => {
    const answer = await unlessConditionFails(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'ADD frames :one',
          ConditionExpression: 'frame_window = :window',
          ExpressionAttributeValues: values,
          ReturnValues: 'UPDATED_NEW',
        }),
      ),
    );
    return answer ? (answer.Attributes!.frames as number) : null;
  };
  const counted = await addOne();
  if (counted !== null) return counted;
  const started = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET frame_window = :window, frames = :one',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(frame_window) OR frame_window < :window)',
        ExpressionAttributeValues: values,
      }),
    ),
  );
  if (started) return 1;
  // The record is gone, or another frame of this socket started the window between the two writes.
  return addOne();
}
