import { ERROR_REPORTING_SAMPLING } from '../../../shared/error-reporting';
import type * as SentryClientModule from './error-reporting/sentry-client';
import type { ReportContext } from './error-reporting/sentry-client';
import { firstContentfulPaintOr } from './first-paint';
import { loadWebConfig } from './web-config';

/**
 * Error reporting as the features see it: `reportError` and the signed-in user's id. The Sentry SDK
 * (./error-reporting/sentry-client.ts) loads in a chunk of its own once the page has painted and the
 * browser is idle (at once on the page load after a crash), and only when /config.json names a DSN;
 * without one nothing of it is downloaded and nothing is sent. What is reported before it loads
 * (an early crash) waits in a short queue.
 */

type SentryClient = typeof SentryClientModule;
export type { ReportContext };

/** How long the SDK waits for a first paint that does not come (a start that crashed paints nothing), from the start. */
const UNPAINTED_WAIT_MS = 3_000;
/** Reports kept while the SDK loads: the first ones, which tell how a broken start began. */
const QUEUE_LIMIT = 10;
/** Where this tab's replay sampling is kept, so its later page loads follow it (a session is a tab's life). */
const REPLAY_SAMPLING_KEY = 'tempo.errorReporting.replay';
/**
 * Set in this tab when a page met an uncaught error: the next page load starts the SDK and its
 * replay at once instead of after the first paint, and its first render waits for the replay (at
 * most CRASHED_START_WAIT_MS), so that what its start does is in the replay buffer when it crashes
 * again. Only the one page load after a crash pays the SDK's download before its first paint.
 */
const CRASHED_KEY = 'tempo.errorReporting.crashed';
const CRASHED_START_WAIT_MS = 1_500;

let client: SentryClient | null = null;
/** Set once /config.json says there is no DSN (or could not be read): reports are dropped from then on. */
let off = false;
let queued: Array<[unknown, ReportContext]> = [];
let userId: string | null = null;

/** Reports `error` (with ids and statuses as `context`, never content); does nothing without a DSN, and never throws. */
export function reportError(error: unknown, context: ReportContext = {}): void {
  try {
    if (client) client.captureReported(error, context);
    else if (!off && queued.length < QUEUE_LIMIT) queued.push([error, context]);
  } catch {
    // Reporting must never break what reports.
  }
}

/** Traces `work` (a page's code loading) in the current navigation's trace, which waits for it (./error-reporting/sentry-client.ts); answers `work`. */
export function traceLoad<T>(name: string, work: Promise<T>): Promise<T> {
  try {
    client?.traceLoad(name, work);
  } catch {
    // As reportError.
  }
  return work;
}

/** The signed-in user's id for every later report; null once signed out. */
export function setReportedUser(id: string | null): void {
  userId = id;
  try {
    client?.setReportedUser(id);
  } catch {
    // As reportError.
  }
}

/**
 * Starts error reporting after the first paint (web/src/main.tsx), or at once after a crash in this
 * tab (CRASHED_KEY); errors thrown until then are queued. Answers what the first render waits for:
 * nothing, or after a crash the replay's start.
 */
export function startErrorReporting(): Promise<void> {
  const crashedBefore = takeCrashMark();
  const queueUncaught = (event: ErrorEvent) => reportError(event.error ?? event.message, { area: 'uncaught' });
  const queueUnhandled = (event: PromiseRejectionEvent) => reportError(event.reason, { area: 'unhandled rejection' });
  window.addEventListener('error', queueUncaught);
  window.addEventListener('unhandledrejection', queueUnhandled);
  window.addEventListener('error', markCrash);
  window.addEventListener('unhandledrejection', markCrash);
  const stopQueueing = () => {
    window.removeEventListener('error', queueUncaught);
    window.removeEventListener('unhandledrejection', queueUnhandled);
  };
  const start = () =>
    loadWebConfig()
      .then(async ({ errorReporting }) => {
        if (!errorReporting) throw new Error('no DSN');
        const replay = replaySampling();
        const [sentry, sessionReplay] = await Promise.all([
          import('./error-reporting/sentry-client'),
          replay.recorded || replay.onError ? import('./error-reporting/session-replay') : null,
        ]);
        sentry.startSentry(errorReporting);
        // The SDK's own handlers take over uncaught errors and rejections from here.
        stopQueueing();
        // Recording before the queued reports go: a crash of the start then arrives with a replay.
        sessionReplay?.startSessionReplay(replay);
        client = sentry;
        sentry.setReportedUser(userId);
        for (const [error, context] of queued.splice(0)) sentry.captureReported(error, context);
      })
      .catch(() => {
        // No DSN, or the configuration or the SDK could not be loaded: nothing is reported.
        if (client) return;
        off = true;
        queued = [];
        stopQueueing();
      });
  if (!crashedBefore) {
    afterFirstPaint(() => void start());
    return Promise.resolve();
  }
  return Promise.race([start(), new Promise<void>((resolve) => setTimeout(resolve, CRASHED_START_WAIT_MS))]);
}

function markCrash(): void {
  try {
    window.sessionStorage.setItem(CRASHED_KEY, '1');
  } catch {
    // Storage switched off: the next page starts reporting after its first paint, as usual.
  }
}

/** Whether a page of this tab crashed since the last page load; the mark is for one page load. */
function takeCrashMark(): boolean {
  try {
    const crashed = window.sessionStorage.getItem(CRASHED_KEY) !== null;
    window.sessionStorage.removeItem(CRASHED_KEY);
    return crashed;
  } catch {
    return false;
  }
}

/** Once the page has painted and the browser is idle: the SDK's download never competes with the first paint. */
function afterFirstPaint(run: () => void): void {
  void firstContentfulPaintOr(UNPAINTED_WAIT_MS).then(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run) : setTimeout(run)));
}

/**
 * Whether this tab's session is replayed whole (ERROR_REPORTING_SAMPLING.replaySessions) or kept in
 * memory to go with an error (replayOnError): drawn once per tab, so the replay integration is
 * downloaded only for a sampled session.
 */
function replaySampling(): { recorded: boolean; onError: boolean } {
  const kept = window.sessionStorage.getItem(REPLAY_SAMPLING_KEY);
  if (kept) return JSON.parse(kept) as { recorded: boolean; onError: boolean };
  const sampling = { recorded: Math.random() < ERROR_REPORTING_SAMPLING.replaySessions, onError: Math.random() < ERROR_REPORTING_SAMPLING.replayOnError };
  window.sessionStorage.setItem(REPLAY_SAMPLING_KEY, JSON.stringify(sampling));
  return sampling;
}
