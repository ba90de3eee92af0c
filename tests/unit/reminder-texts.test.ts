import { describe, expect, it } from 'vitest';
import { reminderLine, reminderMail } from '../../functions/reminders/reminder-texts';

const dentist = { kind: 'events', title: 'Dentist', at: '2026-12-04T14:00:00.000Z', allDay: false } as const;

describe('what a reminder says', () => {
  it('gives the time in the person’s zone and language', () => {
    expect(reminderLine(dentist, 'en', 'Europe/Berlin')).toBe('Friday, December 4, 2026 at 3:00 PM');
    expect(reminderLine(dentist, 'de', 'Europe/Berlin')).toBe('Freitag, 4. Dezember 2026 um 15:00');
    expect(reminderLine(dentist, 'fr', 'America/New_York')).toBe('vendredi 4 décembre 2026 à 09:00');
    expect(reminderLine(dentist, 'es', 'Asia/Tokyo')).toBe('viernes, 4 de diciembre de 2026, 23:00');
  });

  it('says a task is due, and an all-day event’s day as written, whatever the zone', () => {
    expect(reminderLine({ ...dentist, kind: 'tasks', title: 'Taxes' }, 'en', 'UTC')).toBe('Due Friday, December 4, 2026 at 2:00 PM');
    expect(reminderLine({ ...dentist, at: '2026-12-04T00:00:00.000Z', allDay: true }, 'en', 'America/Los_Angeles')).toBe('Friday, December 4, 2026');
  });

  it('mails the title, the time and the link', () => {
    expect(reminderMail(dentist, 'https://tempo.example/calendar?eventId=e1', 'fr', 'Europe/Paris')).toEqual({
      subject: 'Rappel : Dentist',
      text: 'Dentist\nvendredi 4 décembre 2026 à 15:00\n\nOuvrez-le dans Tempo :\nhttps://tempo.example/calendar?eventId=e1',
    });
  });
});
