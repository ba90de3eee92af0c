import { applySettings } from '../../shared/settings';
import { bumpStamp } from '../changes/stamps.repository';
import { publishAfterSave } from '../platform/bus';
import { httpHandler, ok } from '../platform/http';
import { getSettings, saveSettingsChange } from './repository';

export const handler = httpHandler('settings', {
  'GET /api/settings': async ({ userId }) => ok((await getSettings(userId)).settings),
  'PUT /api/settings': async ({ userId, body, now }) => {
    const { settings: current } = await getSettings(userId);
    const next = await saveSettingsChange(current, applySettings(current, body, now.toISOString()));
    await Promise.all([bumpStamp(userId, 'settings'), publishAfterSave('settings.updated', { userId, settings: next, occurredAt: next.updated_at! })]);
    return ok(next);
  },
});
