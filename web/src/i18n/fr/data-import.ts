/** Français : Paramètres → Importer (see ../en/data-import.ts). */
import type { ImportCounts } from '../../../../shared/imports.schema';
import type { DataImportTexts } from '../catalogue-types';

const counted = (count: number, one: string, other: string) => `${count} ${count <= 1 ? one : other}`;

export default {
  messages: {
    tooLarge: 'Le fichier dépasse 4 Mo.',
    empty: 'Le fichier est vide.',
    wrongKind:
      'Tempo ne peut pas importer ce fichier : choisissez une sauvegarde Todoist (zip ou CSV), une sauvegarde TickTick (CSV), un fichier .ics ou un export Tempo.',
    malformed: 'Le fichier n’a pas pu être lu : il est endommagé ou n’est pas au format annoncé.',
    zipTooLarge: 'L’archive décompressée dépasse ce que Tempo lit d’un fichier.',
    tooManyItems: 'Le fichier contient plus de 10 000 éléments : découpez-le et importez chaque partie.',
    nothingToImport: 'Le fichier ne contient rien à importer.',
    notPreviewed: 'Cette importation a déjà été confirmée.',
    demo: 'Un compte de démonstration ne peut pas importer de fichiers.',
    noTitle: 'Il n’a pas de titre.',
    badDate: 'Sa date n’a pas pu être lue.',
    notAnItem: 'Ce n’est pas une tâche.',
    invalid: 'Il ne tient pas dans Tempo (un texte trop long ou une valeur hors limites).',
    tooMany: 'Le fichier contient plus d’éléments qu’une importation n’en accepte.',
    repeatInDescription: 'Sa répétition ne correspond à aucune de Tempo : le texte est gardé dans la description.',
    subtaskFlattened: 'Une sous-tâche : importée comme une tâche à part entière.',
    commentInDescription: 'Ses commentaires sont ajoutés à la description.',
  },
  title: 'Importer',
  hint: 'Apportez vos listes depuis Todoist (une sauvegarde : le zip d’un fichier CSV par projet), TickTick (une sauvegarde CSV), n’importe quel agenda (un fichier .ics) ou un export Tempo. Vous voyez ce qui sera créé avant que rien ne le soit.',
  file: 'Fichier',
  fileHint: (megabytes: number) => `Un fichier .zip, .csv, .ics ou .json de ${megabytes} Mo au plus.`,
  projects: 'Les projets Todoist et TickTick deviennent',
  projectsHint: 'Les tâches de chaque projet sont liées à un objectif portant son nom, ou portent une étiquette à son nom.',
  projectTargets: { goals: 'Des objectifs', tags: 'Des étiquettes' },
  read: 'Aperçu de l’importation',
  chooseFile: 'Choisissez un fichier à importer.',
  readFailed: 'Le fichier n’a pas pu être lu. Veuillez réessayer.',
  formats: { todoist: 'Sauvegarde Todoist', ticktick: 'Sauvegarde TickTick', ics: 'Fichier d’agenda', tempo: 'Export Tempo' },
  previewTitle: (format: string) => `Aperçu : ${format}`,
  summary: ({ tasks, goals, events, tags }: ImportCounts) =>
    `${[counted(tasks, 'tâche', 'tâches'), counted(goals, 'objectif', 'objectifs'), counted(events, 'événement', 'événements'), counted(tags, 'étiquette', 'étiquettes')].join(', ')} seront créés.`,
  trashed: (count: number) => `${counted(count, 'élément retourne', 'éléments retournent')} dans la corbeille.`,
  skippedCount: (count: number) => `${counted(count, 'ligne est écartée', 'lignes sont écartées')} :`,
  skippedLabel: 'Lignes écartées',
  notesCount: (count: number) => `${counted(count, 'ligne est importée', 'lignes sont importées')} avec un changement :`,
  notesLabel: 'Lignes importées avec un changement',
  line: (line: number) => `Ligne ${line}`,
  lineInFile: (file: string, line: number) => `${file}, ligne ${line}`,
  twice: 'Ce qui a déjà été importé du même fichier n’est pas créé une seconde fois.',
  confirm: 'Importer',
  cancel: 'Annuler',
  applyFailed: 'L’importation n’a pas pu démarrer. Veuillez réessayer.',
  applying: 'Importation en cours… Vous pouvez quitter cette page : l’importation continue.',
  done: (made: number, existing: number) =>
    existing > 0
      ? `Importation terminée : ${counted(made, 'élément créé', 'éléments créés')}, ${existing} déjà présents.`
      : `Importation terminée : ${counted(made, 'élément créé', 'éléments créés')}.`,
  doneNotice: 'Votre importation est terminée.',
  needsConnection: 'L’importation nécessite une connexion.',
} satisfies DataImportTexts;
