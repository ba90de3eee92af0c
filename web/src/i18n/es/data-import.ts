/** Español: Ajustes → Importar (see ../en/data-import.ts). */
import type { ImportCounts } from '../../../../shared/imports.schema';
import type { DataImportTexts } from '../catalogue-types';

const counted = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;

export default {
  messages: {
    tooLarge: 'El archivo ocupa más de 4 MB.',
    empty: 'El archivo está vacío.',
    wrongKind:
      'Tempo no puede importar este archivo: elige una copia de seguridad de Todoist (zip o CSV), una de TickTick (CSV), un archivo .ics o una exportación de Tempo.',
    malformed: 'No se pudo leer el archivo: está dañado o no tiene el formato que dice tener.',
    zipTooLarge: 'El archivo comprimido ocupa, descomprimido, más de lo que Tempo lee de un archivo.',
    tooManyItems: 'El archivo tiene más de 10.000 elementos: divídelo e importa cada parte.',
    nothingToImport: 'El archivo no tiene nada que importar.',
    notPreviewed: 'Esta importación ya se confirmó.',
    demo: 'Una cuenta de demostración no puede importar archivos.',
    noTitle: 'No tiene título.',
    badDate: 'No se pudo leer su fecha.',
    notAnItem: 'No es una tarea.',
    invalid: 'No cabe en Tempo (un texto demasiado largo o un valor fuera de rango).',
    tooMany: 'El archivo tiene más elementos de los que admite una importación.',
    repeatInDescription: 'Su repetición no corresponde a ninguna de Tempo: el texto se guarda en la descripción.',
    subtaskFlattened: 'Una subtarea: se importa como tarea propia.',
    commentInDescription: 'Sus comentarios se añaden a la descripción.',
  },
  title: 'Importar',
  hint: 'Trae tus listas de Todoist (una copia de seguridad: el zip con un CSV por proyecto), TickTick (una copia de seguridad en CSV), cualquier calendario (un archivo .ics) o una exportación de Tempo. Verás lo que se creará antes de que se cree nada.',
  file: 'Archivo',
  fileHint: (megabytes: number) => `Un archivo .zip, .csv, .ics o .json de ${megabytes} MB como máximo.`,
  projects: 'Los proyectos de Todoist y TickTick pasan a ser',
  projectsHint: 'Las tareas de cada proyecto se vinculan a un objetivo con su nombre, o llevan una etiqueta con su nombre.',
  projectTargets: { goals: 'Objetivos', tags: 'Etiquetas' },
  read: 'Ver vista previa',
  chooseFile: 'Elige un archivo para importar.',
  readFailed: 'No se pudo leer el archivo. Inténtalo de nuevo.',
  formats: { todoist: 'Copia de Todoist', ticktick: 'Copia de TickTick', ics: 'Archivo de calendario', tempo: 'Exportación de Tempo' },
  previewTitle: (format: string) => `Vista previa: ${format}`,
  summary: ({ tasks, goals, events, tags }: ImportCounts) =>
    `Se crearán ${[counted(tasks, 'tarea', 'tareas'), counted(goals, 'objetivo', 'objetivos'), counted(events, 'evento', 'eventos'), counted(tags, 'etiqueta', 'etiquetas')].join(', ')}.`,
  trashed: (count: number) => `${counted(count, 'elemento vuelve', 'elementos vuelven')} a la papelera.`,
  skippedCount: (count: number) => `${counted(count, 'fila se omite', 'filas se omiten')}:`,
  skippedLabel: 'Filas omitidas',
  notesCount: (count: number) => `${counted(count, 'fila se importa', 'filas se importan')} con un cambio:`,
  notesLabel: 'Filas importadas con un cambio',
  line: (line: number) => `Línea ${line}`,
  lineInFile: (file: string, line: number) => `${file}, línea ${line}`,
  twice: 'Lo que ya se importó antes del mismo archivo no se vuelve a crear.',
  confirm: 'Importar',
  cancel: 'Cancelar',
  applyFailed: 'No se pudo empezar la importación. Inténtalo de nuevo.',
  applying: 'Importando… Puedes salir de esta página: la importación continúa.',
  done: (made: number, existing: number) =>
    existing > 0
      ? `Importación terminada: ${counted(made, 'elemento creado', 'elementos creados')}, ${existing} ya existían.`
      : `Importación terminada: ${counted(made, 'elemento creado', 'elementos creados')}.`,
  doneNotice: 'Tu importación ha terminado.',
  needsConnection: 'Para importar necesitas conexión.',
} satisfies DataImportTexts;
