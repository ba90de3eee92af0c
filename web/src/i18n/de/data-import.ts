/** Deutsch: Einstellungen → Import (see ../en/data-import.ts). */
import type { ImportCounts } from '../../../../shared/imports.schema';
import type { DataImportTexts } from '../catalogue-types';

const counted = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;

export default {
  messages: {
    tooLarge: 'Die Datei ist größer als 4 MB.',
    empty: 'Die Datei ist leer.',
    wrongKind:
      'Diese Datei kann Tempo nicht importieren: Wähle ein Todoist-Backup (ZIP oder CSV), ein TickTick-Backup (CSV), eine .ics-Datei oder einen Tempo-Export.',
    malformed: 'Die Datei konnte nicht gelesen werden: Sie ist beschädigt oder nicht in dem Format, das sie angibt.',
    zipTooLarge: 'Das Archiv entpackt sich zu mehr, als Tempo aus einer Datei liest.',
    tooManyItems: 'Die Datei enthält mehr als 10.000 Einträge: Teile sie auf und importiere jeden Teil.',
    nothingToImport: 'Die Datei enthält nichts zum Importieren.',
    notPreviewed: 'Dieser Import wurde schon bestätigt.',
    demo: 'Ein Demokonto kann keine Dateien importieren.',
    noTitle: 'Ohne Titel.',
    badDate: 'Das Datum konnte nicht gelesen werden.',
    notAnItem: 'Keine Aufgabe.',
    invalid: 'Passt nicht in Tempo (ein zu langer Text oder ein Wert außerhalb des Bereichs).',
    tooMany: 'Die Datei enthält mehr Einträge, als ein Import aufnimmt.',
    repeatInDescription: 'Die Wiederholung passt zu keiner von Tempo: Der Text steht in der Beschreibung.',
    subtaskFlattened: 'Eine Unteraufgabe: als eigene Aufgabe importiert.',
    commentInDescription: 'Die Kommentare stehen in der Beschreibung.',
  },
  title: 'Import',
  hint: 'Übernimm deine Listen aus Todoist (ein Backup: die ZIP-Datei mit einer CSV-Datei pro Projekt), TickTick (ein Backup als CSV), jedem Kalender (eine .ics-Datei) oder einem Tempo-Export. Du siehst vorher, was angelegt wird.',
  file: 'Datei',
  fileHint: (megabytes: number) => `Eine .zip-, .csv-, .ics- oder .json-Datei mit höchstens ${megabytes} MB.`,
  projects: 'Projekte aus Todoist und TickTick werden zu',
  projectsHint: 'Die Aufgaben eines Projekts gehören dann zu einem Ziel mit seinem Namen oder tragen einen Tag mit seinem Namen.',
  projectTargets: { goals: 'Zielen', tags: 'Tags' },
  read: 'Vorschau anzeigen',
  chooseFile: 'Wähle eine Datei zum Importieren.',
  readFailed: 'Die Datei konnte nicht gelesen werden. Bitte versuche es erneut.',
  formats: { todoist: 'Todoist-Backup', ticktick: 'TickTick-Backup', ics: 'Kalenderdatei', tempo: 'Tempo-Export' },
  previewTitle: (format: string) => `Vorschau: ${format}`,
  summary: ({ tasks, goals, events, tags }: ImportCounts) =>
    `${[counted(tasks, 'Aufgabe', 'Aufgaben'), counted(goals, 'Ziel', 'Ziele'), counted(events, 'Termin', 'Termine'), counted(tags, 'Tag', 'Tags')].join(', ')} werden angelegt.`,
  trashed: (count: number) => `${counted(count, 'Eintrag kommt', 'Einträge kommen')} zurück in den Papierkorb.`,
  skippedCount: (count: number) => `${counted(count, 'Zeile wird', 'Zeilen werden')} ausgelassen:`,
  skippedLabel: 'Ausgelassene Zeilen',
  notesCount: (count: number) => `${counted(count, 'Zeile wird', 'Zeilen werden')} mit einer Änderung importiert:`,
  notesLabel: 'Mit einer Änderung importierte Zeilen',
  line: (line: number) => `Zeile ${line}`,
  lineInFile: (file: string, line: number) => `${file}, Zeile ${line}`,
  twice: 'Was schon einmal aus derselben Datei importiert wurde, wird nicht noch einmal angelegt.',
  confirm: 'Importieren',
  cancel: 'Abbrechen',
  applyFailed: 'Der Import konnte nicht gestartet werden. Bitte versuche es erneut.',
  applying: 'Wird importiert … Du kannst die Seite verlassen: Der Import läuft weiter.',
  done: (made: number, existing: number) =>
    existing > 0
      ? `Import fertig: ${counted(made, 'Eintrag', 'Einträge')} angelegt, ${existing} schon vorhanden.`
      : `Import fertig: ${counted(made, 'Eintrag', 'Einträge')} angelegt.`,
  doneNotice: 'Dein Import ist fertig.',
  needsConnection: 'Zum Importieren brauchst du eine Verbindung.',
} satisfies DataImportTexts;
