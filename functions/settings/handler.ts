import { applySettings } from '../../shared/settings';
import { noteChangesMade } from '../platform/changes-made';
import { httpHandler, ok } from '../platform/http';
import { getSettings, saveSettingsChange } from './repository';

export const handler = httpHandler('settings', {
  'GET /api/settings': async ({ userId }) => ok((await getSettings(userId)).settings),
  'PUT /api/settings': async ({ userId, body, now }) => {
    const { settings: current } = await getSettings(userId);
    const next = await saveSettingsChange(current, applySettings(current, body, now.toISOString()));
    noteChangesMade('settings');
    return ok(next);
  },
});
