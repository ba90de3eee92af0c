import { bumpStamp } from '../changes/stamps';
import { setGcalConnected } from '../settings/repository';

/**
 * Keeps the settings' gcal_connected equal to whether tokens are stored (the spec has the flag
 * auto-corrected), and counts a change so polling screens reload the settings.
 */
export async function setConnectedFlag(userId: string, connected: boolean): Promise<void> {
  if (await setGcalConnected(userId, connected)) await bumpStamp(userId, 'settings');
}
