import { z } from 'zod';
import { MESSAGES } from './messages';
import { EMAIL_PATTERN } from './email';

export const BUG_REPORT_MIN_DESCRIPTION = 10;

/** The Report a Bug form: a name, a valid email, and a description of 10 to 10,000 characters. */
export const BugReportSchema = z.strictObject({
  name: z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(200),
  email: z.string({ error: MESSAGES.emailRequired }).trim().min(1, MESSAGES.emailRequired).max(254).regex(EMAIL_PATTERN, MESSAGES.emailInvalid),
  description: z
    .string({ error: MESSAGES.descriptionRequired })
    .trim()
    .min(1, MESSAGES.descriptionRequired)
    .min(BUG_REPORT_MIN_DESCRIPTION, MESSAGES.descriptionTooShort)
    .max(10_000),
});
export type BugReport = z.infer<typeof BugReportSchema>;
