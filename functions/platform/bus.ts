import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_CATALOGUE, EVENT_SOURCE, type DetailOf, type DetailType } from '../../events/catalogue';
import { clientPerEndpoint } from './endpoint-client';
import { reportError } from './error-reporting';
import { log } from './log';

const bus = clientPerEndpoint('AWS_ENDPOINT_URL_EVENTBRIDGE', () => new EventBridgeClient({}));

export interface DomainEvent<T extends DetailType = DetailType> {
  detailType: T;
  detail: DetailOf<T>;
}

/** PutEvents takes at most ten entries a call. */
const ENTRIES_PER_CALL = 10;

/**
 * Puts domain events on the bus, each validated against the catalogue, and answers whether the bus
 * took each one. Locally the endpoint comes from AWS_ENDPOINT_URL_EVENTBRIDGE (the local bus), so
 * producers run unchanged.
 */
export async function publishAll(events: readonly DomainEvent[]): Promise<boolean[]> {
  const taken: boolean[] = [];
  for (let start = 0; start < events.length; start += ENTRIES_PER_CALL) {
    const chunk = events.slice(start, start + ENTRIES_PER_CALL);
    const result = await bus().send(
      new PutEventsCommand({
        Entries: chunk.map(({ detailType, detail }) => ({
          EventBusName: process.env.EVENT_BUS_NAME,
          Source: EVENT_SOURCE,
          DetailType: detailType,
          Detail: JSON.stringify(EVENT_CATALOGUE[detailType].parse(detail)),
        })),
      }),
    );
    chunk.forEach(({ detailType }, index) => {
      const refused = result.Entries?.[index]?.ErrorCode;
      if (refused) log.error('the bus refused an event', { detailType, reason: result.Entries?.[index]?.ErrorMessage ?? refused });
      taken.push(!refused);
    });
  }
  return taken;
}

/** Puts one domain event on the bus; throws when the bus refuses it. */
export async function publish<T extends DetailType>(detailType: T, detail: DetailOf<T>): Promise<void> {
  const [taken] = await publishAll([{ detailType, detail } as DomainEvent]);
  if (!taken) throw new Error(`The bus refused ${detailType}`);
}

/**
 * Publishes after a change that is already saved: a bus failure is logged, never turned into a
 * failed request, because the user's change stands either way.
 */
export async function publishAfterSave<T extends DetailType>(detailType: T, detail: DetailOf<T>): Promise<void> {
  try {
    await publish(detailType, detail);
  } catch (error) {
    log.error('domain event not published', { detailType, error });
    await reportError(error);
  }
}
