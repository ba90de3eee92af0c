import { fileURLToPath } from 'node:url';

const functionsDir = fileURLToPath(new URL('../functions/', import.meta.url));

/**
 * Loads a function's `handler` from functions/<path>.ts, as the CDK bundles it. The path is built
 * at run time, so the module loader (tsx or Vite) resolves it like any other file.
 */
export async function loadHandler<T>(path: string): Promise<T> {
  const module = (await import(`${functionsDir}${path}.ts`)) as { handler: T };
  return module.handler;
}
