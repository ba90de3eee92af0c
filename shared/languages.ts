/** The languages the product speaks; kept apart from the settings schema so the first screen loads no zod. */
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The language of a BCP 47 tag ('es-MX' is 'es') if the product speaks it, else null. */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const base = tag?.toLowerCase().split('-')[0];
  return isLanguage(base) ? base : null;
}
