/** Email pattern of spec section 5: text, at sign, text, dot, text. Free of zod: the landing page imports it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
