/** An email address is text, at sign, text, dot, text. Free of zod: the landing page imports it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
