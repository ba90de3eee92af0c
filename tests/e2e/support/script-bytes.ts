import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { ERROR_REPORTING_CHUNK_NAMES } from '../../../web/build/plugins/error-reporting-chunks';

export interface ScriptSize {
  /** The file's name, its content hash left out: "react", "dashboard", "app" (a catalogue). */
  name: string;
  /** Gzipped, as the network carries it. */
  bytes: number;
}

/** Records every script the page downloads from now on; call the answer for each one's gzipped size, largest first. */
export function recordScripts(page: Page): () => Promise<ScriptSize[]> {
  const sizes: Promise<ScriptSize>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.push(response.body().then((body) => ({ name: scriptName(response.url()), bytes: gzipSync(body).length })));
  });
  return async () => (await Promise.all(sizes)).sort((a, b) => b.bytes - a.bytes);
}

export const totalBytes = (scripts: readonly ScriptSize[]) => scripts.reduce((sum, script) => sum + script.bytes, 0);

/** A built file's content hash and extension, left out of the names. */
const HASH_AND_EXTENSION = /-[\w-]{8}\.js$/;
/** Session replay's compression worker, made from a blob: URL (the only worker the app makes so: shared/content-security-policy.ts). */
const REPLAY_WORKER = 'sentry-replay worker';
const scriptName = (url: string) => (url.startsWith('blob:') ? REPLAY_WORKER : new URL(url).pathname.replace(/^.*\//, '').replace(HASH_AND_EXTENSION, ''));

/**
 * Error reporting's chunks (web/build/plugins/error-reporting-chunks.ts) and replay's worker: fetched once the page has
 * painted and the browser is idle, and only with a DSN. The first-visit budgets count every other
 * script a first visit downloads until the network is idle; these are reported beside them.
 */
export const isErrorReporting = (script: ScriptSize) => ERROR_REPORTING_CHUNK_NAMES.includes(script.name) || script.name === REPLAY_WORKER;

/** How long after the page's first contentful paint each of error reporting's chunks began to download, in ms. */
export function errorReportingStarts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    ([names, pattern]) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
      const starts: Record<string, number> = {};
      for (const entry of performance.getEntriesByType('resource')) {
        const name = new URL(entry.name).pathname.replace(/^.*\//, '').replace(new RegExp(pattern), '');
        if (names.includes(name)) starts[name] = entry.startTime - paint;
      }
      return starts;
    },
    [ERROR_REPORTING_CHUNK_NAMES, HASH_AND_EXTENSION.source] as const,
  );
}
