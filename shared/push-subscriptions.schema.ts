import { z } from 'zod';
import { isoDateTime } from './dates.schema';
import { MESSAGES } from './messages';
import { CONTROL_FREE } from './text.schema';

/** Base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (max: number) =>
  z
    .string()
    .regex(/^[\w-]+$/, 'Not a base64url key')
    .max(max);

/** POST /api/push-subscriptions: a browser's PushSubscription.toJSON(), and the name it is listed under in Settings. */
export const PushSubscriptionCreateSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  // A P-256 point (65 bytes) and a 16-byte secret, base64url.
  keys: z.strictObject({ p256dh: base64url(100), auth: base64url(32) }),
  label: z.string().trim().min(1).max(100).regex(CONTROL_FREE, MESSAGES.browserNameControlCharacters),
});
export type PushSubscriptionCreate = z.infer<typeof PushSubscriptionCreateSchema>;

/** A browser that receives reminders, as Settings lists it; its endpoint and keys never leave the server. */
export const PushSubscriptionEntrySchema = z.object({ id: z.string(), label: z.string(), created_at: isoDateTime });
export type PushSubscriptionEntry = z.infer<typeof PushSubscriptionEntrySchema>;
