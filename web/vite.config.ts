import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { selfHostedAudioWorklets } from './build/plugins/self-hosted-audio-worklets.ts';
import { signedInChunks } from './build/plugins/chunk-plan.ts';
import { ERROR_REPORTING_CHUNKS } from './build/plugins/error-reporting-chunks.ts';

/** Libraries in chunks named after them, so the build output shows what each page downloads; they rank above the chunk plan's groups. */
const LIBRARY_CHUNKS = [
  // Amplify's and rrule's helpers: in neither's chunk, so a page that needs one does not load the other.
  { name: 'tslib', priority: 3, test: /node_modules[\\/]tslib[\\/]/ },
  { name: 'react', priority: 2, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'amplify', priority: 2, test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk|js-cookie)[\\/]/ },
  { name: 'zod', priority: 2, test: /node_modules[\\/]zod[\\/]|zod-in-the-browser|zod-jitless/ },
  ...ERROR_REPORTING_CHUNKS,
];

const chunks = signedInChunks();

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react(), selfHostedAudioWorklets(), rruleWithoutWords(), chunks.plugin, serviceWorker()],
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
 * The web app manifest and the service worker (web/service-worker/), which the app registers itself
 * after its first paint (web/src/lib/service-worker.ts). It precaches the shell only: the pages'
 * code is cached as it is fetched, so installing costs a first visit nothing it did not download.
 */
function serviceWorker() {
  const icon = (size: number, purpose: 'any' | 'maskable') => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose });
  return VitePWA({
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
    injectManifest: { globPatterns: ['index.html', 'favicon.svg', 'icons/*.png'] },
  });
}
