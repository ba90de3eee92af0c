import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { SOCKET_LIMITS } from '../../shared/constants';
import { socketTicketKey } from '../data/keys';
import { db, tableName, unlessConditionFails } from '../platform/dynamo';

/**
 * The tickets a socket opens with. The page cannot set headers on a WebSocket, and a token in the
 * socket's address would sit in the edge's access logs; so a signed-in API call issues a random
 * ticket, stored by its hash, that opens one socket within SOCKET_LIMITS.ticketSeconds. A logged
 * ticket is worthless: used or expired, and naming no one.
 */

interface Ticket {
  user_id: string;
  /** When it was issued (seconds): a ticket from before the user's sessions ended opens nothing. */
  issued_at: number;
  /** When it stops working (seconds); DynamoDB's TTL removes it some time after. */
  ttl: number;
}

export async function saveTicket(ticket: string, userId: string, now: Date): Promise<void> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const record: Ticket = { user_id: userId, issued_at: issuedAt, ttl: issuedAt + SOCKET_LIMITS.ticketSeconds };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...socketTicketKey(ticket), ...record } }));
}

/** Uses the ticket up (a conditional delete, so two sockets cannot share it): its user and issue time while it is live, else null. */
export async function redeemTicket(ticket: string, now: Date): Promise<{ userId: string; issuedAt: number } | null> {
  const deleted = await unlessConditionFails(
    db().send(
      new DeleteCommand({ TableName: tableName(), Key: socketTicketKey(ticket), ConditionExpression: 'attribute_exists(PK)', ReturnValues: 'ALL_OLD' }),
    ),
  );
  const record = deleted?.Attributes as Ticket | undefined;
  if (!record || record.ttl * 1000 <= now.getTime()) return null;
  return { userId: record.user_id, issuedAt: record.issued_at };
}
