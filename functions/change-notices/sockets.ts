import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ChangeNotice } from '../../shared/changes.schema';
import { now } from '../platform/clock';
import { log } from '../platform/log';
import { forgetGoneConnection, openConnections } from './connections.repository';
import { closeConnections, management } from './management';

/** A user's open sockets as the change counter reaches them: a notice to all, or closing all. */

/** Closes every open socket of the user's (their sessions were ended). */
export async function closeOpenConnections(userId: string): Promise<void> {
  await closeConnections(userId, await openConnections(userId, now()));
}

/**
 * Posts a notice to each of the user's open sockets, and to no one else's: their connections are
 * the records under their own partition. They are looked up while the notice is being made (the
 * counters' write), so a notice waits for one round trip before it goes, not two; a notice that
 * comes to nothing (null) is not sent. A socket API Gateway says is gone is forgotten, unless its
 * $connect may still be under way (forgetGoneConnection); any other
 * failure throws, so the caller's stream record is retried (a notice sent twice does no harm: it
 * carries the counters themselves, not a step).
 */
export async function notifyConnections(userId: string, notice: Promise<ChangeNotice | null>): Promise<void> {
  const [made, connections] = await Promise.all([notice, openConnections(userId, now())]);
  if (!made) return;
  const data = Buffer.from(JSON.stringify(made));
  await Promise.all(connections.map((connectionId) => post(userId, connectionId, data)));
}

async function post(userId: string, connectionId: string, data: Uint8Array): Promise<void> {
  try {
    await management().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
  } catch (error) {
    if (!(error instanceof GoneException)) throw error;
    log.info('gone connection', { connectionId });
    await forgetGoneConnection(userId, connectionId, now());
  }
}
