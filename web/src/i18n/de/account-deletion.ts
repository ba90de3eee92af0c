/** Deutsch: Einstellungen → Mein Konto löschen (see ../en/account-deletion.ts). */
import type { AccountDeletionTexts } from '../catalogue-types';

export default {
  messages: {
    confirmationMismatch: 'Gib zur Bestätigung deine E-Mail-Adresse genau wie angezeigt ein',
    signInAgain: 'Bestätige, dass du es bist: Melde dich erneut an und lösche dein Konto innerhalb von 5 Minuten.',
  },
  title: 'Mein Konto löschen',
  hint: 'Wenn du dein Konto löschst, wird alles darin endgültig entfernt: deine Ziele, Aufgaben, Termine, Tags und Einstellungen, deine Verbindung zu Google Kalender, Zugriffstokens, Webhooks und dein Kalender-Abo. Das lässt sich nicht rückgängig machen. Wenn du eine Kopie deiner Daten behalten willst, exportiere sie vorher.',
  open: 'Mein Konto löschen…',
  dialogTitle: 'Dein Konto löschen?',
  dialogIntro: 'Alles in deinem Konto wird endgültig gelöscht. Das lässt sich nicht rückgängig machen.',
  password: 'Dein Passwort',
  passwordHint: 'Zur Bestätigung, dass du es bist.',
  passwordRequired: 'Gib dein Passwort ein',
  wrongPassword: 'Das Passwort stimmt nicht.',
  tooManyTries: 'Zu viele Versuche. Warte einen Moment und versuche es dann erneut.',
  signInFailed: 'Dein Passwort konnte nicht geprüft werden. Bitte versuche es erneut.',
  googleIntro:
    'Du meldest dich mit Google an. Zur Bestätigung, dass du es bist, melde dich ab, melde dich erneut mit Google an und komm innerhalb von 5 Minuten hierher zurück.',
  confirmation: 'Gib zur Bestätigung deine E-Mail-Adresse ein',
  confirmationHint: (email: string) => `Gib ${email} ein`,
  delete: 'Mein Konto löschen',
  failed: 'Dein Konto konnte nicht gelöscht werden. Bitte versuche es erneut.',
  deleted: 'Dein Konto wurde gelöscht',
  deletedDetail: (email: string) => `Nichts davon ist mehr da. Eine Bestätigung ist unterwegs an ${email}.`,
  needsConnection: 'Zum Löschen deines Kontos brauchst du eine Verbindung.',
} satisfies AccountDeletionTexts;
