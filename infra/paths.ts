import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so synth works from any working directory. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The lock file esbuild bundling resolves dependencies against. */
export const LOCK_FILE = join(REPO_ROOT, 'package-lock.json');

/** The built SPA that the web stack uploads, when it has been built. */
export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');

/** A function's source file: `source` is its path under functions/ without the extension. */
export function functionEntry(source: string): string {
  return join(REPO_ROOT, 'functions', `${source}.ts`);
}
