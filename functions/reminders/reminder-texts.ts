import type { Language } from '../../shared/languages';
import { MAX_REMINDER_MAILS_PER_DAY } from '../../shared/reminders';

/**
 * What a reminder says, in the person's language and time zone: the notification's and the on-screen
 * notice's line under the title, its buttons, and the mail. The item's own title is said as written.
 */

export interface ReminderSubject {
  kind: 'events' | 'tasks';
  title: string;
  /** The occurrence's start, or the task's due time. */
  at: string;
  allDay: boolean;
}

interface Texts {
  due: (when: string) => string;
  open: string;
  snooze: string;
  mailSubject: (title: string) => string;
  mailOpen: string;
  /** Closes the day's last reminder mail (MAX_REMINDER_MAILS_PER_DAY). */
  mailLastOfDay: (count: number) => string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    due: (when) => `Due ${when}`,
    open: 'Open',
    snooze: 'Snooze 10 min',
    mailSubject: (title) => `Reminder: ${title}`,
    mailOpen: 'Open it in Tempo:',
    mailLastOfDay: (count) => `This is the last of today’s ${count} reminder mails. Today’s other reminders come on screen and as notifications only.`,
  },
  es: {
    due: (when) => `Vence el ${when}`,
    open: 'Abrir',
    snooze: 'Posponer 10 min',
    mailSubject: (title) => `Recordatorio: ${title}`,
    mailOpen: 'Ábrelo en Tempo:',
    mailLastOfDay: (count) =>
      `Este es el último de los ${count} correos de recordatorio de hoy. Los demás recordatorios de hoy llegan solo en pantalla y como notificaciones.`,
  },
  fr: {
    due: (when) => `À faire pour le ${when}`,
    open: 'Ouvrir',
    snooze: 'Reporter de 10 min',
    mailSubject: (title) => `Rappel : ${title}`,
    mailOpen: 'Ouvrez-le dans Tempo :',
    mailLastOfDay: (count) =>
      `Voici le dernier des ${count} e-mails de rappel d’aujourd’hui. Les autres rappels du jour arrivent seulement à l’écran et en notifications.`,
  },
  de: {
    due: (when) => `Fällig am ${when}`,
    open: 'Öffnen',
    snooze: '10 Min. später',
    mailSubject: (title) => `Erinnerung: ${title}`,
    mailOpen: 'In Tempo öffnen:',
    mailLastOfDay: (count) =>
      `Dies ist die letzte der ${count} Erinnerungsmails von heute. Die übrigen Erinnerungen von heute kommen nur auf dem Bildschirm und als Mitteilung.`,
  },
};

/** The item's time as the person reads it: day and time in their zone, or the day alone for an all-day event (its date as written). */
export function reminderTime({ at, allDay }: Pick<ReminderSubject, 'at' | 'allDay'>, lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(lang, allDay ? { dateStyle: 'full', timeZone: 'UTC' } : { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    new Date(at),
  );
}

/** The line under the title: when the event is, or when the task is due. */
export function reminderLine(subject: ReminderSubject, lang: Language, timeZone: string): string {
  const when = reminderTime(subject, lang, timeZone);
  return subject.kind === 'tasks' ? TEXTS[lang].due(when) : when;
}

export const reminderButtons = (lang: Language) => ({ open: TEXTS[lang].open, snooze: TEXTS[lang].snooze });

/**
 * The mail for those who chose it: the title as subject (on one line, its control characters as
 * spaces: a header holds none, and a title from Google Calendar was not checked here), when, and the
 * link to the item; the day's last one says so.
 */
export function reminderMail(
  subject: ReminderSubject,
  link: string,
  lang: Language,
  timeZone: string,
  { lastOfDay }: { lastOfDay: boolean } = { lastOfDay: false },
): { subject: string; text: string } {
  const lines = [subject.title, reminderLine(subject, lang, timeZone), '', TEXTS[lang].mailOpen, link];
  if (lastOfDay) lines.push('', TEXTS[lang].mailLastOfDay(MAX_REMINDER_MAILS_PER_DAY));
  return { subject: TEXTS[lang].mailSubject(subject.title.replace(/\s*\p{Cc}[\p{Cc}\s]*/gu, ' ')), text: lines.join('\n') };
}
