/** Español: Ajustes → Exportar mis datos (see ../en/data-export.ts). */
import type { DataExportTexts } from '../catalogue-types';

export default {
  messages: {
    busy: 'Tu exportación aún se está preparando. Estará lista en un momento.',
    notReady: 'Esta exportación no está lista o ya no se guarda. Haz una nueva.',
  },
  title: 'Exportar mis datos',
  hint: 'Descarga todo lo que guardas en Tempo: objetivos, tareas, eventos con sus repeticiones, etiquetas, la papelera, tus ajustes y recordatorios, y los cambios recientes del asistente. Recibes un archivo zip: los datos en JSON, que Tempo puede volver a importar, tus eventos como archivo de calendario (.ics) y tus tareas como hoja de cálculo (.csv).',
  loadFailed: 'No se pudo cargar tu última exportación.',
  export: 'Exportar mis datos',
  exportAgain: 'Hacer una nueva exportación',
  startFailed: 'No se pudo iniciar la exportación. Inténtalo de nuevo.',
  building: 'Tu exportación se está preparando. Puedes salir de esta página: aparecerá aquí cuando esté lista.',
  ready: (made: string, size: string, until: string) => `Tu exportación del ${made} está lista (${size}). Puedes descargarla hasta el ${until}.`,
  readyNotice: 'Tu exportación está lista para descargar.',
  download: 'Descargar',
  downloadFailed: 'No se pudo descargar la exportación. Inténtalo de nuevo.',
  failures: {
    too_large: 'Tus datos superan lo que cabe en una exportación. Vacía la papelera o elimina lo que ya no necesites e inténtalo de nuevo.',
    failed: 'No se pudo hacer la exportación. Inténtalo de nuevo.',
  },
  needsConnection: 'Exportar tus datos necesita conexión.',
} satisfies DataExportTexts;
