import { z } from 'zod';
import { API_LIMITS } from './constants';
import { MESSAGES } from './messages';
import { uniqueIgnoringCase } from './text';

/**
 * No control character but tab and line break (U+0000–U+001F, U+007F–U+009F): a mail header, a
 * calendar feed or a terminal would read one as structure, not text.
 */
export const CONTROL_FREE = /^(?:[\t\n]|[^\p{Cc}])*$/u;

/** Text the user must fill in: trimmed, not blank, bounded, without control characters. One message for missing and blank. */
export function requiredText(message: string, max: number = API_LIMITS.titleMax, controlMessage: string = MESSAGES.titleControlCharacters) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`).regex(CONTROL_FREE, controlMessage);
}

/** Free text that may be empty, without control characters. */
export function optionalText(max: number = API_LIMITS.descriptionMax, controlMessage: string = MESSAGES.descriptionControlCharacters) {
  return z.string().trim().max(max, `Must be at most ${max} characters`).regex(CONTROL_FREE, controlMessage);
}

/** Tag names carried on goals, tasks and events: trimmed, non-empty, unique ignoring case. */
export const tagNames = z
  .array(requiredText('Tag names cannot be empty', API_LIMITS.tagNameMax, MESSAGES.tagNameControlCharacters))
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
