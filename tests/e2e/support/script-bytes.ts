import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** Counts the gzipped bytes of every script the page downloads from now on; call the answer to total them. */
export function countScriptBytes(page: Page): () => Promise<number> {
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') sizes.push(response.body().then((body) => gzipSync(body).length));
  });
  return async () => (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
}
