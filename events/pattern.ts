/**
 * EventBridge content filtering, the part this project's rules use: exact values, prefix,
 * anything-but, exists, and nested objects. The local bus matches with it; AWS matches natively.
 */
export type Matcher =
  string | number | boolean | null | { prefix: string } | { 'anything-but': string | number | ReadonlyArray<string | number> } | { exists: boolean };

export interface EventPattern {
  readonly [field: string]: readonly Matcher[] | EventPattern;
}

export function matchesPattern(pattern: EventPattern, event: object): boolean {
  return Object.entries(pattern).every(([field, expected]) => {
    const actual: unknown = Reflect.get(event, field);
    if (Array.isArray(expected)) return matchesField(expected as readonly Matcher[], actual);
    return isObject(actual) && matchesPattern(expected as EventPattern, actual);
  });
}

function matchesField(matchers: readonly Matcher[], actual: unknown): boolean {
  const values = Array.isArray(actual) ? actual : [actual];
  return matchers.some((matcher) => {
    if (isObject(matcher) && 'exists' in matcher) return (actual !== undefined) === matcher.exists;
    return values.some((value) => value !== undefined && matchesValue(matcher, value));
  });
}

function matchesValue(matcher: Matcher, value: unknown): boolean {
  if (!isObject(matcher)) return matcher === value;
  if ('prefix' in matcher) return typeof value === 'string' && value.startsWith(matcher.prefix);
  if ('anything-but' in matcher) {
    const excluded = [matcher['anything-but']].flat();
    return !excluded.includes(value as string | number);
  }
  return false;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
