import { describe, expect, it } from 'vitest';
import { setGcalConnected } from '../../functions/settings/account-settings';
import { getSettings, saveSettingsChange } from '../../functions/settings/repository';
import { applySettings } from '../../shared/settings.schema';
import { integrationHarness } from '../support/harness';

const { world, user } = integrationHarness();

describe('settings', () => {
  it('answers the defaults of a row first made from the settings screen, then what was saved', async () => {
    const alice = await user();
    expect((await alice.get('/api/settings')).body).toMatchObject({
      user_id: alice.id,
      preferred_timezone: 'UTC',
      lang: 'en',
      gcal_connected: false,
      sync_past_days: 7,
      sync_future_months: 2,
      calendar_start_hour: 7,
      calendar_start_minute: 0,
      use_personalization: true,
    });

    const saved = await alice.put('/api/settings', { lang: 'de', sync_past_days: 60, calendar_start_minute: 45, full_name: 'Ada' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ lang: 'de', sync_past_days: 60, calendar_start_minute: 45, full_name: 'Ada', sync_future_months: 2 });
    expect((await alice.get('/api/settings')).body).toEqual(saved.body);
    // The first save makes the row: the table's stream puts it on the bus as settings.created.
    const event = world.bus.published.find((entry) => entry['detail-type'] === 'settings.created' && (entry.detail as { userId: string }).userId === alice.id);
    expect(event?.detail).toMatchObject({ settings: { lang: 'de' } });
  });

  it('saves the display name as none with personalization off', async () => {
    const alice = await user();
    await alice.put('/api/settings', { full_name: 'Ada' });
    expect((await alice.put('/api/settings', { use_personalization: false, full_name: 'Still here?' })).body).toMatchObject({
      use_personalization: false,
      full_name: null,
    });
  });

  it('keeps what was written between its read and its write (the Google flag), and changes only what it changes', async () => {
    const alice = await user();
    await alice.put('/api/settings', { lang: 'fr' });
    const { settings: read } = await getSettings(alice.id);
    // Meanwhile the Google connection sets its flag.
    expect(await setGcalConnected(alice.id, true)).toMatchObject({ created: false, settings: { gcal_connected: true, lang: 'fr' } });
    const saved = await saveSettingsChange(read, applySettings(read, { sync_past_days: 14 }, new Date().toISOString()));
    expect(saved).toMatchObject({ gcal_connected: true, sync_past_days: 14, lang: 'fr' });
    expect((await alice.get('/api/settings')).body).toEqual(saved);
  });
});
