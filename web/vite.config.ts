import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { selfHostedAudioWorklets } from './audio-worklets.ts';

/** Libraries in chunks named after them, so the build output shows what each page downloads. */
const LIBRARY_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk|tslib|js-cookie)[\\/]/ },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|zod-in-the-browser|zod-jitless/ },
];

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react(), selfHostedAudioWorklets()],
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-in-the-browser.ts', import.meta.url)) }] },
  build: {
    // WEB_DIST lets parallel browser-test runs build apart (see playwright.config.ts).
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: LIBRARY_CHUNKS } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/config.json': 'http://127.0.0.1:3000' } },
});
