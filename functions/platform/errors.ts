import type { z } from 'zod';
import { API_ERRORS, MESSAGES, messageKeyOf } from '../../shared/messages';

export type ErrorCode =
  | 'invalid_json'
  | 'validation_failed'
  | 'unauthorized'
  | 'not_found'
  | 'conflict'
  | 'version_mismatch'
  | 'idempotency_in_progress'
  | 'idempotency_key_reused'
  | 'payload_too_large'
  | 'rate_limited'
  | 'upstream_failed'
  | 'not_configured'
  | 'voice_not_configured'
  | 'demo_limit'
  | 'token_not_allowed'
  | 'insufficient_scope'
  /** The request needs a recent sign-in (its token's `auth_time`): deleting the account. */
  | 'sign_in_again'
  | 'internal';

/** An error the API answers as `{ error: { code, message, fields?, ...details } }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers: Record<string, string> = {},
    /** What the client needs beside the message to act on it (a version mismatch's item as it is now). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /**
   * With the stable keys of the texts (shared/messages.ts), so clients can show them in the person's
   * language. A 401 speaks as API Gateway's JWT authorizer does (`{ message: 'Unauthorized' }`):
   * a token the authorizer passed but the API refuses (its session was ended) is answered in the
   * one shape docs/openapi.json gives every 401.
   */
  toBody(): { message: string } | { error: Record<string, unknown> } {
    if (this.status === 401) return { message: GATEWAY_UNAUTHORIZED };
    const messageKey = messageKeyOf(this.message);
    const fieldKeys = this.fields && keysOf(this.fields);
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(messageKey ? { message_key: messageKey } : {}),
        ...(this.fields ? { fields: this.fields } : {}),
        ...(fieldKeys && Object.keys(fieldKeys).length > 0 ? { field_keys: fieldKeys } : {}),
        ...this.details,
      },
    };
  }
}

function keysOf(fields: Record<string, string>): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const key = messageKeyOf(message);
    if (key) keys[field] = key;
  }
  return keys;
}

/** 429 for a quota used up, with when to try again (Retry-After, in seconds). */
export const quotaUsedUp = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', message, undefined, { 'retry-after': String(retryAfterSeconds) });

export const notFound = () => new HttpError(404, 'not_found', API_ERRORS.notFound);
/** API Gateway's JWT authorizer's answer to a missing or invalid token. */
const GATEWAY_UNAUTHORIZED = 'Unauthorized';
export const unauthorized = () => new HttpError(401, 'unauthorized', API_ERRORS.unauthorized);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, 'conflict', message, fields);
/** 412 for a write whose If-Match names a version the item has left; `current` is the item as GET answers it now. */
export const versionMismatch = (current: unknown) => new HttpError(412, 'version_mismatch', API_ERRORS.versionMismatch, undefined, {}, { current });

/** A 400 for one field, with the field's own message as the headline. */
export function invalidField(field: string, message: string): HttpError {
  return new HttpError(400, 'validation_failed', message, { [field]: message });
}

/** A 400 listing every invalid field; the first field's message is the headline. */
export function validationError(error: z.ZodError, prefix: string[] = []): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...prefix, ...issue.path.map(String), key].join('.')] = MESSAGES.unknownField;
      continue;
    }
    const path = [...prefix, ...issue.path.map(String)].join('.') || 'body';
    fields[path] ??= issue.message;
  }
  const headline = Object.values(fields)[0] ?? API_ERRORS.validation;
  return new HttpError(400, 'validation_failed', headline, fields);
}
