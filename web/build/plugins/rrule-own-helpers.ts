import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** tslib's ES module, which rrule imports its few helpers from (__assign, __extends, __spreadArray). */
const TSLIB = createRequire(import.meta.url).resolve('tslib/tslib.es6.mjs');
/** rrule's copy of tslib, apart from Amplify's: its id ends so. */
export const RRULE_HELPERS = '?rrule-helpers';

/**
 * rrule's tslib helpers in a copy of their own, which goes with the code importing it (the
 * signed-in frame), kept to the three helpers rrule uses. Sharing Amplify's copy made every
 * signed-in first visit download the whole of tslib, a file of its own (1.3 KB gzipped).
 */
export function rruleOwnHelpers(): Plugin {
  return {
    name: 'rrule-own-helpers',
    enforce: 'pre',
    resolveId: (source, importer) => (source === 'tslib' && importer && /node_modules[\\/]rrule[\\/]/.test(importer) ? TSLIB + RRULE_HELPERS : null),
  };
}
