import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

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
    const name = new URL(response.url()).pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');
    sizes.push(response.body().then((body) => ({ name, bytes: gzipSync(body).length })));
  });
  return async () => (await Promise.all(sizes)).sort((a, b) => b.bytes - a.bytes);
}

export const totalBytes = (scripts: readonly ScriptSize[]) => scripts.reduce((sum, script) => sum + script.bytes, 0);
