import { fileURLToPath } from 'node:url';

const functionsDir = fileURLToPath(new URL('../functions/', import.meta.url));

/**
 * Loads a function's `handler` from functions/<path>.ts, as the CDK bundles it. The path is built
 * at run time, so the module loader (tsx or Vite) resolves it like any other file.
 */
export function loadHandler<T>(path: string): Promise<T> {
  let handler = loaded.get(path);
  if (!handler) {
    handler = import(`${functionsDir}${path}.ts`).then((module: { handler: unknown }) => module.handler);
    loaded.set(path, handler);
  }
  return handler as Promise<T>;
}

/** Like a warm Lambda: a function's module is loaded once and its handler reused. */
const loaded = new Map<string, Promise<unknown>>();
