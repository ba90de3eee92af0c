import { z } from 'zod';
import { API_LIMITS } from './constants';
import { MESSAGES } from './messages';
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

/** RFC 3986's unreserved characters: an id made of them goes into a path as it is (no encoding to fail). */
const URL_SAFE = /^[A-Za-z0-9._~-]*$/;

/**
 * An id a client makes up and the API later names in a path (ElevenLabs' `toolu_…` and `conv_…`):
 * at most `max` URL-safe characters; `requiredMessage` makes it required.
 */
export function clientId(max: number, requiredMessage?: string) {
  const text = requiredMessage ? z.string({ error: requiredMessage }).min(1, requiredMessage) : z.string();
  return text.max(max, `Must be at most ${max} characters`).regex(URL_SAFE, MESSAGES.idCharacters);
}
