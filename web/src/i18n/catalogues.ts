import type { Language } from '../../../shared/languages';
import type { AppTexts, OpenPlatformTexts, PrivacyTexts, PublicTexts } from './catalogue-types';

/**
 * Each language's catalogue comes in parts, each its own chunk loaded on demand: what the public
 * pages say (landing, sign-in, shared errors), what the signed-in app says, the privacy and
 * terms page, long and read by few (every page would download it within the public part), and
 * Settings' access tokens and webhooks, read by few too (every signed-in page downloads the app part).
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
  openPlatform: {
    en: () => import('./en/open-platform'),
    es: () => import('./es/open-platform'),
    fr: () => import('./fr/open-platform'),
    de: () => import('./de/open-platform'),
  },
} satisfies Record<string, Record<Language, () => Promise<{ default: unknown }>>>;

export type CataloguePart = keyof typeof LOADERS;
interface PartTexts {
  public: PublicTexts;
  app: AppTexts;
  privacy: PrivacyTexts;
  openPlatform: OpenPlatformTexts;
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
