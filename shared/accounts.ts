import { PASSWORD_MIN_LENGTH, RESET_CODE } from './constants';

/** The password rules, in the order of the live checklist. Sign-in and sign-up follow them too. */
export const PASSWORD_RULES = [
  { id: 'length', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'upper', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', test: (p: string) => /\d/.test(p) },
  { id: 'special', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export function passwordMeetsRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/** The code input keeps digits only, at most six. */
export function sanitizeResetCode(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, RESET_CODE.digits);
}

export function isResetCode(code: string): boolean {
  return new RegExp(`^\\d{${RESET_CODE.digits}}$`).test(code);
}
