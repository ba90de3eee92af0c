import { use } from 'react';
import type { AppTexts, PrivacyTexts, PublicTexts, SettingsSectionsTexts } from './catalogue-types';
import { loadCatalogue, loadedCatalogue, type CataloguePart } from './catalogues';
import { markPartInUse, useLanguage } from './language';

/**
 * A catalogue part in the language on screen. It is read at once when downloaded already, as the
 * start-up, the app's route and every change of language see to, so a page never waits on a
 * Suspense boundary (whose reveal runs on timers) for its texts; it suspends only if it is not.
 */
function useCatalogue<P extends CataloguePart>(part: P) {
  const language = useLanguage();
  return loadedCatalogue(language, part) ?? use(loadCatalogue(language, part));
}

/** The public pages' texts in the language on screen. */
export function useTexts(): PublicTexts {
  return useCatalogue('public');
}

/** The privacy and terms page's texts in the language on screen (the page's route downloads them). */
export function usePrivacyTexts(): PrivacyTexts {
  markPartInUse('privacy');
  return useCatalogue('privacy');
}

/** Settings' sections read by few (access tokens, webhooks, your data) in the language on screen (they suspend, in their Suspense boundary, until downloaded). */
export function useSettingsSectionTexts(): SettingsSectionsTexts {
  markPartInUse('settingsSections');
  return useCatalogue('settingsSections');
}

/** The signed-in app's texts and the public ones, in the language on screen. */
export function useAppTexts(): AppTexts & PublicTexts {
  markPartInUse('app');
  return merged(useCatalogue('public'), useCatalogue('app'));
}

const mergedTexts = new WeakMap<AppTexts, AppTexts & PublicTexts>();

/** One object per language, so components memoised on the texts keep their memo. */
function merged(publicTexts: PublicTexts, appTexts: AppTexts): AppTexts & PublicTexts {
  let texts = mergedTexts.get(appTexts);
  if (!texts) {
    texts = { ...publicTexts, ...appTexts };
    mergedTexts.set(appTexts, texts);
  }
  return texts;
}
