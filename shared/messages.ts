/** User-facing texts that both the web app and the API speak. */
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  invalidResetCode: 'Please enter a valid 6-digit code',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordsDontMatchInline: "Passwords don't match",
  passwordRequirements: 'Password does not meet the requirements',
  /** The sign-up name, which our mails greet the person by. */
  nameTooLong: 'Name must be at most 80 characters',
  nameCharacters: 'Name may contain only letters, spaces, apostrophes, hyphens and periods',
  invalidVerificationCode: 'Invalid verification code',
  invalidDeviceToken: 'This is not a sign-in token of this app.',
  invalidBrowserKey: 'This is not a browser key of this app.',
  invalidSignInLink: 'This sign-in link has expired or was used already. Ask for a new one.',
  /** Cognito quotes a trigger's error and adds a full stop, so this text has none. */
  signInThrottled: (seconds: number) => `Too many sign-in attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,

  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  descriptionRequired: 'Description is required',
  descriptionTooShort: 'Description must be at least 10 characters',

  goalTitleRequired: 'Goal title is required',
  targetDateInPast: 'Target date cannot be in the past',
  taskTitleRequired: 'Task title is required',
  dueDateInPast: 'Due date cannot be in the past',
  goalNotLinkable: 'Tasks can only be linked to one of your goals that is not completed',

  titleRequired: 'Title is required',
  startDateRequired: 'Start date is required',
  startTimeRequired: 'Start time is required',
  endDateRequired: 'End date is required',
  endTimeRequired: 'End time is required',
  endBeforeStart: 'End time must be after start time',
  /** Repeating events and tasks. */
  repeatRuleInvalid: 'This repeat rule is not valid',
  repeatFrequency: 'Repeat must be daily, weekly, monthly or yearly',
  repeatEndsTwice: 'A repeat ends after a number of times or on a date, not both',
  repeatIntervalRange: 'Repeat every must be between 1 and 99',
  repeatCountRange: 'A repeat can happen 1 to 999 times',
  repeatTimeZone: 'This time zone is not known',
  repeatEndBeforeStart: 'The repeat must end after it starts',
  repeatNeverHappens: 'This repeat never happens',
  repeatNeedsDueDate: 'A repeating task needs a due date',

  tagNameRequired: 'Tag name is required',
  tagNameTaken: 'A tag with this name already exists',

  waitingListDuplicate: 'This email is already on our waiting list',
  /** A public form sent too often from one browser or for one address. */
  tooManySubmissions: 'Too many submissions. Please try again later.',
  /** A person's hourly quota of voice calls or Google syncs is used up. */
  tooManyVoiceCalls: 'You have started many voice calls this hour. Please try again later.',
  tooManySyncs: 'You have synced many times this hour. Please try again later.',
  /** The user pool's web ACL refused one address's many calls to Cognito. */
  tooManyAuthRequests: 'Too many requests from your network. Please wait a few minutes and try again.',
  /** One address has made many demo accounts this hour. */
  tooManyDemos: 'Many demo accounts were made from your network this hour. Please try again later.',
  /** The stage's ceilings on demo accounts (an hour's, or all at once) are reached. */
  demoFull: 'The demo is full right now. Please try again in an hour.',
  /** What one demo account may use (shared/demo.ts). */
  demoVoiceUsedUp: 'This demo has used its voice conversations. Sign up to talk to the assistant as much as you like.',
  demoNoGoogle: 'A demo cannot connect a Google calendar. Sign up to connect yours.',
  waitingListFailed: 'Failed to join waiting list. Please try again.',

  dateOutOfRange: 'Date is out of range',
  invalidDate: 'Please enter a valid date and time',

  /** Ours: the settings' and the waiting list's choices. */
  timeZoneChoice: 'Choose a time zone from the list',
  languageChoice: 'Choose English, Spanish, French or German',
  syncPastDaysRange: 'Sync past days must be between 0 and 60',
  syncFutureMonthsRange: 'Sync future months must be between 1 and 12',
  startHourRange: 'Start hour must be 0 to 23',
  startMinuteChoice: 'Start minute must be 0, 15, 30 or 45',
  reminderChoice: 'Choose a reminder from the list',
  tooManyReminders: 'At most 5 reminders',
  reminderTwice: 'Each reminder may be chosen once',
  pushServiceUnknown: 'This browser’s push service is not one we can send to',
  tooManyBrowsers: 'Notifications are on in 20 browsers already. Remove one in Settings first.',
  tooManySnoozed: '20 reminders are snoozed already. Dismiss one first.',
  /** Text fields refuse control characters (tab and line break aside): in a mail header or a calendar feed they would break lines. */
  titleControlCharacters: 'Title must not contain control characters',
  descriptionControlCharacters: 'Description must not contain control characters',
  locationControlCharacters: 'Location must not contain control characters',
  tagNameControlCharacters: 'Tag names must not contain control characters',
  browserNameControlCharacters: 'Browser name must not contain control characters',
  roleChoice: 'Choose a role from the list',
  unknownField: 'Unknown field',
  /** Ours: an id a client makes up (a voice tool call's, a conversation's), which paths carry as it is. */
  idCharacters: 'May contain only letters, digits and . _ ~ -',
} as const;

/** Texts of the API's own errors. */
export const API_ERRORS = {
  invalidJson: 'The request body is not valid JSON',
  validation: 'Some fields are not valid',
  unauthorized: 'Sign in to continue',
  notFound: 'Not found',
  payloadTooLarge: 'The request is too large',
  illFormedText: 'The text is not valid Unicode',
  internal: 'Something went wrong on our side. Please try again.',
  staleWrite: 'This item was changed elsewhere. Reload and try again.',
  /** A PATCH whose If-Match names a version the item has left: the answer carries the item as it is now. */
  versionMismatch: 'This item was changed elsewhere since you last saw it.',
  invalidIfMatch: 'If-Match must be the version of the item, a whole number',
  idAlreadyUsed: 'An item with this id exists already.',
  invalidIdempotencyKey: 'The Idempotency-Key must be 1 to 255 printable ASCII characters',
  idempotencyInProgress: 'This request is still being handled. Try again in a moment.',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different request.',
} as const;

/** The voice assistant's texts (and the microphone's). */
export const VOICE_MESSAGES = {
  notConfigured: 'Voice agent not configured. Please contact support.',

  configNotFound: 'ElevenLabs configuration endpoint not found. Please ensure the edge function is deployed.',
  configUnauthorized: 'Authentication failed. Please log out and log back in.',
  configServerError: 'Server error occurred. Please try again later.',
  configFailed: (status: number, statusText: string) => `Failed to get ElevenLabs configuration: ${status} ${statusText}`.trimEnd(),
  noSession: 'No active session. Please log in to use voice features.',
  configIncomplete: 'ElevenLabs configuration incomplete. Please check your agent setup.',

  microphoneDenied: 'Microphone access was denied. Click the microphone icon in the address bar, allow access, then try again.',
  microphoneNotFound: 'No microphone was found. Connect a microphone and try again.',
  microphoneInUse: 'Your microphone is in use by another application. Close that application and try again.',
  microphoneDismissed: 'Microphone permission was dismissed. Start the call again and choose Allow.',

  socketCreateFailed: 'Failed to establish voice connection. Please check your internet connection.',
  socketError: 'Connection to voice agent failed. Please check your internet connection and try again.',
  connectionLost: 'Voice agent connection lost. Please try reconnecting.',
  startFailed: 'Failed to start voice call. Please try again.',
  /** The call start's own words: nobody signed in (for the configuration fetch's noSession), and a session that cannot give a token. */
  userNotAuthenticated: 'User not authenticated. Please sign in to use voice features.',
  authenticationError: 'Authentication error. Please sign out and sign back in.',
  /** ElevenLabs refused the conversation (close 1008), which no connection check fixes. */
  agentUnavailable: 'The voice assistant is unavailable right now. Please try again later.',

  toolProcessing: 'Processing...',
  toolCompleted: 'Completed',
  toolFailed: 'Failed',
  toolUndone: 'Undone',
  toolSubtitleFallback: 'Processing request',
  undone: 'Change undone',
  undoFailed: 'Failed to undo change',
  /** Why a line of the assistant's change set could not be undone. */
  changedSince: 'Changed since',
  deletedSince: 'Deleted since',
  /** Why a planned block could not be made when the person accepted it. */
  taskDoneOrGone: 'Task done or deleted since',
  taskPlannedSince: 'Task planned since',
  timeTakenSince: 'Time taken since',
  tooManyChanges: 'Too many changes in one request',
} as const;

type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];
export type MessageKey = TextKeys<typeof MESSAGES>;
export type ApiErrorKey = keyof typeof API_ERRORS;
export type VoiceMessageKey = TextKeys<typeof VOICE_MESSAGES>;
type TextKey = MessageKey | ApiErrorKey | VoiceMessageKey;

const KEY_OF_TEXT = new Map<string, TextKey>(
  ([...Object.entries(MESSAGES), ...Object.entries(API_ERRORS), ...Object.entries(VOICE_MESSAGES)] as Array<[TextKey, unknown]>)
    .filter((entry): entry is [TextKey, string] => typeof entry[1] === 'string')
    .map(([key, text]) => [text, key]),
);

/**
 * The stable key of one of these texts, which the API answers beside the English text so a
 * client can show the message in the person's language; undefined for a text not listed here.
 */
export function messageKeyOf(text: string): TextKey | undefined {
  return KEY_OF_TEXT.get(text);
}
