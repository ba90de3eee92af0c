import type { Plugin } from 'vite';

/** What a date-fns locale (date-fns/locale/<code>.js) holds for parsing and for words of distance, which `format` never reads. */
const UNUSED_LOCALE_PART = /^\.\/[\w-]+\/_lib\/(match|formatDistance|formatRelative)\.js$/;
const STAND_IN = '\0date-fns-format-only';

/**
 * The app only formats with date-fns (web/src/lib/zoned-dates.ts), which reads a locale's month and
 * day names, its long formats and its options. Inside the locales only, their parsing patterns and
 * their "3 days ago" words give way to a stand-in: the English ones (the default locale, in every
 * page's first download) were some 2 KB gzipped.
 */
export function dateFnsFormatOnly(): Plugin {
  return {
    name: 'date-fns-format-only',
    enforce: 'pre',
    resolveId: (source, importer) =>
      importer && /node_modules[\\/]date-fns[\\/]locale[\\/][\w-]+\.js$/.test(importer) && UNUSED_LOCALE_PART.test(source) ? STAND_IN : null,
    load: (id) =>
      id === STAND_IN
        ? [
            "const leftOut = () => { throw new Error('date-fns: the web build keeps formatting only (web/build/plugins/date-fns-format-only.ts)'); };",
            'export const match = {};',
            'export const formatDistance = leftOut;',
            'export const formatRelative = leftOut;',
          ].join('\n')
        : null,
  };
}
