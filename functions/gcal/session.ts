import { now } from '../platform/clock';
import { log } from '../platform/log';
import { googleConfig } from './config';
import { calendarApi, classifyGoogleError, isCalendarUnauthorized, oauthClient, type CalendarApi, type OAuth2Client } from './google';
import { setGcalConnected } from '../settings/account-settings';
import { deleteSyncState } from './sync-state.repository';
import { deleteConnection, openTokens, saveRefreshedAccess, type Connection } from './tokens.repository';
import { deleteWatchChannel } from './watch-channel.repository';

/**
 * Runs `work` against the user's Google calendar with their stored connection.
 * - The library refreshes an expiring access token by itself; a 401 gets one refresh and one more
 *   try here. Every refreshed token is stored (sealed) before this returns.
 * - A Google failure comes out as a GoogleFailure. When access is lost for good (revoked refresh
 *   token, or a 401 again after the refresh) the connection is dropped first: the tokens are of no
 *   use any more, and the stored flag must say so. Synced events stay until a reconnect or disconnect.
 * - `work` may run twice, so it must be safe to repeat (sync and mirror both are).
 */
export async function withCalendar<T>(connection: Connection, work: (api: CalendarApi) => Promise<T>): Promise<T> {
  const { userId } = connection;
  const config = googleConfig();
  const auth = oauthClient(config);
  const { accessToken, refreshToken } = openTokens(connection);
  // With expiry_date set the library refreshes ahead of expiry and never on a 401 by itself: the
  // one retry after a 401 is ours, and a 403 (often a rate limit) is never retried.
  auth.setCredentials({ access_token: accessToken, refresh_token: refreshToken, expiry_date: connection.expiresAt });
  const saves: Promise<void>[] = [];
  auth.on('tokens', (credentials) => {
    saves.push(
      saveRefreshedAccess(userId, credentials, now()).catch((error: unknown) =>
        // The next call refreshes again: worth a log line, not a failed sync.
        log.error('refreshed Google token not stored', { userId, error }),
      ),
    );
  });
  const api = calendarApi(auth, config);
  try {
    return await refreshingOnce(auth, () => work(api));
  } catch (error) {
    const failure = classifyGoogleError(error);
    if (!failure) throw error;
    log.warn('Google Calendar call failed', { userId, kind: failure.kind, error });
    if (failure.kind === 'access-lost') await dropConnection(userId);
    throw failure;
  } finally {
    await Promise.all(saves);
  }
}

async function refreshingOnce<T>(auth: OAuth2Client, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isCalendarUnauthorized(error)) throw error;
    await auth.refreshAccessToken();
    return attempt();
  }
}

/**
 * Forgets the tokens, the sync token and the watch channel, and says so in the settings (access
 * lost for good, or a disconnect). Synced events are kept.
 */
export async function dropConnection(userId: string): Promise<void> {
  await deleteConnection(userId);
  await deleteSyncState(userId);
  await deleteWatchChannel(userId);
  await setGcalConnected(userId, false);
}
