import { createHash } from 'node:crypto';
import { now } from './clock';

/** One JSON line per entry, as CloudWatch Logs and the local stack both read well. */
function write(level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown> = {}): void {
  const entry: Record<string, unknown> = { level, message, time: now().toISOString() };
  for (const [key, value] of Object.entries(fields)) {
    entry[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  (level === 'error' ? console.error : console.log)(JSON.stringify(entry));
}

export const log = {
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/**
 * A stand-in for a person's address in logs, which must not hold it: the same address (in any
 * case) always gives the same short hash, so entries about one person can still be found together.
 */
export function addressHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}
