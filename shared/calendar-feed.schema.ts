import { z } from 'zod';
import { isoDateTime } from './dates.schema';

/** The person's feed as Settings shows it; `url` only in the answer that made it (it is not kept). */
export const CalendarFeedSchema = z.object({
  enabled: z.boolean(),
  /** Whether events that came from Google are in it too (they are in Google already). */
  include_google: z.boolean(),
  created_at: isoDateTime.nullable(),
  /**
   * Set when the feed was given a new address nobody has yet ("Sign out everywhere" or a password
   * reset: the old one may have been read by whoever was signed in): the person makes a new address
   * to copy and subscribes again.
   */
  replaced: z.object({ at: isoDateTime, reason: z.literal('sign_out') }).nullable(),
  url: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

export const CalendarFeedUpdateSchema = z.strictObject({ include_google: z.boolean() });
export type CalendarFeedUpdate = z.infer<typeof CalendarFeedUpdateSchema>;
