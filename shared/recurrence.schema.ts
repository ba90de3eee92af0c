import { z } from 'zod';
import { isoDateTime } from './dates.schema';
import { MESSAGES } from './messages';
import { canonicalZone, isTimeZone, parseRule, REPEAT_LIMITS } from './recurrence';

/** How a series repeats (shared/recurrence.ts): an RFC 5545 RRULE value, its zone, and the starts of occurrences taken out. */
export const RecurrenceSchema = z
  .strictObject({
    rule: z
      .string()
      .describe('How it repeats: an RFC 5545 RRULE value such as FREQ=WEEKLY;BYDAY=MO or FREQ=MONTHLY;BYDAY=-1FR (no BYHOUR: the time is the item’s own)')
      .trim()
      .max(REPEAT_LIMITS.ruleMaxLength, MESSAGES.repeatRuleInvalid)
      .superRefine((rule, context) => {
        const parsed = parseRule(rule);
        if ('problem' in parsed) context.addIssue({ code: 'custom', message: parsed.problem });
      }),
    time_zone: z
      .string()
      .refine(isTimeZone, MESSAGES.repeatTimeZone)
      .overwrite((zone) => canonicalZone(zone) ?? zone)
      .describe("The IANA time zone its times are kept in, the user's"),
    exceptions: z.array(isoDateTime).max(REPEAT_LIMITS.exceptionsMax).default([]).describe('Starts of occurrences taken out, ISO 8601'),
  })
  .describe('How it repeats; leave it out for one that does not');
