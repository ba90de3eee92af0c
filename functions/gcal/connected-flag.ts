import { bumpStamp } from '../changes/stamps.repository';
import { publishAfterSave } from '../platform/bus';
import { now } from '../platform/clock';
import { setGcalConnected } from '../settings/repository';

/**
 * Keeps the settings' gcal_connected equal to whether tokens are stored (the spec has the flag
 * auto-corrected), and counts a change so polling screens reload the settings.
 */
export async function setConnectedFlag(userId: string, connected: boolean): Promise<void> {
  const changed = await setGcalConnected(userId, connected);
  if (!changed) return;
  await Promise.all([
    bumpStamp(userId, 'settings'),
    publishAfterSave(changed.created ? 'settings.created' : 'settings.updated', { userId, settings: changed.settings, occurredAt: now().toISOString() }),
  ]);
}
