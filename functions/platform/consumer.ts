import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { makeHandlerIdempotent } from '@aws-lambda-powertools/idempotency/middleware';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { EVENT_CATALOGUE, TraceHeadersSchema, type DetailOf, type DetailType } from '../../events/catalogue';
import { withErrorReporting } from './error-reporting';
import { madePerSettings } from './endpoint-client';
import { idempotencyStore } from './idempotency.repository';
import { logger } from './log';

export type BusEvent<T extends DetailType> = EventBridgeEvent<T, unknown>;

/**
 * How long a consumer remembers an event it has handled: past the bus's last retry (2 hours after
 * the event; infra/stacks/events-stack.ts), with room to spare.
 */
const REMEMBERED_SECONDS = 3 * 3600;

/**
 * What a consumer answers (the bus ignores it): something, because Powertools stops a repeated
 * event only when the first run answered a value; an answer of nothing lets the handler run again.
 */
interface Handled {
  handled: string;
}

/**
 * A bus consumer, as `httpHandler` is a route's: the event's detail parsed against the catalogue
 * (a detail that does not parse throws, so the bus retries it, then dead-letters it), every log line
 * carrying the Lambda's request id and the bus event's id as correlation id, and each event handled
 * once (Powertools Idempotency on the event's id, or on the change's id for a change from the
 * table's stream, which a retried batch may put on the bus twice): a second delivery of a handled event does
 * nothing, one that comes while the first still runs fails so the bus retries it, and a run that
 * failed leaves no record, so its retry runs again. `name` is the consumer's target (events/rules.ts).
 * A run is a span continuing the trace of the request that put the event on the bus, when it carried
 * one; a failure is reported with the event's id, each attempt's (the function cannot tell which one
 * is the bus's last: the dead-letter queue's alarm tells that).
 * `repeatsAreHarmless`: the consumer's own writes already make a repeated or concurrent delivery
 * harmless (a conditional claim, a plan from the state as it is now), so it keeps no idempotency
 * record: two writes fewer per event.
 */
export function busConsumer<T extends DetailType>(
  name: string,
  consume: (detail: DetailOf<T>, event: BusEvent<T>) => Promise<void>,
  { repeatsAreHarmless = false }: { repeatsAreHarmless?: boolean } = {},
) {
  const build = () => {
    const chain = middy<BusEvent<T>, Handled, Error, Context>().use(injectLambdaContext(logger, { resetKeys: true }));
    if (!repeatsAreHarmless) {
      chain.use(
        makeHandlerIdempotent({
          persistenceStore: idempotencyStore(name),
          config: new IdempotencyConfig({ eventKeyJmesPath: 'detail.changeId || id', expiresAfterSeconds: REMEMBERED_SECONDS, throwOnNoIdempotencyKey: true }),
          keyPrefix: name,
        }),
      );
    }
    return chain.handler(async (busEvent) => {
      logger.setCorrelationId(busEvent.id);
      const detail = EVENT_CATALOGUE[busEvent['detail-type']].parse(busEvent.detail) as DetailOf<T>;
      await consume(detail, busEvent);
      return { handled: busEvent.id };
    });
  };
  // Built at the first event, when the table's name is known (tests set it after importing), and again
  // for another table or engine (its idempotency store is bound to both).
  const handler = madePerSettings(['TABLE_NAME', 'AWS_ENDPOINT_URL_DYNAMODB'], build);
  return (event: BusEvent<T>, context: Context): Promise<Handled> => {
    const run = handler();
    const detail = event.detail as Record<string, unknown> | undefined;
    return withErrorReporting(
      {
        name,
        op: 'queue.process',
        trace: TraceHeadersSchema.safeParse(detail?.trace).data,
        userId: typeof detail?.userId === 'string' ? detail.userId : undefined,
        tags: { 'bus.event_id': event.id, 'bus.detail_type': event['detail-type'] },
      },
      () => run(event, context),
    );
  };
}
