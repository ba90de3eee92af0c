import type { Page } from '@playwright/test';
import type { Language } from '../../../shared/languages';
import enApp from '../../../web/src/i18n/en/app';
import enPublic from '../../../web/src/i18n/en/public';

/** Texts that read the same in a language as in English, on purpose: names, and words the language borrows. */
export const SAME_AS_ENGLISH: Record<Exclude<Language, 'en'>, readonly string[]> = {
  es: ['Total', 'Demo · Tempo', 'Personal', 'Color', 'Google Calendar', 'ERROR'],
  fr: ['Total', 'Description', 'Type', 'Notifications', 'Orange', 'Indigo', 'Entrepreneur', 'Manager'],
  de: ['Demo · Tempo', 'Dashboard · Tempo', 'Tags', 'Tag', 'Status', 'Name', '(optional)', 'Meeting', 'Indigo', 'Orange', 'Pink', 'Dashboard'],
};

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object' && !('formatLong' in value)) return Object.values(value).flatMap(texts);
  return [];
}

/** The English catalogues' texts of two words or more: any of them on a page in another language was left untranslated. */
const ENGLISH_PHRASES = [...new Set([...texts(enPublic), ...texts(enApp)])].filter((text) => /\p{L}+[\s-]+\p{L}+/u.test(text));

/** Words only English uses, for the English a catalogue never held (a literal left in the code); AM and PM too. */
const ENGLISH_WORDS =
  /\b(the|your|and|with|Loading|Sign|Save|Delete|Cancel|Refresh|Search|Settings|Goals|Tasks|Calendar|Trash|Welcome|Today|Week|Month|Priority|Progress|Schedule|Overview|Restore|Empty|Skip|Close|Open|Menu|Sidebar|AM|PM)\b/;

/** Everything a person reads or hears on the page: its text (screen-reader text too), labels, titles, placeholders, and the tab's title. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, document.body.innerText, ...attributes].filter(Boolean);
  });
}

/** The English left on a page shown in `language`: catalogue phrases, then English-only words. */
export async function englishOnPage(page: Page, language: Exclude<Language, 'en'>): Promise<string[]> {
  const allowed = SAME_AS_ENGLISH[language];
  // A name the language keeps ('Google Calendar' in Spanish) is no English left.
  const shown = allowed.reduce((text, name) => text.replaceAll(name, ''), (await pageTexts(page)).join('\n'));
  const phrases = ENGLISH_PHRASES.filter((phrase) => shown.includes(phrase));
  const words = shown
    .split('\n')
    .filter((line) => ENGLISH_WORDS.test(line))
    .map((line) => line.slice(0, 80));
  return [...phrases, ...words];
}
