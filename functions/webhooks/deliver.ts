import { z } from 'zod';
import { now } from '../platform/clock';
import { reportAsUser, withErrorReporting } from '../platform/error-reporting';
import { log } from '../platform/log';
import { failPending, getDelivery } from './deliveries.repository';
import { tryWithRetries, type RetryInput } from './retries';
import { getWebhook } from './webhooks.repository';

const RetrySchema = z.object({ userId: z.string(), webhookId: z.string(), deliveryId: z.string(), attempt: z.int().min(2) }) satisfies z.ZodType<RetryInput>;

/**
 * Invoked by a later try's one-time schedule (EventBridge Scheduler; locally local/scheduler.ts):
 * makes the try unless it was made already (a schedule run again) or the delivery is over (taken,
 * or sent again by the person). A webhook removed meanwhile gets nothing; one switched off fails
 * its delivery. A failure of this function's own (the table) throws, so Scheduler retries it.
 */
export function handler(input: unknown): Promise<void> {
  return withErrorReporting({ name: 'webhooks/deliver', op: 'function.schedule' }, async () => {
    const retry = RetrySchema.parse(input);
    reportAsUser(retry.userId);
    const [webhook, delivery] = await Promise.all([getWebhook(retry.userId, retry.webhookId), getDelivery(retry.userId, retry.webhookId, retry.deliveryId)]);
    if (!webhook || delivery?.status !== 'pending' || delivery.attempts >= retry.attempt) {
      log.info('webhook retry overtaken', { deliveryId: retry.deliveryId, attempt: retry.attempt });
      return;
    }
    if (!webhook.enabled) return failPending(retry.userId, delivery, 'The webhook was switched off', now());
    await tryWithRetries(retry.userId, webhook, delivery);
  });
}
