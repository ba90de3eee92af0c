import { randomUUID } from 'node:crypto';
import type { Settings } from '../../shared/settings.schema';
import { now as clockNow, nowMs, sleep } from '../platform/clock';
import { getSettings } from '../settings/account-settings';
import { CALENDAR_ID, googleStatus, type CalendarApi, type GoogleEvent } from './google';
import { withCalendar } from './session';
import { getSyncState, releaseSyncLock, saveSyncState, takeSyncLock } from './sync-state.repository';
import { heldAsOccurrences } from './event-mapping';
import { applyGoogleEvent, removeOccurrenceCopies, removeUnseen, type SyncWindow } from './synced-events';
import type { Connection } from './tokens.repository';

/** How long a sync holds the person's lock at most, and how long another waits for it before it goes on regardless. */
const SYNC_LOCK = { leaseMs: 2 * 60_000, waitMs: 20_000, pollMs: 100 } as const;

/**
 * Sync in: brings the user's Google events of the settings window into their events and answers
 * how many changed here. Incremental with Google's sync token; a full listing when there is no
 * token for today's window or Google answers 410 (token expired), after which the copies of events
 * Google no longer lists are removed. One at a time per person (Sync, the first sync and the syncs
 * Google's notifications ask for): two listings side by side could each undo what the other
 * brought, a full one removing an event the other had just added. Copies are keyed by Google id,
 * so nothing is ever duplicated.
 */
export async function syncCalendar(connection: Connection, now: Date): Promise<number> {
  const holder = randomUUID();
  const giveUpAt = nowMs() + SYNC_LOCK.waitMs;
  // A holder past the wait is stuck or very long: its lease bounds it, and this sync goes on.
  while (!(await takeSyncLock(connection.userId, holder, clockNow(), SYNC_LOCK.leaseMs)) && nowMs() < giveUpAt) await sleep(SYNC_LOCK.pollMs);
  try {
    return await syncWindowOnce(connection, now);
  } finally {
    await releaseSyncLock(connection.userId, holder);
  }
}

async function syncWindowOnce(connection: Connection, now: Date): Promise<number> {
  const { userId } = connection;
  const window = syncWindow((await getSettings(userId)).settings, now);
  const state = await getSyncState(userId);
  const run: SyncRun = { userId, window, now, changed: 0, calendarZone: 'UTC', occurrences: [], listed: new Set() };
  const syncToken = await withCalendar(connection, async (api) => {
    const incremental = state?.window === window.key ? await listChanges(api, run, state.syncToken) : undefined;
    return incremental ?? (await listWindow(api, run));
  });
  await saveSyncState(userId, { syncToken, window: window.key }, now);
  return run.changed;
}

/** One sync: whose, over which window, and how many local changes it made so far. */
interface SyncRun {
  userId: string;
  window: SyncWindow;
  now: Date;
  changed: number;
  /** The calendar's zone, as its listing names it: the zone of events that name none. */
  calendarZone: string;
  /** Occurrences changed or cancelled on their own, applied once their series are (applyListed). */
  occurrences: GoogleEvent[];
  /** The Google ids listed so far, occurrences fetched apart included. */
  listed: Set<string>;
}

/**
 * How events are listed, part of the window's key: a sync token holds only for the listing that
 * issued it, so a state saved under another listing (recurring events expanded, before series came
 * in as series) starts over with a full one.
 */
const LISTING = 'series';

/**
 * From `sync_past_days` before today to `sync_future_months` after it, in whole UTC days. The
 * window moves once a day, and with it its key: the first sync of a day is a full one, which brings
 * in events that have come into the window and drops those that left it (an incremental sync only
 * reports events that changed).
 */
function syncWindow(settings: Pick<Settings, 'sync_past_days' | 'sync_future_months'>, now: Date): SyncWindow & { key: string } {
  const [year, month, day] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  const timeMin = new Date(Date.UTC(year, month, day - settings.sync_past_days)).toISOString();
  const timeMax = new Date(Date.UTC(year, month + settings.sync_future_months, day + 1)).toISOString();
  return { timeMin, timeMax, key: `${timeMin.slice(0, 10)}/${timeMax.slice(0, 10)}/${LISTING}` };
}

/** The changes since the last sync; undefined when Google says the token has expired (410). */
async function listChanges(api: CalendarApi, run: SyncRun, syncToken: string): Promise<string | undefined> {
  try {
    return await applyListed(run, () => eachPage(api, run, { syncToken }, (events) => applyAll(run, api, events)));
  } catch (error) {
    if (googleStatus(error) === 410) return undefined;
    throw error;
  }
}

/** Every event of the window, then the removal of copies whose event was not listed. */
async function listWindow(api: CalendarApi, run: SyncRun): Promise<string> {
  run.listed.clear();
  const syncToken = await applyListed(run, () =>
    eachPage(api, run, { timeMin: run.window.timeMin, timeMax: run.window.timeMax }, (events) => applyAll(run, api, events)),
  );
  run.changed += await removeUnseen(run.userId, run.listed);
  return syncToken;
}

/** A listing, then the occurrences it listed apart: a series may come on a later page than its changed occurrences. */
async function applyListed(run: SyncRun, listing: () => Promise<string>): Promise<string> {
  const syncToken = await listing();
  // One at a time: several occurrences of one series each take themselves out of its copy.
  for (const occurrence of run.occurrences.splice(0)) await applyEach(run, [occurrence]);
  return syncToken;
}

async function applyAll(run: SyncRun, api: CalendarApi, events: GoogleEvent[]): Promise<void> {
  for (const event of events) if (event.id) run.listed.add(event.id);
  run.occurrences.push(...events.filter((event) => event.recurringEventId));
  const own = events.filter((event) => !event.recurringEventId);
  await applyEach(run, own);
  for (const event of own) {
    // A series deleted takes the copies of its occurrences with it (those changed on their own, or all of a series held apart).
    if (event.status === 'cancelled') run.changed += await removeOccurrenceCopies(run.userId, event.id!, new Set());
    else if (heldAsOccurrences(event, run.calendarZone)) await listOccurrences(api, run, event.id!);
  }
}

/**
 * A series this product cannot hold as one comes in as its occurrences in the window (Google's
 * events.instances), applied with the listing's own; copies of occurrences it no longer has go.
 */
async function listOccurrences(api: CalendarApi, run: SyncRun, seriesId: string): Promise<void> {
  const occurrences: GoogleEvent[] = [];
  let pageToken: string | undefined;
  const listPage = async () => {
    try {
      const query = { calendarId: CALENDAR_ID, eventId: seriesId, timeMin: run.window.timeMin, timeMax: run.window.timeMax };
      return (await api.events.instances({ ...query, ...(pageToken ? { pageToken } : {}) })).data;
    } catch (error) {
      // Deleted since it was listed: it has no occurrences (the next listing says so too).
      if (googleStatus(error) === 404 || googleStatus(error) === 410) return {};
      throw error;
    }
  };
  do {
    const data = await listPage();
    occurrences.push(...(data.items ?? []).filter((occurrence) => occurrence.id));
    pageToken = data.nextPageToken ?? undefined;
  } while (pageToken);
  for (const occurrence of occurrences) run.listed.add(occurrence.id!);
  run.occurrences.push(...occurrences);
  run.changed += await removeOccurrenceCopies(run.userId, seriesId, new Set(occurrences.map((occurrence) => occurrence.id!)));
}

async function applyEach(run: SyncRun, events: GoogleEvent[]): Promise<void> {
  const changes = await Promise.all(events.map((event) => applyGoogleEvent(run.userId, event, run.window, run.calendarZone, run.now)));
  run.changed += changes.filter((change) => change !== 'unchanged').length;
}

/**
 * Pages through events.list (recurring events as series, not expanded: the same with and without
 * a sync token, as Google requires) and answers the nextSyncToken of the last page.
 */
async function eachPage(
  api: CalendarApi,
  run: SyncRun,
  query: { syncToken: string } | { timeMin: string; timeMax: string },
  onPage: (events: GoogleEvent[]) => Promise<void>,
): Promise<string> {
  let pageToken: string | undefined;
  for (;;) {
    const { data } = await api.events.list({ calendarId: CALENDAR_ID, singleEvents: false, ...query, ...(pageToken ? { pageToken } : {}) });
    if (data.timeZone) run.calendarZone = data.timeZone;
    await onPage(data.items ?? []);
    if (!data.nextPageToken) {
      if (!data.nextSyncToken) throw new Error('Google listed events without a nextSyncToken');
      return data.nextSyncToken;
    }
    pageToken = data.nextPageToken;
  }
}
