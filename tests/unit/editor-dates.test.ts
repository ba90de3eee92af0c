import { describe, expect, it } from 'vitest';
import { isPickedDayInPast } from '../../web/src/components/ui/date-field';

const NOW = new Date('2026-03-10T15:00:00Z');
const ZONE = 'America/New_York';

describe('a date picked in an editor', () => {
  it('may not be a day before today in the user’s time zone', () => {
    expect(isPickedDayInPast('2026-03-09T05:00:00.000Z', null, NOW, ZONE)).toBe(true);
    expect(isPickedDayInPast('2026-03-10T04:00:00.000Z', null, NOW, ZONE)).toBe(false);
    expect(isPickedDayInPast('2026-03-11T04:00:00.000Z', undefined, NOW, ZONE)).toBe(false);
  });

  it('may be kept as it was saved, even once past, and may be cleared', () => {
    expect(isPickedDayInPast('2026-01-01T05:00:00.000Z', '2026-01-01T05:00:00.000Z', NOW, ZONE)).toBe(false);
    expect(isPickedDayInPast(null, '2026-01-01T05:00:00.000Z', NOW, ZONE)).toBe(false);
  });
});
