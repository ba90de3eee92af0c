import { z } from 'zod';
import { API_LIMITS } from './constants';
import { MESSAGES } from './messages';

/** An ISO 8601 timestamp with a zone, a real calendar date, within the years the product stores. */
export const isoDateTime = z.iso
  .datetime({ offset: true, error: MESSAGES.invalidDate })
  .refine((value) => !Number.isNaN(Date.parse(value)) && sameCalendarFields(value), MESSAGES.invalidDate)
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= API_LIMITS.earliestYear && year <= API_LIMITS.latestYear;
  }, MESSAGES.dateOutOfRange);

/** A timestamp the user must give: `message` when it is missing. */
export function requiredDateTime(message: string) {
  return z.string({ error: message }).pipe(isoDateTime);
}

/** Rejects dates such as 2026-02-30 that Date.parse silently rolls over. */
function sameCalendarFields(value: string): boolean {
  const [datePart] = value.split('T');
  const [y, m, d] = (datePart ?? '').split('-').map(Number);
  const probe = new Date(Date.UTC(y!, m! - 1, d!));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m! - 1 && probe.getUTCDate() === d;
}
