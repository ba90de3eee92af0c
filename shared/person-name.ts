import { MESSAGES } from './messages';

/**
 * The name a person signs up with, which our mails greet them by: it must read as a name, so that
 * nobody can make our own mail say something else to the address they type in ("Security alert:
 * visit evil.example"). Letters of any script, spaces, apostrophes, hyphens and periods ("J. R.
 * O'Neil-Smith"), but no word joined to another by a period, which is how a web address looks.
 */
const NAME_MAX = 80;
const NAME_CHARACTERS = /^[\p{L}\p{M} '’.-]*$/u;
const ADDRESS_LIKE = /\p{L}\.\p{L}/u;

/** Why `name` cannot be a sign-up name, or null when it can (an empty name is allowed: it is optional). */
export function personNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length > NAME_MAX) return MESSAGES.nameTooLong;
  if (!NAME_CHARACTERS.test(trimmed) || ADDRESS_LIKE.test(trimmed)) return MESSAGES.nameCharacters;
  return null;
}
