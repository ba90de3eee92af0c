import { expect } from '@playwright/test';
import type { ReceivedEnvelope, RateLimitRule } from '../../../local/sentry-double';

/** The stack's Sentry double, on the port playwright.config.ts gives it. */
function doubleUrl(): string {
  const port = process.env.E2E_SENTRY_PORT;
  if (!port) throw new Error('E2E_SENTRY_PORT is not set: run the tests through playwright.config.ts');
  return `http://127.0.0.1:${port}`;
}

/** One item the double received, with the envelope it came in. */
export interface SentryItem {
  type: string;
  headers: Record<string, unknown>;
  /** Parsed JSON; for a replay_recording `{ bytes, text }` (text decompressed). */
  payload: any;
  envelope: Omit<ReceivedEnvelope, 'items'>;
}

async function call(method: 'GET' | 'DELETE' | 'POST', path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${doubleUrl()}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return response;
}

/**
 * What the stack's Sentry double received. It is one for the whole test server: tests running side
 * by side find their own items by what is theirs (a user id, a replay id, a trace id), rather than
 * clearing what another test waits for.
 */
export function sentryDouble() {
  async function items(type: string): Promise<SentryItem[]> {
    const { envelopes } = (await (await call('GET', '/received')).json()) as { envelopes: ReceivedEnvelope[] };
    return envelopes.flatMap(({ items: envelopeItems, ...envelope }) =>
      envelopeItems.filter((item) => item.headers.type === type).map((item) => ({ type, headers: item.headers, payload: item.payload, envelope })),
    );
  }
  return {
    /** The items of a type (event, transaction, replay_event, replay_recording, feedback, …), oldest first. */
    items,
    /** Everything received, as JSON text: for checking that a secret appears nowhere. */
    text: async (): Promise<string> => (await call('GET', '/received')).text(),
    /** Forgets everything received. */
    clear: async (): Promise<void> => void (await call('DELETE', '/received')),
    /** The ingest's quota per key (null: none), as Sentry's rate limits: beyond it the SDK is answered 429. */
    setRateLimit: async (rateLimit: RateLimitRule | null): Promise<void> => void (await call('POST', '/knobs', { rateLimit })),
    /** Waits until an item of the type matching `predicate` has arrived, and answers the first such. */
    async waitFor(type: string, predicate: (item: SentryItem) => boolean = () => true, timeout = 15_000): Promise<SentryItem> {
      let found: SentryItem | undefined;
      await expect
        .poll(
          async () => {
            found = (await items(type)).find(predicate);
            return found !== undefined;
          },
          { message: `a ${type} item at the Sentry double`, timeout },
        )
        .toBe(true);
      return found!;
    },
  };
}
