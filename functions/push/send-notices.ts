import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { ChangeNotice } from '../../shared/changes';
import { stampsOf } from '../changes/stamps.repository';
import { userIdOfKey } from '../data/keys';
import { now } from '../platform/clock';
import { clientPerEndpoint } from '../platform/endpoint-client';
import { log, logger } from '../platform/log';
import { openConnections, removeConnection } from './connections.repository';

const management = clientPerEndpoint('WEBSOCKET_MANAGEMENT_ENDPOINT', (endpoint) => new ApiGatewayManagementApiClient({ endpoint }));
const processor = new BatchProcessor(EventType.DynamoDBStreams);

/**
 * Reads the stream's changes to a user's counters (events/streams.ts filters them) and posts each
 * of the user's open sockets a notice of the new counters. A socket API Gateway says is gone is
 * forgotten; any other failure fails the record alone (partial batch response), so the stream
 * retries it and the notices of other users go on. A notice sent twice does no harm: it carries
 * the counters themselves, not a step.
 */
export function handler(event: DynamoDBStreamEvent, context: Context) {
  logger.addContext(context);
  return processPartialResponse(event, sendNotice, processor, { context, processInParallel: false });
}

async function sendNotice(record: DynamoDBRecord): Promise<void> {
  const image = unmarshall(record.dynamodb!.NewImage as Parameters<typeof unmarshall>[0]);
  const userId = userIdOfKey(String(image.PK));
  const notice: ChangeNotice = { stamps: stampsOf(image) };
  const data = Buffer.from(JSON.stringify(notice));
  const connections = await openConnections(userId, now());
  await Promise.all(connections.map((connectionId) => post(userId, connectionId, data)));
}

async function post(userId: string, connectionId: string, data: Uint8Array): Promise<void> {
  try {
    await management().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
  } catch (error) {
    if (!(error instanceof GoneException)) throw error;
    log.info('gone connection removed', { connectionId });
    await removeConnection(userId, connectionId);
  }
}
