import { deleteDeliveries, deliveryLogPages } from './delivery-log.repository';
import { retryScheduleName, retrySchedules } from './retries';
import { removeWebhook, webhooksOf } from './webhooks.repository';

/**
 * What an account's deletion (functions/account/deletion.ts) does to the person's webhooks: each
 * delivery log, kept in a partition of its own, goes with the later tries it has scheduled, then the
 * webhook. The logs first, so that a run cut off halfway still finds the webhook, and its log, next
 * time; a try that fires meanwhile finds its delivery gone and sends nothing.
 */
export async function deleteEveryWebhook(userId: string): Promise<void> {
  for (const webhook of await webhooksOf(userId)) {
    for await (const page of deliveryLogPages(userId, webhook.id)) {
      const scheduled = page.filter((delivery) => delivery.status === 'pending' && delivery.next_attempt_at !== null);
      await Promise.all(
        scheduled.map((delivery) =>
          retrySchedules.remove(retryScheduleName({ userId, webhookId: webhook.id, deliveryId: delivery.id, attempt: delivery.attempts + 1 })),
        ),
      );
      await deleteDeliveries(
        userId,
        webhook.id,
        page.map((delivery) => delivery.id),
      );
    }
    await removeWebhook(userId, webhook.id);
  }
}
