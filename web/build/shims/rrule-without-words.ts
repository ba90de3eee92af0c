/** Stands in for rrule's nlp module in the web build (see rrule-in-the-browser.ts): the app never asks rrule for words. */
const unused = (): never => {
  throw new Error('rrule text conversion is not part of the web build');
};
export const fromText = unused;
export const parseText = unused;
export const toText = unused;
export const isFullyConvertible = unused;
