import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import type { GoogleConfig } from './config';

/** The Google clients, pointed wherever the configuration says, and what their failures mean. */

export type CalendarApi = calendar_v3.Calendar;
/** google-auth-library's OAuth2 client, the copy @googleapis/calendar is typed against. */
export type OAuth2Client = InstanceType<typeof auth.OAuth2>;
export type GoogleEvent = calendar_v3.Schema$Event;

/** The one calendar the product syncs with and mirrors to. */
export const CALENDAR_ID = 'primary';

export function oauthClient(config: GoogleConfig): OAuth2Client {
  return new auth.OAuth2({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: config.redirectUri,
    endpoints: { oauth2AuthBaseUrl: config.authUrl, oauth2TokenUrl: config.tokenUrl, oauth2RevokeUrl: config.revokeUrl },
  });
}

export function calendarApi(client: OAuth2Client, config: GoogleConfig): CalendarApi {
  // No retries inside the library: a failed sync is answered to the person who asked, and a failed
  // mirror is retried by the bus with backoff, then dead-lettered.
  return calendar({
    version: 'v3',
    auth: client,
    rootUrl: config.calendarRootUrl,
    retry: false,
  });
}

interface GoogleErrorShape {
  status?: number;
  response?: { status?: number; data?: unknown };
}

/** Google's answer status of a failed call, whichever copy of gaxios made the error. */
export function googleStatus(error: unknown): number | undefined {
  const shape = error as GoogleErrorShape | undefined;
  return shape?.response?.status ?? shape?.status;
}

type ErrorBody = { error?: string | { errors?: Array<{ reason?: string }> } } | undefined;
const errorBody = (error: unknown) => (error as GoogleErrorShape | undefined)?.response?.data as ErrorBody;

/** The `error.errors[].reason` values of a Calendar API error body, or the OAuth `error` code. */
function googleReasons(error: unknown): string[] {
  const data = errorBody(error);
  if (typeof data?.error === 'string') return [data.error];
  return (data?.error?.errors ?? []).map((entry) => entry.reason ?? '');
}

/**
 * The Calendar API refused the access token. (The token endpoint's own 401, invalid_client, is a
 * fault of this server's configuration, not of the user's connection: it does not count.)
 */
export function isCalendarUnauthorized(error: unknown): boolean {
  return googleStatus(error) === 401 && typeof errorBody(error)?.error !== 'string';
}

const RATE_LIMIT_REASONS = ['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded'];

export type GoogleFailureKind = 'access-lost' | 'forbidden' | 'rate-limited' | 'unavailable';

/** A Google failure, classified; anything not classified is a defect here and stays as it was. */
export class GoogleFailure extends Error {
  constructor(
    readonly kind: GoogleFailureKind,
    cause: unknown,
  ) {
    super(`Google Calendar failure: ${kind}`, { cause });
    this.name = 'GoogleFailure';
  }
}

/**
 * What a failed Google call means for the user. A 401 reaching here already had its one refresh
 * and retry; 400 invalid_grant is a refresh token that was revoked or has expired. Google answers
 * rate limits with 403 as well as 429, told apart by the reason.
 */
export function classifyGoogleError(error: unknown): GoogleFailure | undefined {
  const status = googleStatus(error);
  const reasons = googleReasons(error);
  if (reasons.includes('invalid_grant') || isCalendarUnauthorized(error)) return new GoogleFailure('access-lost', error);
  if (status === 429 || (status === 403 && reasons.some((reason) => RATE_LIMIT_REASONS.includes(reason)))) {
    return new GoogleFailure('rate-limited', error);
  }
  if (status === 403) return new GoogleFailure('forbidden', error);
  if (status !== undefined && status >= 500) return new GoogleFailure('unavailable', error);
  if (status === undefined && isNetworkFailure(error)) return new GoogleFailure('unavailable', error);
  return undefined;
}

/**
 * How long Google's Retry-After header (seconds, or an HTTP date) asks a caller to wait, or
 * undefined when it says nothing; whichever copy of gaxios made the error (headers as a Headers
 * object or as a plain record).
 */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
  const headers = (error as { response?: { headers?: Headers | Record<string, string> } } | undefined)?.response?.headers;
  const value = headers instanceof Headers ? headers.get('retry-after') : headers?.['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** No answer at all (refused, reset, timed out): gaxios' error then carries the request, but no response. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof Error && 'config' in error;
}
