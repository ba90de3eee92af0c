/**
 * Error reporting over the Sentry protocol (sentry.io, self-hosted Sentry or GlitchTip), configured
 * by a DSN: `SENTRY_DSN` for the functions, /config.json's `errorReporting` for the browser. Without
 * one nothing is sent and the browser downloads nothing of the SDK.
 */

/** How much is sampled: every trace; a tenth of sessions replayed, and every session that meets an error. */
export const ERROR_REPORTING_SAMPLING = { traces: 1, replaySessions: 0.1, replayOnError: 1 } as const;

/** The trace headers a browser's request carries to the API (allowed by its CORS), and a request's events carry on. */
export const TRACE_HEADERS = ['sentry-trace', 'baggage'] as const;

/** A DSN's parts: https://<publicKey>@<host>/<projectId>; null for a value that is not a DSN. */
export function parseDsn(dsn: string): { origin: string; publicKey: string; projectId: string; path: string } | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!/^https?:$/.test(url.protocol) || !url.username || !projectId || !/^\d+$/.test(projectId)) return null;
  return { origin: url.origin, publicKey: url.username, projectId, path: segments.length ? `/${segments.join('/')}` : '' };
}
