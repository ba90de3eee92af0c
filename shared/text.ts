/** The names as given, without later spellings of a name that differ only in case. */
export function uniqueIgnoringCase(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether text is well-formed Unicode: no lone surrogate (a half of a pair, as JSON's `\ud800`
 * escapes allow), which no URL can encode, UTF-8 cannot store and DynamoDB may refuse. With the `u`
 * flag a pair is one code point, so only a lone half matches.
 */
export function isWellFormedText(text: string): boolean {
  return !/\p{Surrogate}/u.test(text);
}

/**
 * Text from outside (Google's events) with the control characters a feed or a mail header would
 * read as structure dropped: a line break of any kind becomes one line feed, tab stays.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\t\n]/gu, '');
}
