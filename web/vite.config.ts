import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { selfHostedAudioWorklets } from './build/plugins/self-hosted-audio-worklets.ts';
import { signedInChunks } from './build/plugins/chunk-plan.ts';
import { ERROR_REPORTING_CHUNKS } from './build/plugins/error-reporting-chunks.ts';
import { RRULE_HELPERS, rruleOwnHelpers } from './build/plugins/rrule-own-helpers.ts';
import { dateFnsFormatOnly } from './build/plugins/date-fns-format-only.ts';

/** Libraries in chunks named after them, so the build output shows what each page downloads; they rank above the chunk plan's groups. */
const LIBRARY_CHUNKS = [
  // Amplify's helpers, in their own chunk so a page that needs them does not load Amplify; rrule has its own copy.
  { name: 'tslib', priority: 3, test: (id: string) => /node_modules[\\/]tslib[\\/]/.test(id) && !id.endsWith(RRULE_HELPERS) },
  { name: 'react', priority: 2, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'amplify', priority: 2, test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk|js-cookie)[\\/]/ },
  { name: 'zod', priority: 2, test: /node_modules[\\/]zod[\\/]|zod-in-the-browser|zod-jitless/ },
  ...ERROR_REPORTING_CHUNKS,
];

const chunks = signedInChunks();

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react(), selfHostedAudioWorklets(), rruleWithoutWords(), rruleOwnHelpers(), dateFnsFormatOnly(), chunks.plugin, serviceWorker()],
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./build/shims/zod-in-the-browser.ts', import.meta.url)) },
      { find: /^rrule$/, replacement: fileURLToPath(new URL('./build/shims/rrule-in-the-browser.ts', import.meta.url)) },
    ],
  },
  build: {
    // WEB_DIST lets parallel browser-test runs build apart (see playwright.config.ts).
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: [...LIBRARY_CHUNKS, ...chunks.groups] } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/config.json': 'http://127.0.0.1:3000' } },
});

/** Inside rrule only, its English text parser and writer give way to a stand-in (web/build/shims/rrule-without-words.ts). */
function rruleWithoutWords(): Plugin {
  const standIn = fileURLToPath(new URL('./build/shims/rrule-without-words.ts', import.meta.url));
  return {
    name: 'rrule-without-words',
    enforce: 'pre',
    resolveId: (source, importer) => (source === './nlp/index' && importer && /node_modules[\\/]rrule[\\/]/.test(importer) ? standIn : null),
  };
}

/**
 * Code used only with the network, which the service worker need not keep for offline use: the
 * ElevenLabs voice client (with the LiveKit client it brings) and Sentry's session replay.
 */
const ONLINE_ONLY_CODE =
  /node_modules[\\/](@elevenlabs|livekit-client|@sentry-internal[\\/]replay|@sentry[\\/]replay)[\\/]|web[\\/]src[\\/]lib[\\/]error-reporting[\\/]session-replay\.ts$/;

/**
 * The web app manifest and the service worker (web/service-worker/), which the app registers itself
 * after its first paint (web/src/lib/service-worker.ts). The worker's list holds the shell and every
 * built file but the chunks holding only online-only code (told by their modules as the bundle is
 * written, below): the worker precaches the shell and fetches the rest into its assets cache after it activates, so a page or an
 * editor never opened online still opens offline.
 */
function serviceWorker(): Plugin[] {
  const icon = (size: number, purpose: 'any' | 'maskable') => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose });
  const onlineOnly = new Set<string>();
  const onlineOnlyChunks: Plugin = {
    name: 'online-only-chunks',
    apply: 'build',
    generateBundle(_, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && output.moduleIds.length > 0 && output.moduleIds.every((id) => ONLINE_ONLY_CODE.test(id)))
          onlineOnly.add(output.fileName);
      }
    },
  };
  const pwa = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'service-worker',
    filename: 'service-worker.ts',
    injectRegister: false,
    manifest: {
      name: 'Tempo',
      short_name: 'Tempo',
      description: 'Goals, tasks and calendar, with a voice assistant',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#17123a',
      background_color: '#f6f5fb',
      icons: [icon(192, 'any'), icon(512, 'any'), icon(192, 'maskable'), icon(512, 'maskable')],
    },
    injectManifest: {
      globPatterns: ['index.html', 'favicon.svg', 'icons/*.png', 'assets/*.{js,css}'],
      // The SW is built once the app's bundle is written (closeBundle), so the set is complete by then.
      manifestTransforms: [(entries) => ({ manifest: entries.filter((entry) => !onlineOnly.has(entry.url)), warnings: [] })],
    },
  });
  return [onlineOnlyChunks, ...pwa];
}
