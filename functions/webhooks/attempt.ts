import { now } from '../platform/clock';
import { recordTry, type StoredDelivery } from './deliveries.repository';
import { sendSigned } from './sender';
import { markFailing, markTaking, openSecret, type StoredWebhook } from './webhooks.repository';

/**
 * Makes one try of a delivery and records it: taken, waiting for its next try at `nextAt` (from
 * the try's end) when one is given, else failed. The webhook is failing from its first failed try
 * on, until one is taken. Answers the delivery as recorded (null when another run recorded this
 * try first), and when the try was made.
 */
export async function attemptDelivery(
  userId: string,
  webhook: StoredWebhook,
  delivery: StoredDelivery,
  nextAt: (ended: Date, attempts: number) => string | null = () => null,
): Promise<{ recorded: StoredDelivery | null; at: Date }> {
  const at = now();
  const outcome = await sendSigned(webhook.url, { id: delivery.id, secret: await openSecret(userId, webhook), body: delivery.body, at });
  // Counted from the try's end: a try cut off at its timeout still leaves the backoff's whole wait.
  const nextAttemptAt = outcome.ok ? null : nextAt(now(), delivery.attempts + 1);
  const recorded = await recordTry(
    userId,
    delivery,
    {
      status: outcome.ok ? 'delivered' : nextAttemptAt ? 'pending' : 'failed',
      statusCode: outcome.statusCode,
      error: outcome.ok ? null : outcome.error,
      nextAttemptAt,
    },
    now(),
  );
  if (recorded && outcome.ok && webhook.failing_since) await markTaking(userId, webhook.id);
  if (recorded && !outcome.ok && !webhook.failing_since) await markFailing(userId, webhook.id, at);
  return { recorded, at };
}
