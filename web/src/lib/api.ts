import type { z } from 'zod';
import { API_ERRORS } from '../../../shared/messages';

/** An API answer other than 2xx: the status, the API's message, and its message per field if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sends the signed-in user's id token; every route but the public ones needs it. */
  signedIn?: boolean;
  /** Checks the answer's shape; without it the answer is trusted as `T`. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

/**
 * One call to the API on this origin. Failures throw an ApiError carrying the message of either
 * error shape the API answers: the handlers' `{ error: { code, message, fields } }` or API
 * Gateway's own `{ message }` (authorizer 401, stage throttle 429). Network failures throw as fetch does.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.signedIn) headers.authorization = `Bearer ${await currentIdToken()}`;

  const response = await fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, payload);
  return options.schema ? options.schema.parse(payload) : (payload as T);
}

/**
 * The signed-in user's id token, or null without a session. Amplify is loaded on demand so public
 * pages never download it; the auth feature has configured it by then.
 */
export async function sessionIdToken(): Promise<string | null> {
  const { fetchAuthSession } = await import('aws-amplify/auth');
  return (await fetchAuthSession().catch(() => null))?.tokens?.idToken?.toString() ?? null;
}

async function currentIdToken(): Promise<string> {
  const token = await sessionIdToken();
  if (!token) throw new ApiError(401, API_ERRORS.unauthorized, 'unauthorized');
  return token;
}

function toApiError(status: number, payload: unknown): ApiError {
  const body = isRecord(payload) ? payload : {};
  const error = isRecord(body.error) ? body.error : {};
  const message = stringOr(error.message, stringOr(body.message, `Request failed with status ${status}`));
  const fields = isRecord(error.fields)
    ? Object.fromEntries(Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
  return new ApiError(status, message, typeof error.code === 'string' ? error.code : null, fields);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.length > 0 ? value : fallback;
}
