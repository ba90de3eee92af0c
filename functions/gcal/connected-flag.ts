import { publishAfterSave } from '../platform/bus';
import { now } from '../platform/clock';
import { setGcalConnected } from '../settings/repository';

/**
 * Keeps the settings' gcal_connected equal to whether tokens are stored (the spec has the flag
 * auto-corrected); the table's stream counts the change, so open screens reload the settings.
 */
export async function setConnectedFlag(userId: string, connected: boolean): Promise<void> {
  const changed = await setGcalConnected(userId, connected);
  if (!changed) return;
  await publishAfterSave(changed.created ? 'settings.created' : 'settings.updated', { userId, settings: changed.settings, occurredAt: now().toISOString() });
}
