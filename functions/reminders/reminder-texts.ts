import type { Language } from '../../shared/languages';

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
}

const TEXTS: Record<Language, Texts> = {
  en: {
    due: (when) => `Due ${when}`,
    open: 'Open',
    snooze: 'Snooze 10 min',
    mailSubject: (title) => `Reminder: ${title}`,
    mailOpen: 'Open it in Tempo:',
  },
  es: {
    due: (when) => `Vence el ${when}`,
    open: 'Abrir',
    snooze: 'Posponer 10 min',
    mailSubject: (title) => `Recordatorio: ${title}`,
    mailOpen: 'Ábrelo en Tempo:',
  },
  fr: {
    due: (when) => `À faire pour le ${when}`,
    open: 'Ouvrir',
    snooze: 'Reporter de 10 min',
    mailSubject: (title) => `Rappel : ${title}`,
    mailOpen: 'Ouvrez-le dans Tempo :',
  },
  de: {
    due: (when) => `Fällig am ${when}`,
    open: 'Öffnen',
    snooze: '10 Min. später',
    mailSubject: (title) => `Erinnerung: ${title}`,
    mailOpen: 'In Tempo öffnen:',
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

/** The mail for those who chose it: the title as subject, when, and the link to the item. */
export function reminderMail(subject: ReminderSubject, link: string, lang: Language, timeZone: string): { subject: string; text: string } {
  return {
    subject: TEXTS[lang].mailSubject(subject.title),
    text: [subject.title, reminderLine(subject, lang, timeZone), '', TEXTS[lang].mailOpen, link].join('\n'),
  };
}
