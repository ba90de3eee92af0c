import { GCAL_MESSAGES } from '../../shared/gcal';
import { HttpError } from '../platform/errors';
import { log } from '../platform/log';
import { loadSecrets } from '../platform/secrets';
import { appOrigin } from '../platform/site';

/**
 * Where Google is and who we are to it, from the environment. Every Google address can be
 * overridden so the tests and the local stack talk to the Google double instead.
 */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** The Calendar API root; the client library appends `calendar/v3/...`. */
  calendarRootUrl: string;
  /** The public callback route, registered with the OAuth client in Google's console. */
  redirectUri: string;
}

const GOOGLE_DEFAULTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  calendarRootUrl: 'https://www.googleapis.com/',
} as const;

/** Without these the server cannot hold a connection; TOKEN_ENCRYPTION_KEY is checked with them. */
const REQUIRED = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'TOKEN_ENCRYPTION_KEY'] as const;

// At cold start, before any Google call: the two secrets come from Secrets Manager in AWS.
await loadSecrets(['GOOGLE_CLIENT_SECRET', 'TOKEN_ENCRYPTION_KEY']);

export function isGoogleConfigured(): boolean {
  return REQUIRED.every((name) => Boolean(process.env[name]));
}

/** The configuration, or a 503 with 'Google Calendar is not configured on this server'. */
export function googleConfig(): GoogleConfig {
  if (!isGoogleConfigured()) {
    log.warn('Google Calendar is not configured', { missing: REQUIRED.filter((name) => !process.env[name]) });
    throw new HttpError(503, 'not_configured', GCAL_MESSAGES.notConfigured);
  }
  const env = process.env;
  return {
    clientId: env.GOOGLE_CLIENT_ID!,
    clientSecret: env.GOOGLE_CLIENT_SECRET!,
    authUrl: env.GOOGLE_OAUTH_BASE_URL ?? GOOGLE_DEFAULTS.authUrl,
    tokenUrl: env.GOOGLE_TOKEN_URL ?? GOOGLE_DEFAULTS.tokenUrl,
    revokeUrl: env.GOOGLE_REVOKE_URL ?? GOOGLE_DEFAULTS.revokeUrl,
    calendarRootUrl: env.GOOGLE_CALENDAR_ROOT_URL ?? GOOGLE_DEFAULTS.calendarRootUrl,
    redirectUri: `${appOrigin()}/api/gcal/callback`,
  };
}
