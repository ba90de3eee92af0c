import { z } from 'zod';
import { API_LIMITS } from './constants';
import { uniqueIgnoringCase } from './text';

/** Text the user must fill in: trimmed, not blank, bounded. One message for missing and blank. */
export function requiredText(message: string, max: number = API_LIMITS.titleMax) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

/** Free text that may be empty. */
export function optionalText(max: number = API_LIMITS.descriptionMax) {
  return z.string().trim().max(max, `Must be at most ${max} characters`);
}

/** Tag names carried on goals, tasks and events: trimmed, non-empty, unique ignoring case. */
export const tagNames = z
  .array(requiredText('Tag names cannot be empty', API_LIMITS.tagNameMax))
  .max(API_LIMITS.tagsPerItem, `At most ${API_LIMITS.tagsPerItem} tags`)
  .transform(uniqueIgnoringCase);
