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
