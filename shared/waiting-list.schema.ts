import { z } from 'zod';
import { EMAIL_PATTERN } from './email';
import { MESSAGES } from './messages';
import { INTEREST_AREAS } from './waiting-list';

export const WaitingListJoinSchema = z.strictObject({
  email: z.string({ error: MESSAGES.invalidEmail }).trim().max(254).regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  full_name: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((name) => name || null),
  /** Sent only from the waiting-list page; empty means none. */
  interest_area: z
    .enum([...INTEREST_AREAS, ''], { error: MESSAGES.roleChoice })
    .nullish()
    .transform((area) => area || null),
});
export type WaitingListJoin = z.infer<typeof WaitingListJoinSchema>;
