import { AMPLIFY_PREFIX, dropSession, endSession, forgetEndedSession, storageHoldingSession } from './stored-session';

/**
 * One session per browser. Without "remember me" Amplify keeps the tokens in sessionStorage, which
 * belongs to one tab: a link opened in a new tab would find no session. So the tabs share it: a new
 * tab without a session asks the open ones over a BroadcastChannel and copies the answer into its
 * own sessionStorage before its first render decides whether it is signed in. The session thus lives
 * while a tab of this browser holds it, and "remember me" (localStorage) decides only whether it
 * outlives a restart. Signing out in one tab ends it for all of them at once (endBrowserSession).
 *
 * Chosen over keeping the tokens in a session cookie: Cognito's three tokens together pass the
 * 4 KB a cookie may hold, and a cookie would carry them to the server on every request.
 *
 * A new tab waits only when a session may exist: the tabs holding one set SESSION_MARKER, a cookie
 * without an expiry, which the browser drops when it closes (signing out clears it). A tab that
 * asks and hears nothing within ASK_TIMEOUT_MS keeps the marker: the tab holding the session may
 * only have been busy (drawing a page), and later tabs ask again; the price is that wait in a
 * browser whose session tabs have all closed. Each tab refreshes its own copy of the tokens: the pool's
 * refresh tokens are reusable (no rotation, infra/stacks/auth-stack.ts), so one tab's refresh
 * leaves the others' valid.
 */
const CHANNEL_NAME = 'tempo.session';
const SESSION_MARKER = 'tempo-session';
/** Another tab answers within a few milliseconds; the first paint of a lone tab waits no longer than this. */
const ASK_TIMEOUT_MS = 150;

type Message = { kind: 'ask' } | { kind: 'share'; entries: Array<[string, string]> } | { kind: 'signedOut' };

let channel: BroadcastChannel | null = null;
let signedOutElsewhere: () => void = () => undefined;

function isMessage(data: unknown): data is Message {
  if (typeof data !== 'object' || data === null) return false;
  const { kind, entries } = data as { kind?: unknown; entries?: unknown };
  if (kind === 'ask' || kind === 'signedOut') return true;
  return kind === 'share' && Array.isArray(entries) && entries.every((entry) => Array.isArray(entry) && entry.every((part) => typeof part === 'string'));
}

/** This tab's Amplify entries in sessionStorage. */
function tabSessionEntries(): Array<[string, string]> {
  const store = window.sessionStorage;
  return Array.from({ length: store.length }, (_, index) => store.key(index) ?? '')
    .filter((key) => key.startsWith(AMPLIFY_PREFIX))
    .map((key) => [key, store.getItem(key) ?? '']);
}

function hasMarker(): boolean {
  return document.cookie.split('; ').includes(`${SESSION_MARKER}=1`);
}

/** A session cookie (no expiry: it ends with the browser) saying that a tab may hold a session. */
export function markBrowserSession(): void {
  document.cookie = `${SESSION_MARKER}=1; Path=/; SameSite=Strict`;
}

function clearMarker(): void {
  document.cookie = `${SESSION_MARKER}=; Path=/; SameSite=Strict; Max-Age=0`;
}

/**
 * Joins the browser's session: answers other tabs from now on, and, when this tab holds no session
 * but one may exist, copies another tab's (waiting at most ASK_TIMEOUT_MS). Runs before the first render.
 */
export function joinBrowserSession(): Promise<void> {
  forgetEndedSession();
  if (channel || typeof BroadcastChannel === 'undefined') return Promise.resolve();
  const tabs = new BroadcastChannel(CHANNEL_NAME);
  channel = tabs;
  const answered = new Promise<Array<[string, string]> | null>((resolve) => {
    tabs.onmessage = ({ data }: MessageEvent) => {
      if (!isMessage(data)) return;
      if (data.kind === 'ask' && storageHoldingSession() === 'session') {
        markBrowserSession();
        tabs.postMessage({ kind: 'share', entries: tabSessionEntries() } satisfies Message);
      } else if (data.kind === 'share') {
        resolve(data.entries);
      } else if (data.kind === 'signedOut') {
        dropSession(window.sessionStorage);
        signedOutElsewhere();
      }
    };
    if (storageHoldingSession() || !hasMarker()) {
      resolve(null);
      return;
    }
    tabs.postMessage({ kind: 'ask' } satisfies Message);
    setTimeout(() => resolve(null), ASK_TIMEOUT_MS);
  });
  return answered.then((entries) => {
    if (entries === null) return;
    // Only the first answer is taken, and only while this tab has no session of its own.
    if (storageHoldingSession()) return;
    for (const [key, value] of entries) if (key.startsWith(AMPLIFY_PREFIX)) window.sessionStorage.setItem(key, value);
  });
}

/**
 * This tab signs out: the session ends for every tab at once, whatever each is doing (a tab that
 * uses it from now on finds it ended, lib/stored-session.ts), and the open tabs are told, to show it.
 */
export function endBrowserSession(): void {
  endSession();
  clearMarker();
  channel?.postMessage({ kind: 'signedOut' } satisfies Message);
}

/** `handler` runs when another tab signed out, after this tab's copy of the session was dropped. */
export function onSignOutElsewhere(handler: () => void): void {
  signedOutElsewhere = handler;
}
