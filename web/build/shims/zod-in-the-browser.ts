/**
 * What `zod` resolves to in the web build (web/vite.config.ts): zod itself, once `zod-jitless` has
 * run, which must happen before any schema is built (zod decides per schema when it is made).
 */
import './zod-jitless';
export * from 'zod/v4';
export { default } from 'zod/v4';
