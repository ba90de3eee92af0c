import type { Language } from '../../shared/languages';
import { defaultSettings, type Settings } from '../../shared/settings.schema';
import { createSettings, getSettings, putSettings, updateGcalConnected } from './repository';

/** A person's settings as the other capabilities read and set them; the read (getSettings) is forwarded from the repository as their documented way in. */
export { getSettings };

/**
 * A new account's settings: the sign-up defaults (30 past days to sync) and the name it signed up
 * with. Answers the row, or null when the account has settings already (they are never overwritten).
 */
export async function createSignUpSettings(userId: string, fullName: string | null, lang: Language): Promise<Settings | null> {
  const settings = { ...defaultSettings(userId, 'sign-up'), full_name: fullName, lang };
  return (await createSettings(settings)) ? settings : null;
}

/** The user's time zone, which the date rules read days in. */
export async function userTimeZone(userId: string): Promise<string> {
  return (await getSettings(userId)).settings.preferred_timezone;
}

/**
 * Sets gcal_connected to match whether tokens are stored. Answers the row when that changed it
 * (`created` when it made the row: a user with no settings row yet gets one with the
 * settings-screen defaults), null when the flag was right already.
 */
export async function setGcalConnected(userId: string, connected: boolean): Promise<{ settings: Settings; created: boolean } | null> {
  const { settings, stored } = await getSettings(userId);
  if (!stored) {
    if (!connected) return null;
    const created = { ...settings, gcal_connected: true };
    await putSettings(created);
    return { settings: created, created: true };
  }
  const updated = await updateGcalConnected(userId, connected);
  return updated && { settings: { ...settings, ...updated } as Settings, created: false };
}
