import { describe, expect, it } from 'vitest';
import { API_ERRORS, MESSAGES, messageKeyOf, VOICE_MESSAGES } from '../../shared/messages';
import { PLANNING_MESSAGES } from '../../shared/planning';
import { browserLanguage } from '../../web/src/i18n/browser-language';
import deApp from '../../web/src/i18n/de/app';
import dePrivacy from '../../web/src/i18n/de/privacy';
import dePublic from '../../web/src/i18n/de/public';
import enApp from '../../web/src/i18n/en/app';
import enPrivacy from '../../web/src/i18n/en/privacy';
import enPublic from '../../web/src/i18n/en/public';
import esApp from '../../web/src/i18n/es/app';
import esPrivacy from '../../web/src/i18n/es/privacy';
import esPublic from '../../web/src/i18n/es/public';
import frApp from '../../web/src/i18n/fr/app';
import frPrivacy from '../../web/src/i18n/fr/privacy';
import frPublic from '../../web/src/i18n/fr/public';

const CATALOGUES = {
  en: { public: enPublic, app: enApp, privacy: enPrivacy },
  es: { public: esPublic, app: esApp, privacy: esPrivacy },
  fr: { public: frPublic, app: frApp, privacy: frPrivacy },
  de: { public: dePublic, app: deApp, privacy: dePrivacy },
} as const;

type Leaf = { path: string; value: unknown };

/** Every text of a catalogue with its path; a function stands for its arity, a date-fns locale for its code. */
function leaves(value: unknown, path = ''): Leaf[] {
  if (typeof value === 'string' || typeof value === 'function') return [{ path, value }];
  if (value && typeof value === 'object' && 'formatLong' in value && 'code' in value) return [{ path, value: `locale:${String(value.code)}` }];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  return [{ path, value }];
}

/** A text, with sample arguments for a function: 2 for a count, 'Ada' for anything else, a due state for `ui.due`. */
function render(value: unknown, path: string): string {
  if (typeof value !== 'function') return String(value);
  const fn = value as (...args: unknown[]) => unknown;
  if (path.endsWith('ui.due')) return String(fn({ state: 'due_soon', daysLeft: 2 }));
  const source = fn.toString();
  const params = source
    .slice(source.indexOf('(') + 1, source.indexOf(')'))
    .split(',')
    .filter((param) => param.trim());
  return String(fn(...params.map((param) => (/^(count|seconds|minutes|days|day|nth|year|done|total|min|max)$/.test(param.trim()) ? 2 : 'Ada'))));
}

/** Texts that read the same in a language as in English, on purpose: names, and words the language borrows. */
const SAME_AS_ENGLISH: Record<'es' | 'fr' | 'de', readonly string[]> = {
  // A changed field, as "Start: Mon 2 Dec → Fri 6 Dec": punctuation, which French spaces its own way.
  es: ['Total', 'Demo · Tempo', 'Personal', 'Color', 'Google Calendar', 'ERROR', '2 min', 'Ada: Ada → Ada'],
  fr: ['Total', 'Description', 'Type', 'Notifications', 'Orange', 'Indigo', 'Entrepreneur', 'Manager', 'OK', '2 min', 'Sessions'],
  de: [
    'Demo · Tempo',
    'Dashboard · Tempo',
    'Tags',
    'Tag',
    'Status',
    'Name',
    '(optional)',
    'Meeting',
    'Indigo',
    'Orange',
    'Pink',
    'Dashboard',
    'OK',
    'Ada: Ada → Ada',
  ],
};

describe('the language catalogues', () => {
  for (const part of ['public', 'app', 'privacy'] as const) {
    const english = leaves(CATALOGUES.en[part]);
    for (const language of ['es', 'fr', 'de'] as const) {
      const translated = leaves(CATALOGUES[language][part]);

      it(`${language} ${part} has every key of English, and no other`, () => {
        expect(translated.map((leaf) => leaf.path)).toEqual(english.map((leaf) => leaf.path));
      });

      it(`${language} ${part} has a function wherever English has one, taking the same arguments`, () => {
        const shape = (leaf: Leaf) => (typeof leaf.value === 'function' ? `fn/${leaf.value.length}` : typeof leaf.value);
        expect(translated.map(shape)).toEqual(english.map(shape));
      });

      it(`${language} ${part} leaves no text in English but names and borrowed words`, () => {
        const byPath = new Map(english.map((leaf) => [leaf.path, render(leaf.value, leaf.path)]));
        const untranslated = translated
          .filter((leaf) => !leaf.path.startsWith('languageNames.') && !leaf.path.startsWith('dates.'))
          .filter((leaf) => render(leaf.value, leaf.path) === byPath.get(leaf.path) && /\p{L}{2}/u.test(render(leaf.value, leaf.path)))
          .map((leaf) => render(leaf.value, leaf.path));
        expect(untranslated.filter((text) => !SAME_AS_ENGLISH[language].includes(text))).toEqual([]);
      });
    }
  }

  it('every function of every catalogue writes a text with the values it is given', () => {
    for (const catalogue of Object.values(CATALOGUES)) {
      for (const leaf of [...leaves(catalogue.public), ...leaves(catalogue.app), ...leaves(catalogue.privacy)].filter(
        (entry) => typeof entry.value === 'function',
      )) {
        const text = render(leaf.value, leaf.path);
        expect(text.length, leaf.path).toBeGreaterThan(0);
        expect(text, leaf.path).not.toMatch(/undefined|NaN|\[object/);
      }
    }
  });

  it('English holds the shared texts as the catalogue’s own', () => {
    expect(enPublic.errors).toBe(MESSAGES);
    expect(enPublic.apiErrors).toBe(API_ERRORS);
    expect(enApp.voiceErrors).toBe(VOICE_MESSAGES);
  });

  it('every text the API answers has a stable key that each catalogue translates', () => {
    for (const [key, text] of Object.entries({ ...MESSAGES, ...API_ERRORS })) {
      if (typeof text !== 'string') continue;
      expect(messageKeyOf(text)).toBe(key);
      for (const language of ['es', 'fr', 'de'] as const) {
        const { errors, apiErrors } = CATALOGUES[language].public;
        const translated = key in errors ? errors[key as keyof typeof errors] : apiErrors[key as keyof typeof apiErrors];
        expect(typeof translated, `${language} ${key}`).toBe('string');
      }
    }
  });

  it('plural forms follow each language’s rules (French counts 0 and 1 as one)', () => {
    expect(esApp.trash.daysLeft(1)).toBe('Queda 1 día');
    expect(esApp.trash.daysLeft(3)).toBe('Quedan 3 días');
    expect(frApp.goals.card.taskCount(0)).toBe('0 tâche');
    expect(frApp.goals.card.taskCount(2)).toBe('2 tâches');
    expect(deApp.gcal.synced(1)).toBe('1 Termin aus Google Kalender synchronisiert');
    expect(enApp.trash.daysLeft(0)).toBe('Expiring today');
  });
});

describe('the language of a signed-out visitor', () => {
  it('is the first of the browser’s languages that the product speaks', () => {
    expect(browserLanguage(['es-MX', 'en'])).toBe('es');
    expect(browserLanguage(['nl-NL', 'de-AT', 'fr'])).toBe('de');
    expect(browserLanguage(['ja', 'zh'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe("the planning settings' messages", () => {
  // English writes them out rather than import shared/planning.ts into every page's first download: they must stay the server's words.
  it('are in English as the server words them, so a refusal is matched to its translation', () => {
    for (const [key, text] of Object.entries(enApp.settings.planning.messages)) expect(text).toBe(PLANNING_MESSAGES[key as keyof typeof PLANNING_MESSAGES]);
    expect(enApp.tasks.editor.estimateRange).toBe(PLANNING_MESSAGES.estimateRange);
  });
});
