import type { z } from 'zod';
import { API_ERRORS } from '../../shared/messages';

export type ErrorCode =
  | 'invalid_json'
  | 'validation_failed'
  | 'unauthorized'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'upstream_failed'
  | 'not_configured'
  | 'voice_not_configured'
  | 'internal';

/** An error the API answers as `{ error: { code, message, fields? } }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody() {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

/** 429 for a quota used up, with when to try again (Retry-After, in seconds). */
export const quotaUsedUp = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', message, undefined, { 'retry-after': String(retryAfterSeconds) });

export const notFound = () => new HttpError(404, 'not_found', API_ERRORS.notFound);
export const unauthorized = () => new HttpError(401, 'unauthorized', API_ERRORS.unauthorized);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, 'conflict', message, fields);

/** A 400 for one field, with the field's own message as the headline. */
export function invalidField(field: string, message: string): HttpError {
  return new HttpError(400, 'validation_failed', message, { [field]: message });
}

/** A 400 listing every invalid field; the first field's message is the headline. */
export function validationError(error: z.ZodError, prefix: string[] = []): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...prefix, ...issue.path.map(String), key].join('.')] = 'Unknown field';
      continue;
    }
    const path = [...prefix, ...issue.path.map(String)].join('.') || 'body';
    fields[path] ??= issue.message;
  }
  const headline = Object.values(fields)[0] ?? API_ERRORS.validation;
  return new HttpError(400, 'validation_failed', headline, fields);
}
