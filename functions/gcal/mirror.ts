import { randomUUID } from 'node:crypto';
import type { CalendarEvent } from '../../shared/calendar-events.schema';
import type { MirrorAction, MirrorChange, MirrorOutcome } from '../../shared/gcal';
import { liveItemNow } from '../items/background';
import { now } from '../platform/clock';
import { log } from '../platform/log';
import { googleFromEvent } from './event-mapping';
import { CALENDAR_ID, GoogleFailure, googleStatus, retryAfterMs, type CalendarApi } from './google';
import { mirroredGoogleId } from './ids';
import { isLogged, logMirror } from './mirror-log.repository';
import { clearPending, deferPending, markPending, type PendingMirror } from './pending-mirror.repository';
import { withCalendar } from './session';
import { getConnection, hasWriteAccess, type Connection } from './tokens.repository';
import { busConsumer } from '../platform/consumer';

/**
 * Bus consumer of event changes: mirrors the user's own events to their connected Google calendar.
 * - Events synced in from Google (gcal_id set) are never written back.
 * - Without write access it logs 'skipped: read-only'; without a connection it does nothing.
 * - It writes the event as it is now, not as the bus event says, so a late or reordered delivery
 *   never puts old content over new.
 * - A redelivered bus event finds its log entry and changes nothing.
 * - The intent is kept before Google is called (pending-mirror.repository.ts) and cleared only once
 *   Google confirms: when Google cannot be reached, the change waits, and the reconciler
 *   (reconcile-mirror.ts) writes it once Google answers again, however long that takes. The local
 *   change stands regardless.
 */
export const handler = busConsumer<MirrorChange>('gcal/mirror', async (detail, event) => {
  const change = event['detail-type'];
  const snapshot = detail.item ?? detail.previous;
  if (detail.entity !== 'event' || snapshot?.gcal_id) return;

  const connection = await getConnection(detail.userId);
  if (!connection) return;
  const mirrored = { userId: detail.userId, occurredAt: detail.occurredAt, busEventId: event.id };
  if (await isLogged(mirrored)) return;

  const startedAt = now();
  let result: MirrorResult = { action: intendedAction(change), outcome: 'skipped: read-only' };
  if (hasWriteAccess(connection.scopes)) {
    const isNew = change === 'item.created';
    // Due only after this delivery has had its time with Google: the reconciler takes it then if it could not.
    await markPending(detail.userId, detail.id, event.id, startedAt, new Date(startedAt.getTime() + MIRROR_LEASE_MS), isNew);
    result = await mirrorPending(connection, { user_id: detail.userId, event_id: detail.id, marker: event.id, attempts: 0, is_new: isNew }, startedAt);
  }
  const title = String(snapshot?.title ?? '');
  await logMirror(mirrored, { change, event_id: detail.id, title, at: now().toISOString(), action: result.action, outcome: result.outcome });
});

const intendedAction = (change: MirrorChange): MirrorAction => (change === 'item.deleted' || change === 'item.purged' ? 'delete' : 'upsert');

interface MirrorResult {
  action: MirrorAction;
  outcome: MirrorOutcome;
  /** Why Google did not take it, when it waits. */
  failure?: GoogleFailure;
}

/**
 * Writes a marked event to Google as it is now and clears its mark; when Google cannot be reached
 * (down, rate-limited, refusing), the mark stays and is tried again later (retryDelayMs).
 * Anything that is not Google's failure throws, and the mark stays for the reconciler too.
 */
export async function mirrorPending(
  connection: Connection,
  pending: Pick<PendingMirror, 'user_id' | 'event_id' | 'marker' | 'attempts' | 'is_new'>,
  at: Date,
): Promise<MirrorResult> {
  const live = await liveItemNow(connection.userId, 'events', pending.event_id);
  const action: MirrorAction = live ? 'upsert' : 'delete';
  try {
    await withCalendar(connection, (api) => (live ? upsert(api, live, pending.is_new) : remove(api, pending.event_id)));
    // A newer change marked it while this wrote: what this wrote may have landed after the newer
    // write, so the event is written again as it is then.
    if (!(await clearPending(pending.user_id, pending.event_id, pending.marker))) {
      await markPending(pending.user_id, pending.event_id, `again-${randomUUID()}`, at, at, false);
    }
    return { action, outcome: 'mirrored' };
  } catch (error) {
    if (!(error instanceof GoogleFailure)) throw error;
    // Access was revoked meanwhile: the connection is gone, and there is no calendar to write to.
    if (error.kind === 'access-lost') {
      await clearPending(pending.user_id, pending.event_id, pending.marker);
      return { action, outcome: 'skipped: not connected' };
    }
    await deferPending(pending, new Date(at.getTime() + retryDelayMs(error, pending.attempts)), error.kind);
    log.warn('change waits for Google', { userId: pending.user_id, eventId: pending.event_id, kind: error.kind, attempts: pending.attempts + 1 });
    return { action, outcome: 'waiting for Google', failure: error };
  }
}

/** How long a bus delivery has its change to itself before the reconciler may take it (a Lambda's timeout and then some). */
const MIRROR_LEASE_MS = 2 * 60_000;

/** The first wait after a failure; it doubles with each attempt. */
const FIRST_RETRY_MS = 15_000;
/**
 * The longest wait while Google is down or rate-limited: with the reconciler running every minute,
 * a change made during an outage reaches Google within two minutes of its return.
 */
export const OUTAGE_RETRY_CAP_MS = 60_000;
/** A refusal that is not an outage (403: the calendar is not writable), or a failure not Google's, is tried again hourly. */
export const REFUSED_RETRY_MS = 60 * 60_000;

/** How long a change waits after Google failed it: backoff from 15 s to a minute, or longer when Google's Retry-After asks. */
export function retryDelayMs(failure: GoogleFailure, attempts: number): number {
  if (failure.kind === 'forbidden') return REFUSED_RETRY_MS;
  const backoff = Math.min(FIRST_RETRY_MS * 2 ** Math.min(attempts, 10), OUTAGE_RETRY_CAP_MS);
  return Math.max(backoff, retryAfterMs(failure.cause) ?? 0);
}

/**
 * Writes the event under its derived Google id. A new event is inserted, and patched when it is
 * there already (409: a repeat); a changed or restored one is patched (status confirmed brings back
 * one deleted at Google), and inserted when Google does not have it (404: made before write access).
 */
async function upsert(api: CalendarApi, event: CalendarEvent, isNew: boolean): Promise<void> {
  const eventId = mirroredGoogleId(event.id);
  const requestBody = { ...googleFromEvent(event), status: 'confirmed' };
  const insert = async () => void (await api.events.insert({ calendarId: CALENDAR_ID, requestBody: { ...requestBody, id: eventId } }));
  const patch = async () => void (await api.events.patch({ calendarId: CALENDAR_ID, eventId, requestBody }));
  const [first, fallback, fallbackOn] = isNew ? [insert, patch, 409] : [patch, insert, 404];
  try {
    await first();
  } catch (error) {
    if (googleStatus(error) !== fallbackOn) throw error;
    await fallback();
  }
}

/** Deletes the Google copy; one that is gone already (404, 410) is fine. */
async function remove(api: CalendarApi, eventId: string): Promise<void> {
  try {
    await api.events.delete({ calendarId: CALENDAR_ID, eventId: mirroredGoogleId(eventId) });
  } catch (error) {
    const status = googleStatus(error);
    if (status !== 404 && status !== 410) throw error;
  }
}
