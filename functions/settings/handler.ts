import { applySettings } from '../../shared/settings';
import { httpHandler, ok } from '../platform/http';
import { getSettings, saveSettingsChange } from './repository';

export const handler = httpHandler('settings', {
  'GET /api/settings': async ({ userId }) => ok((await getSettings(userId)).settings),
  'PUT /api/settings': async ({ userId, body, now }) => {
    const { settings: current } = await getSettings(userId);
    return ok(await saveSettingsChange(current, applySettings(current, body, now.toISOString())));
  },
});
