import { z } from 'zod';
import { ACCESS_TOKEN_LIFETIMES_DAYS, ACCESS_TOKEN_LIMITS, ACCESS_TOKEN_MESSAGES, ACCESS_TOKEN_SCOPES } from './access-tokens';
import { isoDateTime } from './dates.schema';
import { requiredText } from './text.schema';

/** POST /api/access-tokens: a name to know it by, what it may do, and how many days it lasts. */
export const AccessTokenCreateSchema = z.strictObject({
  name: requiredText(ACCESS_TOKEN_MESSAGES.nameRequired, ACCESS_TOKEN_LIMITS.nameMax, ACCESS_TOKEN_MESSAGES.nameControlCharacters),
  scope: z.enum(ACCESS_TOKEN_SCOPES, { error: ACCESS_TOKEN_MESSAGES.scope }),
  expires_in_days: z.union(
    ACCESS_TOKEN_LIFETIMES_DAYS.map((days) => z.literal(days)),
    { error: ACCESS_TOKEN_MESSAGES.lifetime },
  ),
});
export type AccessTokenCreate = z.infer<typeof AccessTokenCreateSchema>;

/** A token as Settings lists it: never the token itself, only its first characters to recognise it by. */
export const AccessTokenEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  /** `tempo_pat_` and the secret's first 4 characters. */
  hint: z.string(),
  created_at: isoDateTime,
  expires_at: isoDateTime,
  /** Its latest use, to within ACCESS_TOKEN_LIMITS.lastUseEveryMs; null when never used. */
  last_used_at: isoDateTime.nullable(),
});
export type AccessTokenEntry = z.infer<typeof AccessTokenEntrySchema>;

/** The answer that made a token: the only time the token is ever shown. */
export const CreatedAccessTokenSchema = z.object({ token: z.string(), access_token: AccessTokenEntrySchema });
export type CreatedAccessToken = z.infer<typeof CreatedAccessTokenSchema>;

/** POST /api/auth/sign-out-everywhere: whether the access tokens go too (the question Settings asks). */
export const SignOutEverywhereSchema = z.strictObject({ revoke_access_tokens: z.boolean().optional() });
