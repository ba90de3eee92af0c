import { USER_QUOTAS } from '../../shared/constants';
import { GCAL_MESSAGES, SYNC_FAILURE_TEXTS, syncFailedMessage } from '../../shared/gcal';
import { MESSAGES } from '../../shared/messages';
import { refuseGoogleForDemo } from '../demo/allowance';
import { conflict, HttpError } from '../platform/errors';
import { httpHandler, noContent, ok, redirect } from '../platform/http';
import { takeQuota } from '../platform/quota.repository';
import { appOrigin } from '../platform/site';
import { setGcalConnected } from '../settings/account-settings';
import { connectionStatus, disconnect } from './connection';
import { GoogleFailure, type GoogleFailureKind } from './google';
import { listMirrorLog } from './mirror-log.repository';
import { receiveNotification } from './notifications';
import { completeConnection, startConnecting } from './oauth';
import { attemptCookie, attemptInBrowser, clearedAttemptCookie } from './oauth-cookie';
import { syncCalendar } from './sync';
import { getConnection } from './tokens.repository';

export const handler = httpHandler('gcal', {
  'POST /api/gcal/connect': async ({ userId, body, now }) => {
    await refuseGoogleForDemo(userId);
    const { url, state } = await startConnecting(userId, body.write, now);
    return { ...ok({ url }), headers: { 'set-cookie': attemptCookie(state, appOrigin()) } };
  },
  'GET /api/gcal/callback': async ({ query, event, now }) => {
    const back = redirect(await completeConnection(query, attemptInBrowser(event.cookies), now));
    return { ...back, headers: { ...back.headers, 'set-cookie': clearedAttemptCookie(appOrigin()) } };
  },
  'GET /api/gcal/status': async ({ userId }) => ok(await connectionStatus(userId)),
  'POST /api/gcal/sync': async ({ userId, now }) => {
    await takeQuota({ key: `gcal-sync#user#${userId}`, limit: USER_QUOTAS.googleSyncs, windowMs: USER_QUOTAS.window, message: MESSAGES.tooManySyncs }, now);
    return ok({ synced: await syncNow(userId, now) });
  },
  'POST /api/gcal/notifications': async ({ event, now }) => {
    await receiveNotification(event.headers, now);
    return noContent();
  },
  'POST /api/gcal/disconnect': async ({ userId, now }) => ok({ disconnected: true, removed: await disconnect(userId, now) }),
  'GET /api/gcal/mirror-log': async ({ userId }) => ok({ items: await listMirrorLog(userId) }),
});

async function syncNow(userId: string, now: Date): Promise<number> {
  const connection = await getConnection(userId);
  if (!connection) {
    await setGcalConnected(userId, false);
    throw conflict(GCAL_MESSAGES.notConnected);
  }
  try {
    return await syncCalendar(connection, now);
  } catch (error) {
    throw error instanceof GoogleFailure ? syncFailure(error.kind) : error;
  }
}

/** 'Sync failed: {text}'. Lost access is a state to fix here (409); the rest are Google's (502, or 503 to try later). */
function syncFailure(kind: GoogleFailureKind): HttpError {
  switch (kind) {
    case 'access-lost':
      return conflict(syncFailedMessage(SYNC_FAILURE_TEXTS.accessLost));
    case 'forbidden':
      return new HttpError(502, 'upstream_failed', syncFailedMessage(SYNC_FAILURE_TEXTS.forbidden));
    case 'rate-limited':
      return new HttpError(503, 'rate_limited', syncFailedMessage(SYNC_FAILURE_TEXTS.rateLimited));
    case 'unavailable':
      return new HttpError(502, 'upstream_failed', syncFailedMessage(SYNC_FAILURE_TEXTS.unavailable));
  }
}
