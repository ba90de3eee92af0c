/**
 * Webhooks: the person's HTTPS addresses that hear of their changes, signed after Standard Webhooks
 * (https://www.standardwebhooks.com: `webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */

/**
 * What a webhook can ask for: an item made, changed, moved to the trash (a tag: deleted) or restored,
 * and a reminder falling due. The names are the bus's own (events/catalogue.ts), and the `type` of a
 * delivery's body.
 */
export const WEBHOOK_EVENTS = ['item.created', 'item.updated', 'item.deleted', 'item.restored', 'reminder.due'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A delivery's state in the log: waiting for its next try, taken (2xx), or given up on (dead-lettered). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_LIMITS = {
  /** Webhooks per account. */
  perAccount: 10,
  urlMax: 2048,
  /** One try's whole time (connecting, sending, the answer's status): a slow receiver holds nothing longer. */
  timeoutMs: 5_000,
  /**
   * When each try after the first is made, after the one before (Standard Webhooks' suggested
   * schedule): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, about a day in all; then the delivery is dead-lettered.
   */
  retryDelaysMs: [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000],
  /** An address that has taken nothing for this long while deliveries kept failing is switched off, and the person told. */
  switchOffAfterMs: 5 * 24 * 3_600_000,
  /** How long the delivery log keeps a delivery. */
  logDays: 7,
  /** The newest deliveries the log shows. */
  logShown: 50,
} as const;

/** The prefix of a signing secret, as Standard Webhooks writes one: `whsec_` and base64 of 24 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * The webhooks' messages. They live here, not in MESSAGES, so that only Settings' webhooks section
 * downloads them (with its texts, which translate them); the API answers them in English, with no message_key.
 */
export const WEBHOOK_MESSAGES = {
  url: 'Enter an https:// address',
  events: 'Choose at least one event',
  /** The address is not https, or its name leads (also) to a private, loopback or link-local address, or to none. */
  notPublic: 'Webhooks go only to public https addresses, and this one is not',
  tooMany: 'You have 10 webhooks already. Remove one first.',
  demo: 'A demo cannot add webhooks. Sign up to add yours.',
  deliveryNotFailed: 'Only a delivery that failed can be sent again',
} as const;
