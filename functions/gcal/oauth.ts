import { GCAL_MESSAGES, GCAL_RETURN, GCAL_SCOPES, type GcalConnectFailure } from '../../shared/gcal';
import { publish } from '../platform/bus';
import { log } from '../platform/log';
import { appOrigin } from '../platform/site';
import { googleConfig } from './config';
import { setGcalConnected } from '../settings/account-settings';
import { oauthClient } from './google';
import { startAttempt, takeAttempt } from './oauth-state.repository';
import { deleteSyncState } from './sync-state.repository';
import { getConnection, grantedScopes, grantsCalendar, hasWriteAccess, openTokens, recordInitialSync, saveConnection } from './tokens.repository';

/**
 * The server side of Google's OAuth code flow: the address Connect sends the browser to, and the
 * callback Google sends it back to.
 */

/**
 * Google's consent page for the read-only calendar scope, offline access (a refresh token) and a
 * consent prompt (so Google sends the refresh token again on a reconnect). `write` adds the events
 * scope by incremental consent: what was granted before is kept.
 */
export async function startConnecting(userId: string, write: boolean, now: Date): Promise<{ url: string; state: string }> {
  const config = googleConfig();
  const state = await startAttempt(userId, now);
  const url = oauthClient(config).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: write ? [GCAL_SCOPES.read, GCAL_SCOPES.write] : [GCAL_SCOPES.read],
    state,
    ...(write ? { include_granted_scopes: true } : {}),
  });
  return { url, state };
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/**
 * Where the browser goes after the callback: the settings page, with the outcome in the query.
 * `stateInBrowser` is the attempt the browser's cookie holds (see oauth-state).
 */
export async function completeConnection(query: CallbackQuery, stateInBrowser: string | undefined, now: Date): Promise<string> {
  try {
    return settingsPage(await finishConnecting(query, stateInBrowser, now));
  } catch (error) {
    log.error('Google Calendar connection not completed', { error });
    return settingsPage('failed');
  }
}

/** Stores the connection; answers why when it could not. */
async function finishConnecting(query: CallbackQuery, stateInBrowser: string | undefined, now: Date): Promise<GcalConnectFailure | undefined> {
  // The user is the one who started this attempt in this browser, and nobody else: the query is not trusted.
  if (query.state && stateInBrowser !== query.state) {
    log.warn('Google callback in a browser that did not start the attempt');
    return 'failed';
  }
  const userId = query.state ? await takeAttempt(query.state, now) : undefined;
  if (!userId) return 'expired';
  if (!query.code) {
    // The person declined on Google's page (error=access_denied), or Google failed.
    log.warn('Google sent no authorization code', { userId, error: query.error });
    return 'failed';
  }

  const { tokens } = await oauthClient(googleConfig()).getToken(query.code);
  const refreshToken = tokens.refresh_token ?? (await storedRefreshToken(userId));
  if (!tokens.access_token || !refreshToken) return 'no-tokens';
  const scopes = grantedScopes(tokens);
  if (!grantsCalendar(scopes)) {
    log.warn('Google granted no calendar scope', { userId, scope: tokens.scope });
    return 'failed';
  }

  await saveConnection(userId, { ...tokens, access_token: tokens.access_token, refresh_token: refreshToken }, now);
  // A reconnect may be to another Google account: the next sync is a full one, which also drops
  // the copies of the other account's events.
  await deleteSyncState(userId);
  await setGcalConnected(userId, true);
  // occurredAt is the connection's connected_at: the first sync finds its connection by it.
  const connectedAt = now.toISOString();
  try {
    await publish('gcal.connected', { userId, writeAccess: hasWriteAccess(scopes), occurredAt: connectedAt });
  } catch (error) {
    // The connection stands; without the event no first sync runs, so the page says to sync by hand.
    log.error('gcal.connected not published', { userId, error });
    await recordInitialSync(userId, connectedAt, { status: 'failed', synced: null, message: GCAL_MESSAGES.initialSyncFailed });
  }
  return undefined;
}

/** Google may leave the refresh token out when the person had granted access before. */
async function storedRefreshToken(userId: string): Promise<string | undefined> {
  const connection = await getConnection(userId);
  return connection && openTokens(connection).refreshToken;
}

function settingsPage(failure: GcalConnectFailure | undefined): string {
  const url = new URL(GCAL_RETURN.path, `${appOrigin()}/`);
  url.searchParams.set(GCAL_RETURN.param, failure ? GCAL_RETURN.error : GCAL_RETURN.connected);
  if (failure) url.searchParams.set(GCAL_RETURN.reason, failure);
  return url.toString();
}
