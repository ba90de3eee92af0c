import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_CATALOGUE, EVENT_SOURCE, type DetailOf, type DetailType } from '../../events/catalogue';
import { clientPerEndpoint } from './endpoint-client';
import { log } from './log';

const bus = clientPerEndpoint('AWS_ENDPOINT_URL_EVENTBRIDGE', () => new EventBridgeClient({}));

/**
 * Puts one domain event on the bus, validated against the catalogue. Locally the endpoint comes
 * from AWS_ENDPOINT_URL_EVENTBRIDGE (the local bus), so producers run unchanged.
 */
export async function publish<T extends DetailType>(detailType: T, detail: DetailOf<T>): Promise<void> {
  const schema = EVENT_CATALOGUE[detailType];
  const result = await bus().send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: process.env.EVENT_BUS_NAME,
          Source: EVENT_SOURCE,
          DetailType: detailType,
          Detail: JSON.stringify(schema.parse(detail)),
        },
      ],
    }),
  );
  if (result.FailedEntryCount) {
    throw new Error(`The bus refused ${detailType}: ${result.Entries?.[0]?.ErrorMessage ?? 'unknown reason'}`);
  }
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
  }
}
