import { addIntegration, getClient, replayIntegration, type BrowserClient } from '@sentry/browser';
import { scrubDeep, scrubUrl } from './scrub';

/**
 * Session replay, added to the started SDK (./sentry-client.ts) in a chunk of its own, and only for a
 * session the browser sampled (web/src/lib/error-reporting.ts): `recorded` sends the whole session;
 * `onError` keeps the last minute in memory and sends it with an error (the SDK's buffer mode).
 * Every text and input is masked and media are blocked, and so is what is marked `data-sentry-block`
 * (the calendar feed's address, whose link's href masking would leave). The SDK hands `beforeAddRecordingEvent`
 * only its own breadcrumb and span frames (not the DOM), whose URLs are scrubbed as events are; the
 * recording's first frame holds the page's address as it is, so a page opened from a link carrying
 * a code (the confirmation mail's /verify-email?email=…&code=…) is not replayed.
 */
export function startSessionReplay({ recorded, onError }: { recorded: boolean; onError: boolean }): void {
  const options = getClient<BrowserClient>()?.getOptions();
  if (!options || scrubUrl(window.location.href) !== window.location.href) return;
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
