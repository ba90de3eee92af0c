/** The product's constants and limits, one definition for web and functions. */

export const MOBILE_BREAKPOINT_PX = 768;

export const SESSION_CACHE_MS = 5 * 60_000;
/**
 * The sign-in throttle. Per account and browser: 5 attempts in any minute, then a wait that doubles
 * with each refusal (5 s, 10 s, 20 s... at most 15 min) until the browser has left the account
 * alone for 15 min; a successful sign-in clears that browser. Per account
 * from every browser together: 100 attempts in any hour, far above what a person makes, so that
 * guesses spread over many browsers stay bounded.
 */
export const AUTH_THROTTLE = {
  attempts: 5,
  windowMs: 60_000,
  cooldownMs: 5_000,
  maxCooldownMs: 15 * 60_000,
  accountAttempts: 100,
  accountWindowMs: 60 * 60_000,
} as const;

/**
 * Browsers trusted for sign-in (OWASP's device cookies): after a sign-in the browser holds a random
 * token bound to the account, and its attempts are counted apart from strangers', so that
 * accountAttempts never locks it out. An account keeps its latest perAccount; each lasts lifetimeMs.
 * A browser keeps the tokens of the latest perBrowser accounts signed in with it.
 */
export const TRUSTED_DEVICES = { perAccount: 10, perBrowser: 10, lifetimeMs: 180 * 24 * 60 * 60_000 } as const;
/** The ID token's claim that hands a browser its device token with a password sign-in (functions/auth/pre-token-generation.ts). */
export const DEVICE_TOKEN_CLAIM = 'tempo_device_token';
/** The ID token's claim saying when the account was made, as an ISO time (functions/auth/pre-token-generation.ts): the user view's created_at. */
export const ACCOUNT_CREATED_CLAIM = 'tempo_created_at';

export const DATA_CACHE_TTL_MS = {
  goals: 5 * 60_000,
  tasks: 5 * 60_000,
  events: 10 * 60_000,
  tags: 30 * 60_000,
  toolCalls: 2 * 60_000,
  reminders: 5 * 60_000,
} as const;
export const TOOL_CALL_FETCH_LIMIT = 50;

export const MICROPHONE = {
  sampleRate: 16_000,
  channelCount: 1,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
  processorBufferSize: 2048,
} as const;
export const CONFIG_FETCH = { timeoutMs: 10_000, attempts: 3, backoffMs: [2_000, 4_000], preflightTimeoutMs: 5_000 } as const;

export const GOOGLE_PENDING_WINDOW_MS = 10 * 60_000;
export const GOOGLE_TOKEN_FALLBACK_LIFETIME_S = 3600;
export const INITIAL_SYNC_DELAY_MS = 1_000;

export const POLLING_MS = { data: 3_000, toolCalls: 1_000 } as const;
/**
 * The change notices' WebSocket (shared/changes.schema.ts): a ping within API Gateway's 10-minute idle
 * timeout, and the wait before reconnecting, doubled after each failed try up to its ceiling
 * (each wait drawn between half and all of it, so tabs do not come back all at once).
 */
export const CHANGE_SOCKET = { pingMs: 8 * 60_000, reconnectFirstMs: 1_000, reconnectMaxMs: 30_000, openTimeoutMs: 10_000 } as const;
/**
 * What one person's sockets may cost. `openPerUser`: sockets open at once (a tab each; the oldest
 * is closed first when a new one passes it); every notice is a billed message to each. `frames`:
 * what one socket may send in a window; each frame runs a Lambda, and a tab sends one ping every
 * 8 minutes, so a socket past it is not a tab and is closed. `ticketSeconds`: how long the
 * single-use ticket a socket opens with lives (it is asked for just before).
 */
export const SOCKET_LIMITS = { openPerUser: 10, frames: { perWindow: 10, windowSeconds: 60 }, ticketSeconds: 30 } as const;
/** API Gateway's WebSocket quotas: a frame, a message, and the close code of a connection past either (1009, message too big). */
export const SOCKET_SIZE_LIMITS = { frameBytes: 32 * 1024, messageBytes: 128 * 1024, closeCode: 1009 } as const;
/** The path of that WebSocket on the site's origin: CloudFront passes it to the WebSocket API's stage of the same name. */
export const CHANGE_SOCKET_PATH = '/ws';

/** Reset codes: 6 digits, valid 15 minutes, 5 wrong guesses, at most one new code a minute per address. */
/**
 * An address has one live code: asked again, it is mailed again, at most once per reissueMs and
 * sendsPerCode times in all, never counted by the day, so that nobody's
 * requests keep a working code from its owner. Guesses stay at 5 per code, a code per 15 minutes.
 */
export const RESET_CODE = { digits: 6, expiryMs: 15 * 60_000, attempts: 5, reissueMs: 60_000, sendsPerCode: 5, redirectAfterResetMs: 2_000 } as const;

/**
 * Wrong reset-code guesses one account takes in a UTC day from browsers it does not trust, over all
 * its codes and every requester: 25 × 366 days of one-in-a-million guesses stays under a 1% chance
 * in a year, however many addresses a campaign has. A trusted browser's guesses are not counted
 * here (each code still allows it RESET_CODE.attempts of its own), so no campaign stops the owner.
 */
export const RESET_GUESSES = { untrustedPerAccount: 25, windowMs: 24 * 60 * 60_000 } as const;

/**
 * The mailed sign-in link that makes a browser trusted for the account (functions/auth/sign-in-links.repository.ts):
 * one use, valid expiryMs; one account is mailed one at most every mailEveryMs, whoever asks, so
 * its mailbox always holds a working link and never a flood of them.
 */
export const SIGN_IN_LINK = { expiryMs: 15 * 60_000, mailEveryMs: 3 * 60_000 } as const;
export const PASSWORD_MIN_LENGTH = 8;

export const WAITING_LIST_CONFIRMATION_DELAY_MS = 1_000;

/**
 * What the public forms keep, and how much one browser (by address) or one email may send: room
 * for a household or an office behind one address, not for a script. Entries expire by TTL: the
 * waiting list well past the early-access promise, bug reports once forwarded and looked at.
 */
/**
 * Per person, on what costs money or another service's patience: each voice call is a billed
 * ElevenLabs conversation, each sync a round of Google Calendar calls. Far above what a person
 * does by hand in an hour.
 */
export const USER_QUOTAS = {
  window: 60 * 60_000,
  voiceCalls: 30,
  googleSyncs: 60,
} as const;

/**
 * What one requester may ask of the public account routes in an hour, by address (and for reset
 * codes by browser within it): room for a household or an office behind one address, while a
 * script asking for codes, or guessing them, in other people's names soon waits.
 */
export const ACCOUNT_ROUTE_LIMITS = {
  window: 60 * 60_000,
  resetCodesPerBrowser: 5,
  resetCodesPerAddress: 20,
  resetsPerAddress: 30,
  wrongVerificationsPerAddress: 100,
  signInLinksPerBrowser: 5,
  signInLinksPerAddress: 20,
  wrongSignInLinksPerAddress: 100,
} as const;

export const PUBLIC_FORM_LIMITS = {
  window: 60 * 60_000,
  waitlistPerClient: 20,
  bugReportsPerClient: 20,
  bugReportsPerAddress: 10,
  waitlistKeptDays: 365,
  bugReportsKeptDays: 90,
} as const;

export const AGENT_EVENTS = { optimisticDelayMs: 100, processingFlagMs: 300 } as const;
/** The tool toast: how long each call shows, how many finished calls it shows, and how many of a batch's items it names. */
export const TOOL_ACTIVITY_TOAST = { durationMs: 5_000, latestFinished: 3, itemsNamed: 3 } as const;
export const TOAST = { durationMs: 5_000, exitMs: 300 } as const;

export const DASHBOARD = {
  priorityTasks: 5,
  activeGoals: 5,
  listHeightPx: 400,
  goalHoverTasks: 3,
  highlightMs: 3_000,
  goalProgressGoals: 3,
  goalProgressTaskPreviews: 3,
} as const;

export const TRASH_RETENTION_DAYS = 10;

/**
 * What one account may keep in a browser for offline use (web/src/lib/offline/): changes waiting to
 * be sent (the person is warned from warnAtWaitingChanges on, and a change past maxWaitingChanges
 * is refused before it shows), and the pages' data kept for reading offline, in bytes of JSON.
 */
export const OFFLINE_LIMITS = { maxWaitingChanges: 1000, warnAtWaitingChanges: 900, maxKeptBytes: 20_000_000 } as const;
export const TRASH_WARNING_DAYS = 3;

/**
 * How long the API keeps the answer to a request sent with an Idempotency-Key (functions/platform/
 * idempotent-requests.repository.ts): a retry within it gets the same answer, and nothing runs twice.
 */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

export const TAGS_SHOWN = { list: 2, grid: 3, taskCard: 3 } as const;
export const TAG_SUGGESTIONS = { minChars: 3, max: 10 } as const;

export const DRAG = { activationPx: 8, keyboardStepPx: 25 } as const;
export const REFRESH_SPINNER_MS = 500;
export const SAVED_INDICATOR_MS = 3_000;

export const CALENDAR = {
  dayRowPx: 80,
  weekRowPx: 64,
  minBlockDayPx: 24,
  minBlockWeekPx: 20,
  monthAllDayShown: 2,
  monthEntriesShown: 4,
  timeFormat: 'h:mm a',
  dateFormat: 'MMM d, yyyy',
} as const;

/** Limits of the API itself: what a request may carry. */
export const API_LIMITS = {
  maxBodyBytes: 64 * 1024,
  titleMax: 200,
  descriptionMax: 5_000,
  locationMax: 500,
  tagNameMax: 50,
  tagsPerItem: 20,
  earliestYear: 1970,
  latestYear: 2100,
} as const;

/**
 * What one client may send, over 5 minutes, so that no one client's flood starves the others: a
 * signed-in person (counted by their account) far more than the SPA's polling and a talking
 * assistant make, and requests without a token (counted by address) plenty for the public pages
 * and forms. Whatever one address sends, with a token or not, has a ceiling too: room for a few
 * people behind one router, while a script sending made-up tokens (which the edge cannot verify)
 * is still bounded. The public routes (forms, links from mails, the demo) count by address alone,
 * whatever headers come along, a tenth of their own throttle (PUBLIC_ROUTE_THROTTLE: 3,000 in the
 * window), so that no one address can use it up for everyone. The local adapter applies them as
 * here; in AWS they are the rules of the CloudFront web ACL (infra/stacks/edge-stack.ts), where a
 * person is counted by their token. An address is an IPv6 host's /64, as in the handlers. Google's
 * push notices come for everyone from a few of Google's addresses, so they are left out of the
 * per-address counts (their channel token is checked instead, under their own route throttle).
 * Each calendar feed address (its token) has its own count: a calendar app polls a few times an hour.
 */
export const CLIENT_RATE_LIMITS = {
  windowMs: 5 * 60_000,
  perPerson: 3_000,
  anonymousPerAddress: 600,
  perAddress: 10_000,
  publicRoutesPerAddress: 300,
  calendarFeedPerToken: 60,
} as const;

/**
 * Calls to Cognito from one address over 5 minutes (sign-in, sign-up, refresh, reset): a web ACL
 * on the user pool in AWS. Each Amplify sign-in is a few calls; a household signs in far less.
 */
export const COGNITO_CALLS_PER_ADDRESS = { windowSeconds: 300, limit: 300 } as const;

/** Each public route's own throttle (a form, a link from a mail), so that none can use up the stage's: in API Gateway's route settings and the local adapter. */
export const PUBLIC_ROUTE_THROTTLE = { ratePerSecond: 10, burst: 20 } as const;

/**
 * The throttle of a public route a service calls for everyone at once (Google's push notifications,
 * each one conditional write): ten times a form's, since Google drops a notification answered 429.
 */
export const SERVICE_ROUTE_THROTTLE = { ratePerSecond: 100, burst: 200 } as const;

/** Stage-wide throttle, the same in API Gateway and the local adapter: room for ~2,000 polling users (one check per 3 s, tool calls per 1 s while talking). */
export const API_THROTTLE = { ratePerSecond: 2_000, burst: 4_000 } as const;

export const GOAL_DUE_SOON_DAYS = 7;
export const TASK_DUE_SOON_DAYS = 3;
export const PRIORITY_WEIGHT = { high: 3, medium: 2, low: 1 } as const;
