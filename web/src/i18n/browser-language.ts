import { languageOfTag, type Language } from '../../../shared/languages';

/** The first of the browser's preferred languages that the product speaks ('es-MX' speaks 'es'), else English. */
export function browserLanguage(preferences: readonly string[]): Language {
  for (const tag of preferences) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en';
}
