import { DATA_EXPORT_MESSAGES } from '../../../../shared/data-export';

/** English: Settings → Export my data, loaded with that section only (read by few, and every signed-in page downloads the app part). */
export default {
  /** The API's messages, as it answers them. */
  messages: DATA_EXPORT_MESSAGES,
  title: 'Export my data',
  hint: 'Download everything you keep in Tempo: goals, tasks, events with their repeats, tags, the trash, your settings and reminders, and the assistant’s recent changes. You get one zip file: the data as JSON, which Tempo can import again, your events as a calendar file (.ics) and your tasks as a spreadsheet (.csv).',
  loadFailed: 'Could not load your latest export.',
  export: 'Export my data',
  exportAgain: 'Make a new export',
  startFailed: 'Could not start the export. Please try again.',
  building: 'Your export is being made. You can leave this page: it will be listed here when it is ready.',
  ready: (made: string, size: string, until: string) => `Your export of ${made} is ready (${size}). You can download it until ${until}.`,
  readyNotice: 'Your export is ready to download.',
  download: 'Download',
  downloadFailed: 'Could not download the export. Please try again.',
  failures: {
    too_large: 'Your data is more than one export can hold. Empty the trash or delete what you no longer need, then try again.',
    failed: 'The export could not be made. Please try again.',
  },
  needsConnection: 'Exporting your data needs a connection.',
} as const;
