import { z } from 'zod';
import { isoDateTime } from './dates.schema';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from './webhooks';

/**
 * A web address. The server takes https only, and checks, when it is saved and before each try,
 * that it is public (functions/webhooks/addresses.ts); http is let through here for the local
 * receiver double's origin, which only the local stack admits (WEBHOOK_ALLOWED_ORIGINS).
 */
const webhookUrl = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .max(WEBHOOK_LIMITS.urlMax, WEBHOOK_MESSAGES.url)
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.url }));

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_MESSAGES.events })
  .min(1, WEBHOOK_MESSAGES.events)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

/** POST /api/webhooks. */
export const WebhookCreateSchema = z.strictObject({ url: webhookUrl, events: webhookEvents });
export type WebhookCreate = z.infer<typeof WebhookCreateSchema>;

/** PATCH /api/webhooks/{id}: another address or other events, or switched on again (`enabled: true`) or off. */
export const WebhookUpdateSchema = z.strictObject({ url: webhookUrl.optional(), events: webhookEvents.optional(), enabled: z.boolean().optional() });
export type WebhookUpdate = z.infer<typeof WebhookUpdateSchema>;

/** A webhook as Settings lists it; its secret is never shown again. */
export const WebhookEntrySchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why and when it was switched off by the server (failing for days); null while on, or switched off by the person. */
  switched_off: z.object({ at: isoDateTime, reason: z.literal('failing') }).nullable(),
  /** Since when every try has failed; null while it takes them. */
  failing_since: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type WebhookEntry = z.infer<typeof WebhookEntrySchema>;

/** The answer that made a webhook: the only time its signing secret is shown. */
export const CreatedWebhookSchema = z.object({ secret: z.string(), webhook: WebhookEntrySchema });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

/** One delivery in the log: the message (its `webhook-id`), its tries, and how the last went. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.int().min(0),
  /** The receiver's HTTP status on the last try, or null when none came (refused, timed out, unreachable). */
  last_status_code: z.int().nullable(),
  /** Why the last try failed, in words; null after a success. */
  last_error: z.string().nullable(),
  next_attempt_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
