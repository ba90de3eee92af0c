import { z } from 'zod';
import { MESSAGES } from './messages';
import { LANGUAGES } from './languages';

/** The language of the page that asked, which the account's settings start in; the body may be empty. */
export const DemoRequestSchema = z.strictObject({ lang: z.enum(LANGUAGES, { error: MESSAGES.languageChoice }).default('en') });

export const DemoAccountSchema = z.object({
  email: z.email(),
  password: z.string(),
  expires_at: z.iso.datetime(),
});
export type DemoAccount = z.infer<typeof DemoAccountSchema>;
