import { addEventProcessor, browserTracingIntegration, captureException, init, setUser, startInactiveSpan, withScope, type Event } from '@sentry/browser';
import { ERROR_REPORTING_SAMPLING } from '../../../../shared/error-reporting';
import type { ErrorReportingConfig } from '../../../../shared/web-config';
import { scrubBreadcrumb, scrubEvent } from './scrub';

/** What a feature says about an error it reports: a name for where it happened, and ids or statuses (never content). */
export type ReportContext = Record<string, string | number | boolean | null | undefined>;

/**
 * The Sentry SDK, started: loaded in a chunk of its own once the page has painted, and only with a
 * DSN in /config.json (web/src/lib/error-reporting.ts). Every event, breadcrumb and replay event
 * is scrubbed on its way out (./scrub.ts); the trace headers go to this site's API only.
 */
export function startSentry(config: ErrorReportingConfig): void {
  init({
    dsn: config.dsn,
    release: config.release,
    environment: config.environment,
    sendDefaultPii: false,
    tracesSampleRate: ERROR_REPORTING_SAMPLING.traces,
    // The API only: Cognito, Google and ElevenLabs never see the trace headers.
    tracePropagationTargets: [new RegExp(`^${escapeRegExp(window.location.origin)}/api(?:[/?]|$)`)],
    // The pages' paths name no ids (they are in the query, which the scrubber keeps only as ids).
    integrations: [browserTracingIntegration()],
    // Replay's rates are set when its integration is added (./session-replay.ts), by the sampling made there.
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 0,
    beforeSend: scrubEvent,
    beforeSendTransaction: scrubEvent,
    beforeBreadcrumb: scrubBreadcrumb,
  });
  // Replay events pass no beforeSend: their list of visited URLs is scrubbed here.
  addEventProcessor((event: Event) => (event.type === 'replay_event' ? scrubEvent(event) : event));
}

/** Reports `error` with `context` as the event's own context and its `area` as a tag. */
export function captureReported(error: unknown, context: ReportContext): void {
  withScope((scope) => {
    if (typeof context.area === 'string') scope.setTag('area', context.area);
    scope.setContext('report', context);
    captureException(error);
  });
}

/**
 * `work` as a span of the active one (a navigation's), which stays open until it settles: a
 * navigation's trace then lasts until its page's code is there, and the page's first requests
 * belong to it. Nothing without an active span.
 */
export function traceLoad(name: string, work: Promise<unknown>): void {
  const span = startInactiveSpan({ name, op: 'ui.load', onlyIfParent: true });
  void work.then(
    () => span.end(),
    () => span.end(),
  );
}

/** The signed-in user, by id only; null once signed out. */
export function setReportedUser(id: string | null): void {
  setUser(id === null ? null : { id });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
