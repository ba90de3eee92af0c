import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { GcalStatus } from '../../../shared/gcal.schema';
import { CONTROL_PATH, GOOGLE_ACCOUNT_COOKIE, type Fault, type GoogleEventInput } from '../../../local/google-double';
import { uniqueEmail } from './accounts';

/** The stack's Google double, on the port playwright.config.ts gives it. */
function doubleUrl(): string {
  const port = process.env.E2E_GOOGLE_PORT;
  if (!port) throw new Error('E2E_GOOGLE_PORT is not set: run the tests through playwright.config.ts');
  return `http://127.0.0.1:${port}`;
}

export interface GoogleEvent {
  id: string;
  summary?: string;
  status?: string;
}

/**
 * A Google account of the test's own, signed in to Google in this browser (the double's consent
 * page grants for it), with the double's knobs for it: tests running side by side never meet each
 * other's events or injected failures.
 */
export async function googleAccount(context: BrowserContext, request: APIRequestContext, purpose: string) {
  const name = uniqueEmail(`google-${purpose}`);
  const knob = `${doubleUrl()}${CONTROL_PATH}accounts/${encodeURIComponent(name)}`;
  await context.addCookies([{ name: GOOGLE_ACCOUNT_COOKIE, value: name, url: doubleUrl() }]);

  async function call(method: 'GET' | 'POST', path: string, data?: unknown): Promise<any> {
    const response = await request.fetch(`${knob}/${path}`, { method, ...(data === undefined ? {} : { data }) });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return response.status() === 204 ? undefined : response.json();
  }

  return {
    name,
    /** Adds an event on Google's side, as the person would in Google Calendar. */
    addEvent: (event: GoogleEventInput): Promise<GoogleEvent> => call('POST', 'events', event),
    /** The calendar's events at Google, without the cancelled ones. */
    events: async (): Promise<GoogleEvent[]> => (await call('GET', 'events')).items,
    /** The account's next `count` Calendar API calls (only those to `path`, when given) answer `status`. */
    failNext: (count: number, status: Fault, path?: string): Promise<void> => call('POST', 'faults', { count, status, ...(path ? { path } : {}) }),
    granted: async (): Promise<string[]> => (await call('GET', 'granted')).scopes,
    /** The watch channels open for the account (Tempo opens one when it connects). */
    channels: async (): Promise<Array<{ id: string }>> => (await call('GET', 'channels')).items,
  };
}

/**
 * The test server has Google (its double): this makes the page see what a server without a Google
 * client answers, for the tests of that case.
 */
export async function pretendGoogleIsNotConfigured(page: Page): Promise<void> {
  const status: GcalStatus = { configured: false, connected: false, write_access: false, initial_sync: null, waiting: null };
  await page.route('**/api/gcal/status', (route) => route.fulfill({ json: status }));
}

/** The browser's flag that the calendar's first-time connect dialog was shown. */
export const CONNECT_PROMPT_SHOWN = 'tempo.calendar.connectPromptShown';

/**
 * The test server offers Google (its double), so the calendar would offer, once, to connect a user
 * who is not connected: for the tests about something else, this browser has seen that dialog.
 */
export async function markConnectPromptShown(page: Page): Promise<void> {
  await page.addInitScript((key) => localStorage.setItem(key, 'shown'), CONNECT_PROMPT_SHOWN);
}
