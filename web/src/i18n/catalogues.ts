import type { Language } from '../../../shared/languages';
import type { AppTexts, PrivacyTexts, PublicTexts, SettingsSectionsTexts } from './catalogue-types';

/**
 * Each language's catalogue comes in parts, each its own chunk loaded on demand: what the public
 * pages say (landing, sign-in, shared errors), what the signed-in app says, the privacy and
 * terms page, long and read by few (every page would download it within the public part), and
 * Settings' sections read by few too (access tokens, webhooks, your data), as one part: every page
 * downloads this table, at some 80 bytes a part.
 */
const LOADERS = {
  public: {
    en: () => import('./en/public'),
    es: () => import('./es/public'),
    fr: () => import('./fr/public'),
    de: () => import('./de/public'),
  },
  app: {
    en: () => import('./en/app'),
    es: () => import('./es/app'),
    fr: () => import('./fr/app'),
    de: () => import('./de/app'),
  },
  privacy: {
    en: () => import('./en/privacy'),
    es: () => import('./es/privacy'),
    fr: () => import('./fr/privacy'),
    de: () => import('./de/privacy'),
  },
  settingsSections: {
    en: () => import('./en/settings-sections'),
    es: () => import('./es/settings-sections'),
    fr: () => import('./fr/settings-sections'),
    de: () => import('./de/settings-sections'),
  },
} satisfies Record<string, Record<Language, () => Promise<{ default: unknown }>>>;

export type CataloguePart = keyof typeof LOADERS;
interface PartTexts {
  public: PublicTexts;
  app: AppTexts;
  privacy: PrivacyTexts;
  settingsSections: SettingsSectionsTexts;
}

/** One promise per language and part, kept, so React's `use` reads a loaded catalogue at once. */
const loads = new Map<string, Promise<unknown>>();
const loaded = new Map<string, unknown>();

export function loadCatalogue<P extends CataloguePart>(language: Language, part: P): Promise<PartTexts[P]> {
  const key = `${language}/${part}`;
  let load = loads.get(key);
  if (!load) {
    load = (LOADERS[part][language]() as Promise<{ default: PartTexts[P] }>).then((module) => {
      loaded.set(key, module.default);
      return module.default;
    });
    // A failed download (offline) is tried again on the next render, not remembered.
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load as Promise<PartTexts[P]>;
}

export function loadCatalogues(language: Language, parts: readonly CataloguePart[]): Promise<unknown> {
  return Promise.all(parts.map((part) => loadCatalogue(language, part)));
}

/** A catalogue already downloaded, for what cannot wait for one (the loading screen itself). */
export function loadedCatalogue<P extends CataloguePart>(language: Language, part: P): PartTexts[P] | undefined {
  return loaded.get(`${language}/${part}`) as PartTexts[P] | undefined;
}
