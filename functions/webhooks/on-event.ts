import type { DetailOf } from '../../events/catalogue';
import { WEBHOOK_LIMITS, type WebhookEvent } from '../../shared/webhooks';
import { now, nowMs } from '../platform/clock';
import { busConsumer } from '../platform/consumer';
import { createDelivery, deliveryIdOf, getDelivery, type StoredDelivery } from './deliveries.repository';
import { tryWithRetries } from './retries';
import { webhooksOf, type StoredWebhook } from './webhooks.repository';

/**
 * The bus consumer of what webhooks hear of (events/rules.ts DeliverWebhooks): for each of the
 * person's webhooks that is on and asked for the event, one delivery, and its first try at once,
 * all side by side (each bounded by WEBHOOK_LIMITS.timeoutMs). A change that only moved an item in
 * its list (its `version` unchanged) is no change to its content, and is not sent. The delivery's
 * id comes from the change's id, and is put only if it is not there: a change the bus hands over
 * again (or twice at once) makes no second message (unless its first try was lost, below), so
 * this consumer keeps no idempotency record.
 */
export const handler = busConsumer<WebhookEvent>(
  'webhooks/on-event',
  async (detail, event) => {
    const type = event['detail-type'];
    if (type === 'item.updated' && 'item' in detail && detail.item?.version === detail.previous?.version) return;
    const wanting = (await webhooksOf(detail.userId)).filter((webhook) => webhook.enabled && webhook.events.includes(type));
    if (wanting.length === 0) return;
    const body = JSON.stringify({ type, timestamp: detail.occurredAt, data: dataOf(detail) });
    await Promise.all(wanting.map((webhook) => deliver(detail.userId, webhook, type, body, detail.changeId, detail.occurredAt)));
  },
  { repeatsAreHarmless: true },
);

/** The body's `data`: the item as the API answers it (null for a tag deleted), or the reminder. */
function dataOf(detail: DetailOf<WebhookEvent>): object {
  if ('reminder' in detail) return detail.reminder;
  return { entity: detail.entity, id: detail.id, item: detail.item };
}

/**
 * A run cut off between putting the delivery and recording its first try left it pending with no
 * try and no schedule: the bus's retry of the event, finding it so after a try's time and more,
 * makes that first try (a receiver may get it twice, as Standard Webhooks allows; never a third time).
 */
const FIRST_TRY_LOST_AFTER_MS = 2 * WEBHOOK_LIMITS.timeoutMs;

async function deliver(userId: string, webhook: StoredWebhook, event: WebhookEvent, body: string, changeId: string, occurredAt: string): Promise<void> {
  const id = deliveryIdOf(changeId, webhook.id, occurredAt);
  const delivery = (await createDelivery(userId, webhook.id, { id, event, body }, now())) ?? (await lostFirstTry(userId, webhook.id, id));
  if (delivery) await tryWithRetries(userId, webhook, delivery);
}

async function lostFirstTry(userId: string, webhookId: string, deliveryId: string): Promise<StoredDelivery | null> {
  const found = await getDelivery(userId, webhookId, deliveryId);
  const lost = found?.status === 'pending' && found.attempts === 0 && nowMs() - Date.parse(found.created_at) > FIRST_TRY_LOST_AFTER_MS;
  return lost ? found : null;
}
