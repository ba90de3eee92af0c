/** Email pattern the specification gives: text, at sign, text, dot, text. Free of zod: the landing page imports it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
