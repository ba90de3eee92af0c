import { WEBHOOK_RETRY_SCHEDULES } from '../../events/schedules';
import { WEBHOOK_LIMITS } from '../../shared/webhooks';
import { log } from '../platform/log';
import { oneTimeSchedules, scheduleName } from '../platform/one-time-schedules';
import { attemptDelivery } from './attempt';
import type { StoredDelivery } from './deliveries.repository';
import { mailSwitchOff } from './switch-off';
import { switchOff, type StoredWebhook } from './webhooks.repository';

/**
 * A delivery's tries: the first made by the bus consumer (on-event.ts) as the change comes, each
 * later one by a one-time schedule of the webhook-retries group (deliver.ts) after the backoff of
 * WEBHOOK_LIMITS.retryDelaysMs. After the last, the delivery is failed: dead-lettered, kept in the
 * log, where the person can send it again (handler.ts). A webhook that has taken nothing for
 * WEBHOOK_LIMITS.switchOffAfterMs when a try fails again is switched off, and the person mailed.
 */

/** What a later try's schedule carries (deliver.ts). */
export interface RetryInput {
  userId: string;
  webhookId: string;
  deliveryId: string;
  /** Which try it makes (2 for the first retry): a schedule run again after its try was recorded finds it made. */
  attempt: number;
}

/** Scheduler retries a failing invocation of the delivery function (the table, not the receiver) for five minutes, then dead-letters it. */
export const retrySchedules = oneTimeSchedules(WEBHOOK_RETRY_SCHEDULES, { attempts: 3, maxAgeSeconds: 300 });

export const retryScheduleName = ({ userId, webhookId, deliveryId, attempt }: RetryInput) => scheduleName('w', [userId, webhookId, deliveryId, attempt]);

/** When the try after `attempts` tries is due, or null after the last. */
function nextTryAt(ended: Date, attempts: number): string | null {
  const delay = WEBHOOK_LIMITS.retryDelaysMs[attempts - 1];
  return delay === undefined ? null : new Date(ended.getTime() + delay).toISOString();
}

export async function tryWithRetries(userId: string, webhook: StoredWebhook, delivery: StoredDelivery): Promise<void> {
  const { recorded, at } = await attemptDelivery(userId, webhook, delivery, nextTryAt);
  if (!recorded || recorded.status === 'delivered') return;
  if (recorded.next_attempt_at) {
    const retry: RetryInput = { userId, webhookId: webhook.id, deliveryId: delivery.id, attempt: recorded.attempts + 1 };
    await retrySchedules.create(retryScheduleName(retry), recorded.next_attempt_at, retry);
  } else {
    log.warn('a webhook delivery failed its last try: dead-lettered', { webhookId: webhook.id, deliveryId: delivery.id, attempts: recorded.attempts });
  }
  const failingSince = webhook.failing_since;
  if (!failingSince || at.getTime() - Date.parse(failingSince) < WEBHOOK_LIMITS.switchOffAfterMs) return;
  if (!(await switchOff(userId, webhook.id, failingSince, at))) return;
  log.warn('a webhook failing for days was switched off', { webhookId: webhook.id });
  await mailSwitchOff(userId, webhook.url);
}
