import { createHash } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The functions' logger, Powertools for AWS Lambda's: one JSON line per entry (level, message,
 * timestamp, service, errors with their stack), and in an API handler the Lambda's request id,
 * cold start and the API request id as correlation id (platform/http.ts adds them).
 */
export const logger = new Logger({ serviceName: 'tempo' });

/**
 * An error as a log line may hold it: its name, message and stack, and its cause's. Never its other
 * fields: a Google client error carries the request it made (headers with the access token among
 * them) and the whole answer.
 */
function loggable(error: Error): Record<string, unknown> {
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    ...(error.cause instanceof Error ? { cause: loggable(error.cause) } : {}),
  };
}

/** A log line's own fields; Powertools keeps these keys for itself and drops a field under one of them, so they are refused here. */
type Fields = Record<string, unknown> & { [key in 'level' | 'message' | 'sampling_rate' | 'service' | 'timestamp']?: never };

const safe = (fields: Fields) => Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value instanceof Error ? loggable(value) : value]));

export const log = {
  info: (message: string, fields: Fields = {}) => logger.info(message, safe(fields)),
  warn: (message: string, fields: Fields = {}) => logger.warn(message, safe(fields)),
  error: (message: string, fields: Fields = {}) => logger.error(message, safe(fields)),
};

/**
 * A stand-in for a person's address in logs, which must not hold it: the same address (in any
 * case) always gives the same short hash, so entries about one person can still be found together.
 */
export function addressHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}
