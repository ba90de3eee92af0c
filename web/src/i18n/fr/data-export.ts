/** Français : Paramètres → Exporter mes données (see ../en/data-export.ts). */
import type { DataExportTexts } from '../catalogue-types';

export default {
  messages: {
    busy: 'Votre export est encore en préparation. Il sera prêt dans un instant.',
    notReady: 'Cet export n’est pas prêt ou n’est plus conservé. Faites-en un nouveau.',
  },
  title: 'Exporter mes données',
  hint: 'Téléchargez tout ce que vous gardez dans Tempo : objectifs, tâches, événements avec leurs répétitions, étiquettes, la corbeille, vos paramètres et rappels, et les changements récents de l’assistant. Vous obtenez un fichier zip : les données en JSON, que Tempo peut importer à nouveau, vos événements en fichier d’agenda (.ics) et vos tâches en tableur (.csv).',
  loadFailed: 'Impossible de charger votre dernier export.',
  export: 'Exporter mes données',
  exportAgain: 'Faire un nouvel export',
  startFailed: 'Impossible de lancer l’export. Veuillez réessayer.',
  building: 'Votre export est en préparation. Vous pouvez quitter cette page : il apparaîtra ici quand il sera prêt.',
  ready: (made: string, size: string, until: string) => `Votre export du ${made} est prêt (${size}). Vous pouvez le télécharger jusqu’au ${until}.`,
  readyNotice: 'Votre export est prêt à être téléchargé.',
  download: 'Télécharger',
  downloadFailed: 'Impossible de télécharger l’export. Veuillez réessayer.',
  failures: {
    too_large: 'Vos données dépassent ce qu’un export peut contenir. Videz la corbeille ou supprimez ce dont vous n’avez plus besoin, puis réessayez.',
    failed: 'L’export n’a pas pu être fait. Veuillez réessayer.',
  },
  needsConnection: 'Exporter vos données nécessite une connexion.',
} satisfies DataExportTexts;
