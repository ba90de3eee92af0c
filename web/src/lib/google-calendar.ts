import useSWR, { mutate } from 'swr';
import { GCAL_MESSAGES, GCAL_WAITING_COUNTED, SYNC_FAILURE_TEXTS } from '../../../shared/gcal';
import type { GcalConnectAnswer, GcalStatus, GcalSyncAnswer } from '../../../shared/gcal.schema';
import type { AppTexts, PublicTexts } from '../i18n/catalogue-types';
import { useAppTexts } from '../i18n/texts';
import { ApiError, apiRequest, localizedError } from './api';
import { reportError } from './error-reporting';
import { useTimeZone } from './items';
import { listCacheKey } from './read-paths';
import { formatTime } from './zoned-dates';

/**
 * The Google Calendar client, shared by the calendar (Sync button, first-time connect dialog) and
 * the settings page (connect, write access, disconnect).
 */

const STATUS_KEY = '/api/gcal/status';

/** The pending marker of a Google connection: when the browser left for Google's consent page. */
const PENDING_KEY = 'tempo.gcal.pending';

/**
 * A failure of the Google connection, reported: one the browser met (the network), or one the
 * server named in words of its own (`failure` a text). An API answer is not reported here: a 4xx
 * is the person's case, and lib/api.ts reports every 5xx.
 */
export function reportGoogleFailure(stage: 'connect' | 'first sync' | 'sync' | 'disconnect', failure: unknown): void {
  if (failure instanceof ApiError) return;
  reportError(typeof failure === 'string' ? new Error(`Google Calendar ${stage}: ${failure}`) : failure, { area: 'google', stage });
}

/** Whether this server has Google set up and the user's calendar is connected; polled every `refreshMs` (of the latest status) when given. */
export function useGoogleCalendarStatus(refreshMs: number | ((latest?: GcalStatus) => number) = 0) {
  return useSWR(STATUS_KEY, () => apiRequest<GcalStatus>(STATUS_KEY, { signedIn: true }), {
    revalidateOnFocus: false,
    refreshInterval: refreshMs,
  });
}

/** How often the status is read again while changes wait for Google (the server tries at most a minute apart). */
const WAITING_POLL_MS = 30_000;
/** And while changes are written to Google, so that a wait that begins on an open page is said there too. */
const WRITING_POLL_MS = 5 * 60_000;

/**
 * What to tell the person while changes made here wait for Google (an outage, a rate limit): since
 * when, how many, and when Google is tried again, in their language and zone; null when none waits.
 */
export function useGoogleWaitingNotice(): string | null {
  // Read again while something waits, so the notice goes once Google has taken it all.
  const waiting = useGoogleCalendarStatus((latest) => (latest?.waiting ? WAITING_POLL_MS : latest?.write_access ? WRITING_POLL_MS : 0)).data?.waiting;
  const texts = useAppTexts();
  const timeZone = useTimeZone();
  if (!waiting) return null;
  const time = (at: string) => formatTime(at, timeZone, texts.dates);
  const changes = waiting.changes >= GCAL_WAITING_COUNTED ? `${GCAL_WAITING_COUNTED}+` : String(waiting.changes);
  return texts.gcal.waiting(changes, time(waiting.since), time(waiting.next_try_at));
}

/** Asks the API for Google's consent page (with write access when asked), marks the attempt as pending, and goes there. */
export async function connectGoogleCalendar({ write = false } = {}): Promise<void> {
  const { url } = await apiRequest<GcalConnectAnswer>('/api/gcal/connect', { method: 'POST', body: { write }, signedIn: true });
  localStorage.setItem(PENDING_KEY, String(Date.now()));
  window.location.assign(url);
}

/** Syncs events in from Google; answers how many changed here. */
export async function syncGoogleCalendar(): Promise<number> {
  const { synced } = await apiRequest<GcalSyncAnswer>('/api/gcal/sync', { method: 'POST', body: {}, signedIn: true });
  await mutate(listCacheKey('events'));
  return synced;
}

/** Disconnects the calendar: the synced events leave this app, Google's stay as they are. */
export async function disconnectGoogleCalendar(): Promise<void> {
  await apiRequest('/api/gcal/disconnect', { method: 'POST', signedIn: true });
}

/** How long ago the connection attempt started (null without one), forgetting it. */
export function takePendingAge(now: number): number | null {
  const since = Number(localStorage.getItem(PENDING_KEY));
  localStorage.removeItem(PENDING_KEY);
  return since > 0 ? now - since : null;
}

const SYNC_FAILED = 'Sync failed: ';

/**
 * A Google Calendar failure in the person's language: the API's Google texts (shared/gcal.ts),
 * 'Sync failed: …' with its reason, or any other API message.
 */
export function localizedGcalError(failure: unknown, texts: AppTexts & PublicTexts): string | undefined {
  if (!(failure instanceof Error)) return undefined;
  const message = failure.message;
  const gcalKey = keyOf(GCAL_MESSAGES, message);
  if (gcalKey) return texts.gcal[gcalKey];
  if (message.startsWith(SYNC_FAILED)) {
    const reason = message.slice(SYNC_FAILED.length);
    const reasonKey = keyOf(SYNC_FAILURE_TEXTS, reason);
    return texts.gcal.syncFailed(reasonKey ? texts.gcal.failures[reasonKey] : reason);
  }
  return localizedError(failure, texts, message);
}

function keyOf<T extends Record<string, string>>(texts: T, text: string): keyof T | undefined {
  return (Object.keys(texts) as Array<keyof T>).find((key) => texts[key] === text);
}
