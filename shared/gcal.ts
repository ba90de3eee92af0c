/** Google Calendar: the scopes asked for, the texts a person reads, and the rules of the connect flow (the API's shapes: gcal.schema.ts). */

/** Sync-in reads with the read-only scope; mirroring out needs the events scope, asked for separately. */
export const GCAL_SCOPES = {
  read: 'https://www.googleapis.com/auth/calendar.readonly',
  write: 'https://www.googleapis.com/auth/calendar.events',
} as const;

/** The calendar texts and toasts. */
export const GCAL_MESSAGES = {
  connectionExpired: 'Connection attempt expired. Please try again.',
  noTokens: 'No Google OAuth tokens found in session',
  connectFailed: 'Failed to complete Google Calendar connection',
  notConnected: 'Google Calendar not connected',
  initialSyncFailed: 'Google Calendar connected, but initial sync failed. Please try syncing manually.',
  disconnected: 'Google Calendar disconnected successfully',
  calendarSynced: 'Calendar synced successfully',
  connectToastFailed: 'Failed to connect Google Calendar',
  syncToastFailed: 'Failed to sync calendar',
  disconnectToastFailed: 'Failed to disconnect Google Calendar',
  /** The server has no Google OAuth client (or no token key) set up. */
  notConfigured: 'Google Calendar is not configured on this server',
} as const;

export const syncFailedMessage = (text: string) => `Sync failed: ${text}`;
export const syncedMessage = (count: number) => `Successfully synced ${count} events from Google Calendar`;

/** The {text} of 'Sync failed: {text}' for each way Google can fail a sync. */
export const SYNC_FAILURE_TEXTS = {
  accessLost: 'Google Calendar access was revoked or has expired. Please connect Google Calendar again.',
  forbidden: 'Google Calendar refused access to your calendar.',
  rateLimited: 'Google Calendar is receiving too many requests. Please try again in a few minutes.',
  unavailable: 'Google Calendar is not responding. Please try again later.',
} as const;

/** Where the callback sends the browser back: /settings?gcal=connected, or ?gcal=error&message=... */
export const GCAL_RETURN = { path: '/settings', param: 'gcal', connected: 'connected', error: 'error', reason: 'reason' } as const;

/**
 * Why a connection failed, as the callback names it in the settings address (`reason`): a code,
 * never a text, so nobody can make the page show words of their choosing with a crafted link.
 */
export const GCAL_CONNECT_FAILURES = {
  expired: 'connectionExpired',
  'no-tokens': 'noTokens',
  failed: 'connectFailed',
} as const satisfies Record<string, keyof typeof GCAL_MESSAGES>;
export type GcalConnectFailure = keyof typeof GCAL_CONNECT_FAILURES;

/** The message (its key in GCAL_MESSAGES) for a `reason` from the address; anything not ours reads as the general failure. */
export function connectFailureKey(reason: string | null): keyof typeof GCAL_MESSAGES {
  return Object.hasOwn(GCAL_CONNECT_FAILURES, reason ?? '') ? GCAL_CONNECT_FAILURES[reason as GcalConnectFailure] : 'connectFailed';
}

export const INITIAL_SYNC_STATES = ['pending', 'succeeded', 'failed'] as const;

export const MIRROR_CHANGES = ['item.created', 'item.updated', 'item.deleted', 'item.restored', 'item.purged'] as const;
export const MIRROR_ACTIONS = ['upsert', 'delete'] as const;
export const MIRROR_OUTCOMES = ['mirrored', 'skipped: read-only', 'skipped: not connected', 'waiting for Google'] as const;
export type MirrorChange = (typeof MIRROR_CHANGES)[number];
export type MirrorAction = (typeof MIRROR_ACTIONS)[number];
export type MirrorOutcome = (typeof MIRROR_OUTCOMES)[number];

/** How many waiting changes the status counts at most (Settings says "100 or more" beyond). */
export const GCAL_WAITING_COUNTED = 100;
