import type { Settings } from './settings.schema';

/**
 * What the product calls the person, wherever it does (the greeting, the sidebar, the phone's top
 * bar, the bug report's prefill, the voice assistant): the display name of the settings while
 * personalization is on, and no name at all while it is off (the checkbox reads "your name in
 * greetings and by the assistant").
 */
export function nameToUse(settings: Pick<Settings, 'use_personalization' | 'full_name'>): string | null {
  if (!settings.use_personalization) return null;
  return settings.full_name?.trim() || null;
}
