import { addIntegration, getClient, replayIntegration, type BrowserClient } from '@sentry/browser';
import { scrubDeep } from './scrub';

/**
 * Session replay, added to the started SDK (./sentry-client.ts) in a chunk of its own, and only for a
 * session the browser sampled (web/src/lib/error-reporting.ts): `recorded` sends the whole session;
 * `onError` keeps the last minute in memory and sends it with an error (the SDK's buffer mode).
 * Every text and input is masked and media are blocked; the recording's own URLs (the page's
 * address, its requests) are scrubbed as events are.
 */
export function startSessionReplay({ recorded, onError }: { recorded: boolean; onError: boolean }): void {
  const options = getClient<BrowserClient>()?.getOptions();
  if (!options) return;
  options.replaysSessionSampleRate = recorded ? 1 : 0;
  options.replaysOnErrorSampleRate = onError ? 1 : 0;
  addIntegration(
    replayIntegration({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
      beforeAddRecordingEvent: (event) => scrubDeep(event),
    }),
  );
}
