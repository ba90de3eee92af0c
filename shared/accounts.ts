import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, RESET_CODE } from './constants';
import { MESSAGES } from './messages';
import { EMAIL_PATTERN } from './email';
import { LANGUAGES } from './languages';

/** The password rules, in the order of the live checklist. Sign-in and sign-up follow them too. */
export const PASSWORD_RULES = [
  { id: 'length', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'upper', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', test: (p: string) => /\d/.test(p) },
  { id: 'special', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export function passwordMeetsRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/** The code input keeps digits only, at most six. */
export function sanitizeResetCode(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, RESET_CODE.digits);
}

export function isResetCode(code: string): boolean {
  return new RegExp(`^\\d{${RESET_CODE.digits}}$`).test(code);
}

/** An account's email as the forms send it: trimmed, lower-cased, of the spec's pattern. */
export const accountEmail = z.string({ error: MESSAGES.invalidEmail }).trim().toLowerCase().max(254).regex(EMAIL_PATTERN, MESSAGES.invalidEmail);

/** The verification link's query, posted back by the /verify-email page. */
export const VerifyEmailSchema = z.strictObject({
  email: accountEmail,
  code: z.string({ error: MESSAGES.invalidVerificationCode }).trim().min(1, MESSAGES.invalidVerificationCode).max(64),
});

/** `lang`: the language of the page that asked, which the mail is written in. */
export const ResetCodeRequestSchema = z.strictObject({ email: accountEmail, lang: z.enum(LANGUAGES, { error: MESSAGES.languageChoice }).default('en') });

export const ResetPasswordSchema = z.strictObject({
  email: accountEmail,
  code: z.string({ error: MESSAGES.invalidResetCode }).refine(isResetCode, MESSAGES.invalidResetCode),
  password: z.string({ error: MESSAGES.passwordRequirements }).max(256).refine(passwordMeetsRules, MESSAGES.passwordRequirements),
});
