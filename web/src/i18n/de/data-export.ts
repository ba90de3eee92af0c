/** Deutsch: Einstellungen → Meine Daten exportieren (see ../en/data-export.ts). */
import type { DataExportTexts } from '../catalogue-types';

export default {
  messages: {
    busy: 'Dein Export wird noch erstellt. Er ist gleich fertig.',
    notReady: 'Dieser Export ist nicht fertig oder wird nicht mehr aufbewahrt. Erstelle einen neuen.',
  },
  title: 'Meine Daten exportieren',
  hint: 'Lade alles herunter, was du in Tempo hast: Ziele, Aufgaben, Termine mit ihren Wiederholungen, Tags, den Papierkorb, deine Einstellungen und Erinnerungen und die letzten Änderungen des Assistenten. Du bekommst eine ZIP-Datei: die Daten als JSON, die Tempo wieder importieren kann, deine Termine als Kalenderdatei (.ics) und deine Aufgaben als Tabelle (.csv).',
  loadFailed: 'Dein letzter Export konnte nicht geladen werden.',
  export: 'Meine Daten exportieren',
  exportAgain: 'Neuen Export erstellen',
  startFailed: 'Der Export konnte nicht gestartet werden. Bitte versuche es erneut.',
  building: 'Dein Export wird erstellt. Du kannst diese Seite verlassen: Er erscheint hier, sobald er fertig ist.',
  ready: (made: string, size: string, until: string) => `Dein Export vom ${made} ist fertig (${size}). Du kannst ihn bis ${until} herunterladen.`,
  readyNotice: 'Dein Export ist bereit zum Herunterladen.',
  download: 'Herunterladen',
  downloadFailed: 'Der Export konnte nicht heruntergeladen werden. Bitte versuche es erneut.',
  failures: {
    too_large: 'Deine Daten sind mehr, als ein Export fassen kann. Leere den Papierkorb oder lösche, was du nicht mehr brauchst, und versuche es erneut.',
    failed: 'Der Export konnte nicht erstellt werden. Bitte versuche es erneut.',
  },
  needsConnection: 'Zum Exportieren deiner Daten brauchst du eine Verbindung.',
} satisfies DataExportTexts;
