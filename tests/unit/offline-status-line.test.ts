import { describe, expect, it } from 'vitest';
import { statusLine, statusLineText } from '../../web/src/features/offline/lib/status-line';
import deApp from '../../web/src/i18n/de/app';
import enApp from '../../web/src/i18n/en/app';
import frApp from '../../web/src/i18n/fr/app';

const QUIET = { online: true, waiting: 0, sending: false, nearlyFull: false, full: false, keptOffline: true };

const say = (status: Partial<typeof QUIET>, justSaved = false) => {
  const line = statusLine({ ...QUIET, ...status }, justSaved);
  return line && statusLineText(line, enApp.offline, 'en');
};

describe('the offline status line', () => {
  it('says nothing online with nothing waiting, so no line stays on screen', () => {
    expect(say({})).toBeNull();
  });

  it('says offline, with how many changes wait, one or many', () => {
    expect(say({ online: false })).toBe('Offline');
    expect(say({ online: false, waiting: 1 })).toBe('Offline · 1 change waiting');
    expect(say({ online: false, waiting: 3 })).toBe('Offline · 3 changes waiting');
  });

  it('says the waiting changes live only in the tab where the browser keeps nothing on the device', () => {
    expect(say({ online: false, waiting: 2, keptOffline: false })).toBe(
      'Offline · 2 changes waiting · kept in this tab only: keep it open until you are back online',
    );
    expect(say({ online: false, keptOffline: false })).toBe('Offline');
  });

  it('says the changes are being saved while they are sent, and waiting while they are not', () => {
    expect(say({ waiting: 3, sending: true })).toBe('Saving 3 changes…');
    expect(say({ waiting: 1, sending: true })).toBe('Saving 1 change…');
    expect(say({ waiting: 2 })).toBe('2 changes waiting');
  });

  it('says all changes are saved only just after the last one was', () => {
    expect(say({}, true)).toBe('All changes saved');
    expect(say({ waiting: 1, sending: true }, true)).toBe('Saving 1 change…');
    expect(say({ online: false }, true)).toBe('Offline');
  });

  it('warns before the waiting changes fill up, and when they have, before anything else', () => {
    expect(say({ online: false, waiting: 900, nearlyFull: true })).toBe('Offline changes are nearly full: 900 of 1,000. Connect to send them.');
    expect(say({ online: false, waiting: 1000, nearlyFull: true, full: true })).toBe(
      'Offline changes are full (1,000). Connect to send them before making more.',
    );
  });

  it('writes counts and numbers as each language does', () => {
    const line = statusLine({ ...QUIET, online: false, waiting: 950, nearlyFull: true }, false)!;
    expect(statusLineText(line, deApp.offline, 'de')).toContain('950 von 1.000');
    expect(statusLineText(statusLine({ ...QUIET, online: false, waiting: 1 }, false)!, frApp.offline, 'fr')).toBe('Hors ligne · 1 modification en attente');
    expect(statusLineText(statusLine({ ...QUIET, online: false, waiting: 0 }, false)!, deApp.offline, 'de')).toBe('Keine Verbindung');
  });
});
