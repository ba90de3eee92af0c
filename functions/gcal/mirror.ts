import type { CalendarEvent } from '../../shared/calendar-events.schema';
import type { MirrorAction, MirrorChange, MirrorOutcome } from '../../shared/gcal';
import { liveItemNow } from '../items/background';
import { now } from '../platform/clock';
import { googleFromEvent } from './event-mapping';
import { CALENDAR_ID, GoogleFailure, googleStatus, type CalendarApi } from './google';
import { mirroredGoogleId } from './ids';
import { isLogged, logMirror } from './mirror-log.repository';
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
 * - A Google failure throws: the bus retries, then dead-letters. The local change stands regardless.
 */
export const handler = busConsumer<MirrorChange>('gcal/mirror', async (detail, event) => {
  const change = event['detail-type'];
  const snapshot = detail.item ?? detail.previous;
  if (detail.entity !== 'event' || snapshot?.gcal_id) return;

  const connection = await getConnection(detail.userId);
  if (!connection) return;
  const mirrored = { userId: detail.userId, occurredAt: detail.occurredAt, busEventId: event.id };
  if (await isLogged(mirrored)) return;

  const result: MirrorResult = hasWriteAccess(connection.scopes)
    ? await mirror(connection, detail.id, change)
    : { action: intendedAction(change), outcome: 'skipped: read-only' };
  const title = String(snapshot?.title ?? '');
  await logMirror(mirrored, { change, event_id: detail.id, title, at: now().toISOString(), ...result });
});

const intendedAction = (change: MirrorChange): MirrorAction => (change === 'item.deleted' || change === 'item.purged' ? 'delete' : 'upsert');

interface MirrorResult {
  action: MirrorAction;
  outcome: MirrorOutcome;
}

async function mirror(connection: Connection, eventId: string, change: MirrorChange): Promise<MirrorResult> {
  const live = await liveItemNow(connection.userId, 'events', eventId);
  const action: MirrorAction = live ? 'upsert' : 'delete';
  try {
    await withCalendar(connection, (api) => (live ? upsert(api, live, change === 'item.created') : remove(api, eventId)));
    return { action, outcome: 'mirrored' };
  } catch (error) {
    // Access was revoked meanwhile: the connection is gone, and retrying cannot help.
    if (error instanceof GoogleFailure && error.kind === 'access-lost') return { action, outcome: 'skipped: not connected' };
    throw error;
  }
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
