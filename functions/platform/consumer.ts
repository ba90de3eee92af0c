import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { EVENT_CATALOGUE, type DetailOf, type DetailType } from '../../events/catalogue';
import { logger } from './log';

export type BusEvent<T extends DetailType> = EventBridgeEvent<T, unknown>;

/**
 * A bus consumer, as `httpHandler` is a route's: the event's detail parsed against the catalogue
 * (a detail that does not parse throws, so the bus retries it, then dead-letters it), and every
 * log line carrying the Lambda's request id and the bus event's id as correlation id.
 */
export function busConsumer<T extends DetailType>(consume: (detail: DetailOf<T>, event: BusEvent<T>) => Promise<void>) {
  return middy<BusEvent<T>, void, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event) => {
      logger.setCorrelationId(event.id);
      const detail = EVENT_CATALOGUE[event['detail-type']].parse(event.detail) as DetailOf<T>;
      await consume(detail, event);
    });
}
