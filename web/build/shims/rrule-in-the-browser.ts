/**
 * What `rrule` resolves to in the web build (web/vite.config.ts): only the two names
 * shared/recurrence.ts uses, so the rest of the package (rrulestr, RRuleSet) stays out, and its
 * English text parser is replaced by rrule-without-words.ts (the app words rules itself).
 */
export { RRule } from '../../../node_modules/rrule/dist/esm/rrule.js';
export { Weekday } from '../../../node_modules/rrule/dist/esm/weekday.js';
