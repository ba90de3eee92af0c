import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { eventOf, parseQuickAdd, taskOf } from '../../web/src/features/quick-add/lib/parse-quick-add';
import deApp from '../../web/src/i18n/de/app';
import enApp from '../../web/src/i18n/en/app';
import esApp from '../../web/src/i18n/es/app';
import frApp from '../../web/src/i18n/fr/app';

// Wednesday, November 25, 2026, 11:00 in Berlin.
const NOW = new Date('2026-11-25T10:00:00.000Z');
const ZONE = 'Europe/Berlin';
const READERS = { en: chrono.en.casual, es: chrono.es.casual, fr: chrono.fr.casual, de: chrono.de.casual };
const read = (text: string, language: keyof typeof READERS = 'en') => parseQuickAdd(text, { now: NOW, timeZone: ZONE, language, chrono: READERS[language] });

describe('quick add in plain words', () => {
  it('reads a monthly task with its time, priority and tag', () => {
    const words = read('Pay rent every 1st at 9am !high #home');
    expect(words).toEqual({
      title: 'Pay rent',
      day: '2026-12-01',
      minutes: 540,
      lengthMinutes: null,
      rule: 'FREQ=MONTHLY',
      reminders: null,
      priority: 'high',
      tags: ['home'],
      goal: null,
    });
    expect(taskOf(words, ZONE)).toEqual({
      title: 'Pay rent',
      tags: ['home'],
      priority: 'high',
      due_date: '2026-11-30T23:00:00.000Z',
      recurrence: { rule: 'FREQ=MONTHLY', time_zone: ZONE },
    });
  });

  it('reads the field’s example in each language (short, to fit a phone) as the event it shows', () => {
    for (const [language, app] of [
      ['en', enApp],
      ['de', deApp],
      ['es', esApp],
      ['fr', frApp],
    ] as const) {
      expect(read(app.quickAdd.placeholder, language), language).toMatchObject({ day: '2026-12-01', minutes: 870, lengthMinutes: 45 });
    }
  });

  it('reads an event with its day, time and length, in the person’s zone', () => {
    const words = read('Dentist next Tuesday 14:30 for 45 min');
    expect(words).toMatchObject({ title: 'Dentist', day: '2026-12-01', minutes: 870, lengthMinutes: 45, rule: null });
    expect(eventOf(words, NOW, ZONE)).toMatchObject({ start_time: '2026-12-01T13:30:00.000Z', end_time: '2026-12-01T14:15:00.000Z', recurrence: null });
  });

  it('links a task to the goal a +mark names: the words that begin its title, or a word in it', () => {
    const goals = [
      { id: 'g1', title: 'Run a marathon' },
      { id: 'g2', title: 'Learn Spanish' },
    ];
    const withGoals = (text: string) => parseQuickAdd(text, { now: NOW, timeZone: ZONE, language: 'en', chrono: chrono.en.casual, goals });
    expect(withGoals('Buy running shoes +run a marathon tomorrow')).toMatchObject({ title: 'Buy running shoes', goal: goals[0], day: '2026-11-26' });
    expect(withGoals('Vocabulary +spanish !high')).toMatchObject({ title: 'Vocabulary', goal: goals[1], priority: 'high' });
    expect(withGoals('Stretch +marathon #health')).toMatchObject({ title: 'Stretch', goal: goals[0], tags: ['health'] });
    expect(taskOf(withGoals('Stretch +marathon'), ZONE)).toMatchObject({ goal_id: 'g1' });
    // A mark that names no goal stays in the title, and links nothing.
    expect(withGoals('Call +44 20 7946 0958')).toMatchObject({ title: 'Call +44 20 7946 0958', goal: null });
    expect(taskOf(read('Stretch +marathon'), ZONE)).not.toHaveProperty('goal_id');
  });

  it.each([
    ['Standup every Monday and Thursday at 9', 'FREQ=WEEKLY;BYDAY=MO,TH', '2026-11-26'],
    ['Review every last Friday of the month', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-11-27'],
    ['Team lunch every second Tuesday', 'FREQ=MONTHLY;BYDAY=2TU', '2026-12-08'],
    ['Gym every 2 weeks', 'FREQ=WEEKLY;INTERVAL=2', '2026-11-25'],
    ['Backup daily', 'FREQ=DAILY', '2026-11-25'],
    ['Call grandma every weekday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-11-25'],
  ])('reads the repeat of "%s"', (text, rule, day) => {
    expect(read(text)).toMatchObject({ rule, day });
  });

  it('makes an all-day event today when no day or time is named, and leaves a plain task undated', () => {
    expect(eventOf(read('Holiday'), NOW, ZONE)).toMatchObject({ all_day: true, start_time: '2026-11-25T00:00:00.000Z' });
    expect(taskOf(read('Buy milk #errands #Errands'), ZONE)).toEqual({ title: 'Buy milk', tags: ['errands'], due_date: null, recurrence: null });
  });

  it.each([
    ['de', 'Zahnarzt nächsten Dienstag um 14:30', 'Zahnarzt'],
    ['fr', 'Dentiste mardi prochain à 14h30', 'Dentiste'],
    ['es', 'Dentista el próximo martes a las 14:30', 'Dentista'],
  ] as const)('reads the day and time in %s', (language, text, title) => {
    expect(read(text, language)).toMatchObject({ title, day: '2026-12-01', minutes: 870 });
  });

  it.each([
    ['es', 'Reunión cada lunes y jueves a las 9', 'Reunión', 'FREQ=WEEKLY;BYDAY=MO,TH', '2026-11-26'],
    ['es', 'Gimnasio cada 2 semanas', 'Gimnasio', 'FREQ=WEEKLY;INTERVAL=2', '2026-11-25'],
    ['es', 'Revisión cada último viernes del mes', 'Revisión', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-11-27'],
    ['es', 'Alquiler el 1 de cada mes', 'Alquiler', 'FREQ=MONTHLY', '2026-12-01'],
    ['es', 'Copia de seguridad diariamente', 'Copia de seguridad', 'FREQ=DAILY', '2026-11-25'],
    ['fr', 'Réunion tous les lundis et jeudis', 'Réunion', 'FREQ=WEEKLY;BYDAY=MO,TH', '2026-11-26'],
    ['fr', 'Sport toutes les 2 semaines', 'Sport', 'FREQ=WEEKLY;INTERVAL=2', '2026-11-25'],
    ['fr', 'Bilan chaque dernier vendredi du mois', 'Bilan', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-11-27'],
    ['fr', 'Loyer le 1er de chaque mois', 'Loyer', 'FREQ=MONTHLY', '2026-12-01'],
    ['fr', 'Appeler maman chaque jour ouvré', 'Appeler maman', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-11-25'],
    ['de', 'Besprechung jeden Montag und Donnerstag', 'Besprechung', 'FREQ=WEEKLY;BYDAY=MO,TH', '2026-11-26'],
    ['de', 'Sport alle 2 Wochen', 'Sport', 'FREQ=WEEKLY;INTERVAL=2', '2026-11-25'],
    ['de', 'Rückblick jeden letzten Freitag im Monat', 'Rückblick', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-11-27'],
    ['de', 'Miete jeden 1. des Monats', 'Miete', 'FREQ=MONTHLY', '2026-12-01'],
    ['de', 'Blumen gießen wöchentlich', 'Blumen gießen', 'FREQ=WEEKLY', '2026-11-25'],
    ['de', 'Standup every Monday', 'Standup', 'FREQ=WEEKLY;BYDAY=MO', '2026-11-30'],
  ] as const)('reads the repeat in %s: "%s"', (language, text, title, rule, day) => {
    expect(read(text, language)).toMatchObject({ title, rule, day });
  });

  it.each([
    ['es', 'Dentista mañana a las 10 durante 45 min', 45],
    ['fr', 'Dentiste demain à 10h pendant 2 heures', 120],
    ['de', 'Zahnarzt morgen um 10 für 45 Minuten', 45],
  ] as const)('reads the length in %s', (language, text, minutes) => {
    expect(read(text, language)).toMatchObject({ day: '2026-11-26', minutes: 600, lengthMinutes: minutes });
  });

  it.each([
    ['en', 'Write report friday for 2 h', 'Write report', 120],
    ['en', 'Call the bank for 30 min', 'Call the bank', 30],
    ['en', 'Review slides for 1.5 hours', 'Review slides', 90],
    ['en', 'Tidy the inbox for 90 minutes', 'Tidy the inbox', 90],
    ['es', 'Escribir informe durante 2 h', 'Escribir informe', 120],
    ['es', 'Revisar cuentas durante 1,5 horas', 'Revisar cuentas', 90],
    ['fr', 'Écrire le rapport pendant 2 h', 'Écrire le rapport', 120],
    ['fr', 'Relire le contrat pendant 45 min', 'Relire le contrat', 45],
    ['de', 'Bericht schreiben für 2 Std', 'Bericht schreiben', 120],
    ['de', 'Steuer machen für 1,5 Std.', 'Steuer machen', 90],
  ] as const)('makes the length of a task without a time its estimate, in %s: "%s"', (language, text, title, minutes) => {
    const words = read(text, language);
    expect(words).toMatchObject({ title, minutes: null, lengthMinutes: minutes });
    expect(taskOf(words, ZONE)).toMatchObject({ title, estimate_minutes: minutes });
  });

  it('gives a task no estimate when the words name no length, and keeps the day named with one', () => {
    expect(taskOf(read('Buy milk tomorrow'), ZONE)).not.toHaveProperty('estimate_minutes');
    expect(taskOf(read('Write report friday for 2 h'), ZONE)).toMatchObject({ due_date: '2026-11-26T23:00:00.000Z', estimate_minutes: 120 });
  });

  it('says a length in hours and minutes, as the preview and the task card show it', () => {
    expect([45, 120, 90].map(enApp.quickAdd.length)).toEqual(['45 min', '2 h', '1 h 30 min']);
    expect([45, 120, 90].map(deApp.quickAdd.length)).toEqual(['45 Min.', '2 Std.', '1 Std. 30 Min.']);
  });

  it('reads reminders in each language, taking them out of the title; a time that is not offered is not a reminder', () => {
    expect(read('Dentist tomorrow at 3pm remind me 30 min before remind me at the time')).toMatchObject({ title: 'Dentist', minutes: 900, reminders: [30, 0] });
    expect(read('Zahnarzt morgen um 15 Uhr erinnere mich 1 Stunde vorher', 'de')).toMatchObject({ title: 'Zahnarzt', reminders: [60] });
    expect(read('Dentista mañana a las 15 recuérdame 1 día antes', 'es')).toMatchObject({ title: 'Dentista', reminders: [1440] });
    expect(read('Dentiste demain à 15h rappelle-moi 15 min avant', 'fr')).toMatchObject({ title: 'Dentiste', reminders: [15] });
    expect(read('Call Sam remind me 7 min before')).toMatchObject({ reminders: null });
    const event = eventOf(read('Stand-up tomorrow at 9 remind me 5 min before'), NOW, ZONE);
    expect(event.reminders).toEqual([5]);
    expect(eventOf(read('Stand-up tomorrow at 9'), NOW, ZONE)).not.toHaveProperty('reminders');
  });

  it.each([
    ['en', 'Dentist tomorrow at 3pm remind me at start', 0],
    ['en', 'Dentist tomorrow at 3pm remind me at the start', 0],
    ['en', 'Dentist tomorrow at 3pm remind me 1 hour before', 60],
    ['en', 'Dentist tomorrow at 3pm remind me an hour before', 60],
    ['en', 'Dentist tomorrow at 3pm remind me a day before', 1440],
    ['de', 'Zahnarzt morgen um 15 Uhr erinnere mich zu Beginn', 0],
    ['de', 'Zahnarzt morgen um 15 Uhr erinnere mich eine Stunde vorher', 60],
    ['de', 'Zahnarzt morgen um 15 Uhr erinnere mich 1 Std. vorher', 60],
    ['es', 'Dentista mañana a las 15 recuérdame al inicio', 0],
    ['es', 'Dentista mañana a las 15 recuérdame una hora antes', 60],
    ['fr', 'Dentiste demain à 15h rappelle-moi au début', 0],
    ['fr', 'Dentiste demain à 15h rappelle-moi une heure avant', 60],
  ] as const)('reads the reminder in %s: "%s"', (language, text, offset) => {
    expect(read(text, language)).toMatchObject({ title: text.split(' ')[0], day: '2026-11-26', minutes: 900, reminders: [offset] });
  });

  it.each([
    ['en', enApp, 'remind me 10 min before'],
    ['de', deApp, 'erinnere mich 10 Min vorher'],
    ['es', esApp, 'recuérdame 10 min antes'],
    ['fr', frApp, 'rappelle-moi 10 min avant'],
  ] as const)('reads the reminder the hint names in %s', (language, app, example) => {
    expect(app.quickAdd.hint).toContain(example);
    expect(read(`${app.quickAdd.placeholder} ${example}`, language)).toMatchObject({ minutes: 870, lengthMinutes: 45, reminders: [10] });
  });
});
