import { z } from 'zod';
import { isResetCode, passwordMeetsRules } from './accounts';
import { EMAIL_PATTERN } from './email';
import { LANGUAGES } from './languages';
import { MESSAGES } from './messages';

/** An account's email as the forms send it: trimmed, lower-cased, of EMAIL_PATTERN (shared/email.ts). */
export const accountEmail = z.string({ error: MESSAGES.invalidEmail }).trim().toLowerCase().max(254).regex(EMAIL_PATTERN, MESSAGES.invalidEmail);

/** The verification link's query, posted back by the /verify-email page. */
export const VerifyEmailSchema = z.strictObject({
  email: accountEmail,
  code: z.string({ error: MESSAGES.invalidVerificationCode }).trim().min(1, MESSAGES.invalidVerificationCode).max(64),
});

/** A trusted browser's sign-in token (functions/auth/trusted-devices.repository.ts): 32 random bytes, base64url. */
export const deviceToken = z.string().regex(/^[\w-]{43}$/, MESSAGES.invalidDeviceToken);

/** `replaces`: the token this browser held, which the new one takes the place of (the account keeps one per browser). */
export const DeviceTokenRequestSchema = z.strictObject({ replaces: deviceToken.optional() });
export const DeviceTokenSchema = z.object({ token: deviceToken });

/** The random id a browser keeps (web/src/features/auth/lib/browser-key.ts), by which some limits count requesters. */
export const browserKey = z.string().regex(/^[\w-]{8,64}$/, MESSAGES.invalidBrowserKey);

/** `lang`: the language of the page that asked, which the mail is written in; `browser`: the asking browser's key. */
export const ResetCodeRequestSchema = z.strictObject({
  email: accountEmail,
  lang: z.enum(LANGUAGES, { error: MESSAGES.languageChoice }).default('en'),
  browser: browserKey.optional(),
});

/** `device`: the token of a browser the account trusts, whose guesses count apart from strangers'. */
export const ResetPasswordSchema = z.strictObject({
  email: accountEmail,
  code: z.string({ error: MESSAGES.invalidResetCode }).refine(isResetCode, MESSAGES.invalidResetCode),
  password: z.string({ error: MESSAGES.passwordRequirements }).max(256).refine(passwordMeetsRules, MESSAGES.passwordRequirements),
  device: deviceToken.optional(),
  /** Whether the personal access tokens go too (the reset form offers it). */
  revoke_access_tokens: z.boolean().optional(),
});

/** Asks for a mailed sign-in link, as for a reset code. */
export const SignInLinkRequestSchema = ResetCodeRequestSchema;

/** A mailed sign-in link's token: 32 random bytes, base64url. */
export const OpenSignInLinkSchema = z.strictObject({
  token: z.string({ error: MESSAGES.invalidSignInLink }).regex(/^[\w-]{43}$/, MESSAGES.invalidSignInLink),
});
/** The link's account (its address, for the sign-in form) and this browser's new device token for it. */
export const OpenedSignInLinkSchema = z.object({ email: z.string(), token: deviceToken });
