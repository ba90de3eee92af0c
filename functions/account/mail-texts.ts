import type { Language } from '../../shared/languages';

/**
 * The mail that confirms an account's deletion, in the person's language, addressed as the app
 * addresses people (tú in Spanish, vous in French, du in German). It names what went, and the
 * backups that keep it a while longer (docs/data-retention.md), so nothing comes as a surprise.
 */
const TEXTS: Record<Language, { subject: string; lines: (backupDays: number) => string[] }> = {
  en: {
    subject: 'Your Tempo account was deleted',
    lines: (days) => [
      'As you asked, your Tempo account was deleted, with everything in it: your goals, tasks, events, tags and settings, your Google Calendar connection, access tokens, webhooks and calendar feed.',
      `Copies in our backups are overwritten within ${days} days.`,
      'You can make a new account whenever you like.',
    ],
  },
  es: {
    subject: 'Hemos eliminado tu cuenta de Tempo',
    lines: (days) => [
      'Como pediste, hemos eliminado tu cuenta de Tempo con todo lo que contenía: tus objetivos, tareas, eventos, etiquetas y ajustes, tu conexión con Google Calendar, tus tokens de acceso, webhooks y tu feed de calendario.',
      `Las copias de nuestras copias de seguridad se sobrescriben en ${days} días.`,
      'Puedes crear una cuenta nueva cuando quieras.',
    ],
  },
  fr: {
    subject: 'Votre compte Tempo a été supprimé',
    lines: (days) => [
      'Comme vous l’avez demandé, votre compte Tempo a été supprimé avec tout son contenu : vos objectifs, tâches, événements, étiquettes et paramètres, votre connexion à Google Agenda, vos jetons d’accès, webhooks et votre flux d’agenda.',
      `Les copies de nos sauvegardes sont écrasées sous ${days} jours.`,
      'Vous pouvez créer un nouveau compte quand vous le souhaitez.',
    ],
  },
  de: {
    subject: 'Dein Tempo-Konto wurde gelöscht',
    lines: (days) => [
      'Wie gewünscht wurde dein Tempo-Konto mit allem darin gelöscht: deine Ziele, Aufgaben, Termine, Tags und Einstellungen, deine Verbindung zu Google Kalender, Zugriffstokens, Webhooks und dein Kalender-Abo.',
      `Kopien in unseren Sicherungen werden innerhalb von ${days} Tagen überschrieben.`,
      'Du kannst jederzeit ein neues Konto anlegen.',
    ],
  },
};

export function deletionMail(lang: Language, backupDays: number): { subject: string; text: string } {
  const texts = TEXTS[lang];
  return { subject: texts.subject, text: texts.lines(backupDays).join('\n\n') };
}
