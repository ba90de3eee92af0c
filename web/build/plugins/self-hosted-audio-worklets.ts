import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { AUDIO_WORKLETS } from '../../src/features/voice/lib/audio-worklet-paths.ts';

const require = createRequire(import.meta.url);

/**
 * Serves @elevenlabs/client's audio worklets from the app's own origin, at the paths of
 * AUDIO_WORKLETS: written into the build, and answered by the dev server. The library ships the
 * worklets' code as strings in generated modules; libsamplerate's worklet is a file of its package.
 */
export function selfHostedAudioWorklets(): Plugin {
  let files: Map<string, string> | undefined;
  const load = async () => (files ??= await workletFiles());
  return {
    name: 'self-hosted-audio-worklets',
    async generateBundle() {
      for (const [path, source] of await load()) this.emitFile({ type: 'asset', fileName: path.slice(1), source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        void load().then((sources) => {
          const source = request.url ? sources.get(request.url) : undefined;
          if (!source) return next();
          response.setHeader('content-type', 'text/javascript; charset=utf-8');
          response.end(source);
        }, next);
      });
    },
  };
}

async function workletFiles(): Promise<Map<string, string>> {
  const generated = join(dirname(require.resolve('@elevenlabs/client')), 'platform', 'web');
  const { workletPaths, libsampleratePath } = AUDIO_WORKLETS;
  return new Map([
    [workletPaths.rawAudioProcessor, await generatedWorklet(join(generated, 'rawAudioProcessor.generated.js'))],
    [workletPaths.audioConcatProcessor, await generatedWorklet(join(generated, 'audioConcatProcessor.generated.js'))],
    [libsampleratePath, readFileSync(join(dirname(require.resolve('@alexanderolsen/libsamplerate-js')), 'libsamplerate.worklet.js'), 'utf8')],
  ]);
}

/**
 * The worklet code of one generated module (`export const loadX = createWorkletModuleLoader("x",
 * `...code...`)`), read by running the module with a loader that hands the code back.
 */
async function generatedWorklet(file: string): Promise<string> {
  const module = readFileSync(file, 'utf8').replace(
    /^import \{ createWorkletModuleLoader \} from .*$/m,
    'const createWorkletModuleLoader = (_name, code) => code;',
  );
  const exported: Record<string, unknown> = await import(`data:text/javascript;base64,${Buffer.from(module).toString('base64')}`);
  const [code] = Object.values(exported);
  if (typeof code !== 'string' || !code.includes('registerProcessor(')) throw new Error(`no worklet code found in ${file}`);
  return code;
}
