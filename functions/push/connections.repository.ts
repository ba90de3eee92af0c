import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CONNECTION_PREFIX, connectionKey, userKey } from '../data/keys';
import { db, queryItems, tableName } from '../platform/dynamo';

/**
 * A user's open sockets, one record each under their partition. API Gateway ends a WebSocket
 * connection after two hours at most, so a record outlives its socket by little even when its
 * $disconnect never came: DynamoDB's TTL drops it, and the sender skips it meanwhile.
 */
const CONNECTION_LIFETIME_SECONDS = 2 * 3600 + 600;

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

/** The user's connections that may still be open: one Query of their partition's CONNECTION# records. */
export async function openConnections(userId: string, now: Date): Promise<string[]> {
  const ids: string[] = [];
  const nowSeconds = now.getTime() / 1000;
  for await (const connection of queryItems<Connection>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': CONNECTION_PREFIX },
    ProjectionExpression: 'connection_id, #ttl',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
  })) {
    if (connection.ttl > nowSeconds) ids.push(connection.connection_id);
  }
  return ids;
}
