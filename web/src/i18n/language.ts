import { useSyncExternalStore } from 'react';
import { isLanguage, type Language } from '../../../shared/languages';
import { browserLanguage } from './browser-language';
import { loadCatalogues, type CataloguePart } from './catalogues';

const STORAGE_KEY = 'tempo.lang';

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The language on screen: the last one chosen on this browser (the switcher, or the account's
 * setting once signed in), else the browser's preference.
 */
let current: Language | null = null;
const listeners = new Set<() => void>();

export function currentLanguage(): Language {
  current ??= storedLanguage() ?? browserLanguage(navigator.languages ?? [navigator.language]);
  return current;
}

export function useLanguage(): Language {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, currentLanguage);
}

/** The parts of a catalogue this page has used, which a change of language loads before it shows. */
const partsInUse = new Set<CataloguePart>(['public']);

export function markPartInUse(part: CataloguePart): void {
  partsInUse.add(part);
}

/**
 * Shows the product in another language once its catalogues have arrived (no screen shows a
 * mix meanwhile), and keeps the choice for the next visit. `<html lang>` follows.
 */
export async function changeLanguage(language: Language): Promise<void> {
  if (language === currentLanguage()) return;
  await loadCatalogues(language, [...partsInUse]);
  current = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage may be off (private mode): the choice then lasts for this page only.
  }
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
}
