import { createHash } from 'node:crypto';
import type { ItemKind } from '../../shared/item-kinds';
import { trashExpiresAt } from '../../shared/trash';

/**
 * Every key of the single table is built here, so that no two kinds of record can meet in one
 * partition or under one sort-key prefix (tests/unit/keys.test.ts checks it). docs/data-model.md
 * lists the access patterns they serve.
 */
const USER_PREFIX = 'USER#';
export const userKey = (userId: string) => `${USER_PREFIX}${userId}`;
/** The user a `USER#<id>` partition key belongs to. */
export const userIdOfKey = (pk: string) => pk.slice(USER_PREFIX.length);

/** The single records under a user's partition. */
export const USER_SK = {
  settings: 'SETTINGS',
  /** When the user's tokens start to count (a password reset, a demo account's deletion). */
  sessions: 'SESSIONS',
  /** The change counters the polling reads. */
  stamps: 'STAMPS',
  /** Present for a demo account only: what it has used of its allowance (shared/demo.ts). */
  demo: 'DEMO',
  /** The person's calendar feed, when they made one (functions/calendar-feed/repository.ts). */
  calendarFeed: 'CALENDARFEED',
  /** How many browsers receive reminders by Web Push (functions/reminders/subscriptions.repository.ts): the cap's counter. */
  browsers: 'BROWSERS',
  /** How many reminders are snoozed, each with a schedule of its own (functions/reminders/notices.repository.ts). */
  snoozed: 'SNOOZED',
  /** How many of the person's items expect a reminder, each with at most one schedule (functions/reminders/expected.repository.ts). */
  expectedReminders: 'SCHEDULED',
  /** When the account was made (functions/auth/account-created.repository.ts). */
  account: 'ACCOUNT',
  /** The version of the person's set of access tokens, which every new token moves: two made side by side cannot both pass the limit. */
  accessTokens: 'ACCESSTOKENS',
  /** How many webhooks the person has (functions/webhooks/webhooks.repository.ts): the cap's counter. */
  webhooks: 'WEBHOOKS',
} as const;

/**
 * The byList partition a calendar feed is found in by the hash of its token (the token itself is
 * never stored): one Query on a key, whoever asks.
 */
export const calendarFeedLookupKey = (token: string) => {
  const hash = createHash('sha256').update(token).digest('base64url');
  return { LPK: `CALENDARFEED#${hash}`, LSK: USER_SK.calendarFeed };
};

const ITEM_PREFIX = { goals: 'GOAL', tasks: 'TASK', events: 'EVENT', tags: 'TAG' } as const satisfies Record<ItemKind, string>;
export const KIND_OF_PREFIX = Object.fromEntries(Object.entries(ITEM_PREFIX).map(([kind, prefix]) => [prefix, kind])) as Record<string, ItemKind>;

export const itemKey = (kind: ItemKind, id: string) => `${ITEM_PREFIX[kind]}#${id}`;
/** The sort-key prefix of one kind's items under a user, for begins_with. */
export const itemKeyPrefix = (kind: ItemKind) => `${ITEM_PREFIX[kind]}#`;
/** The lock that keeps a tag name unique for a user, ignoring case (it holds the tag's id). */
export const tagNameKey = (userId: string, name: string) => ({ PK: userKey(userId), SK: `TAGNAME#${name.toLowerCase()}` });
export const listKey = (userId: string, kind: ItemKind) => `${userKey(userId)}#${ITEM_PREFIX[kind]}`;
export const trashKey = (userId: string) => `${userKey(userId)}#TRASH`;

/** When a trashed item may be purged, and the partition of the expiry index it sits in (one per day). */
export function expiryKeys(deletedAt: string): { XPK: string; XSK: string } {
  const expiresAt = trashExpiresAt(deletedAt);
  return { XPK: expiryPartition(expiresAt.slice(0, 10)), XSK: expiresAt };
}

/** The expiry index's partition of one day (yyyy-mm-dd). */
export const expiryPartition = (day: string) => `EXPIRY#${day}`;
/** The records of one bus consumer's Idempotency utility (Powertools), keyed by the event's hash. */
export const idempotencyPartition = (consumer: string) => `IDEMPOTENCY#${consumer}`;
/**
 * A request a user sent with an Idempotency-Key, and the answer it got (functions/platform/
 * idempotent-requests.repository.ts): in a partition of the user's own, so that one user's key
 * never meets another's; it carries a TTL.
 */
export const idempotentRequestKey = (userId: string, key: string) => ({ PK: `IDEMPOTENT#${userId}`, SK: key });
/** The day the hourly purge goes on from. */
export const PURGE_CHECKPOINT_KEY = { PK: 'PURGE', SK: 'CHECKPOINT' } as const;

export const TOOL_CALL_PREFIX = 'TOOLCALL#';
/** agent_tool_calls: one per ElevenLabs tool_call_id, so logging the same call twice finds the first. */
export const toolCallKey = (userId: string, toolCallId: string) => ({ PK: userKey(userId), SK: `${TOOL_CALL_PREFIX}${toolCallId}` });
/** A tool call's attribute holding its processor's lease: kept beside the public fields, shown on no screen. */
export const TOOL_CALL_LEASE = 'claim_until';
/** The byList partition of a user's tool calls, sorted by `<created_at>#<id>`: newest first in one Query. */
export const toolCallListKey = (userId: string) => `${userKey(userId)}#TOOLCALL`;
export const CHANGE_SET_PREFIX = 'CHANGESET#';
/** A change set (the assistant's changes in one turn); its lines sort right after it, so one Query reads the whole set. */
export const changeSetKey = (userId: string, changeSetId: string) => ({ PK: userKey(userId), SK: `${CHANGE_SET_PREFIX}${changeSetId}` });
export const CHANGE_LINE_INFIX = '#LINE#';
/** One line of a change set, in the order its calls were logged, then their items'. */
export const changeLineKey = (userId: string, changeSetId: string, order: string) => ({
  PK: userKey(userId),
  SK: `${CHANGE_SET_PREFIX}${changeSetId}${CHANGE_LINE_INFIX}${order}`,
});
/** The byList partition of a user's change sets, sorted by `<created_at>#<id>`: a day's sets in one Query. */
export const changeSetListKey = (userId: string) => `${userKey(userId)}#CHANGESET`;
/** One open WebSocket of the user's (a tab), for the change notices; it carries a TTL. */
export const CONNECTION_PREFIX = 'CONNECTION#';
export const connectionKey = (userId: string, connectionId: string) => ({ PK: userKey(userId), SK: `${CONNECTION_PREFIX}${connectionId}` });
/** A single-use ticket a socket opens with, found by its hash: the ticket itself is never stored. */
export const socketTicketKey = (ticket: string) => {
  const hash = createHash('sha256').update(ticket).digest('base64url');
  return { PK: `SOCKETTICKET#${hash}`, SK: 'SOCKETTICKET' };
};
/** The reminder an event or a task expects next, with the name of its schedule (functions/reminders/expected.repository.ts). */
export const EXPECTED_REMINDER_PREFIX = 'REMINDER#';
export const expectedReminderKey = (userId: string, kind: ItemKind, id: string) => ({
  PK: userKey(userId),
  SK: `${EXPECTED_REMINDER_PREFIX}${ITEM_PREFIX[kind]}#${id}`,
});
/** A reminder shown on screen until dismissed (functions/reminders/notices.repository.ts); its changes move the `reminders` counter. */
export const REMINDER_NOTICE_PREFIX = 'NOTICE#';
export const reminderNoticeKey = (userId: string, noticeId: string) => ({ PK: userKey(userId), SK: `${REMINDER_NOTICE_PREFIX}${noticeId}` });
/** A browser that receives reminders by Web Push (functions/reminders/subscriptions.repository.ts), by the hash of its endpoint. */
export const PUSH_SUBSCRIPTION_PREFIX = 'PUSHSUB#';
export const pushSubscriptionKey = (userId: string, id: string) => ({ PK: userKey(userId), SK: `${PUSH_SUBSCRIPTION_PREFIX}${id}` });
/** The reminder mails sent to a person on one day (yyyy-mm-dd, UTC), against MAX_REMINDER_MAILS_PER_DAY; it carries a TTL. */
export const reminderMailDayKey = (userId: string, day: string) => ({ PK: userKey(userId), SK: `MAILDAY#${day}` });
/** An address SES reported a bounce or a complaint of (functions/reminders/mail-suppressions.repository.ts): no reminder is mailed to it. */
export const mailSuppressionKey = (address: string) => ({ PK: `MAILSUPPRESSED#${address.toLowerCase()}`, SK: 'MAILSUPPRESSED' });
/** A personal access token of the person's (functions/access-tokens/repository.ts): its name, scope and hash, never the token. */
export const ACCESS_TOKEN_KEY_PREFIX = 'ACCESSTOKEN#';
export const accessTokenKey = (userId: string, tokenId: string) => ({ PK: userKey(userId), SK: `${ACCESS_TOKEN_KEY_PREFIX}${tokenId}` });
/** What a bearer token is found by, whoever sends it: the SHA-256 of the whole token, so one GetItem and never the token itself. */
export const accessTokenLookupKey = (tokenHash: string) => ({ PK: `ACCESSTOKEN#${tokenHash}`, SK: 'ACCESSTOKEN' });
/** A webhook of the person's (functions/webhooks/webhooks.repository.ts), with its sealed signing secret. */
export const WEBHOOK_PREFIX = 'WEBHOOK#';
export const webhookKey = (userId: string, webhookId: string) => ({ PK: userKey(userId), SK: `${WEBHOOK_PREFIX}${webhookId}` });
/**
 * One webhook's delivery log, in a partition of its own (so the person's partition does not fill
 * with it), sorted by the deliveries' ids, which start with their event's time; each carries a TTL.
 */
export const webhookDeliveryKey = (userId: string, webhookId: string, deliveryId: string) => ({
  PK: webhookLogPartition(userId, webhookId),
  SK: deliveryId,
});
export const webhookLogPartition = (userId: string, webhookId: string) => `WEBHOOKLOG#${userId}#${webhookId}`;
/**
 * "Export my data" (functions/exports/repository.ts), all under the person's partition, each with a
 * TTL at the export's expiry: the latest export (one record, replaced by the next), and its zip in
 * parts of at most 300 KiB, read back in order with one Query on the export's prefix.
 */
export const dataExportKey = (userId: string) => ({ PK: userKey(userId), SK: 'DATAEXPORT' });
export const dataExportPartPrefix = (exportId: string) => `EXPORTPART#${exportId}#`;
export const dataExportPartKey = (userId: string, exportId: string, index: number) => ({
  PK: userKey(userId),
  // Padded, so the parts sort in order.
  SK: `${dataExportPartPrefix(exportId)}${String(index).padStart(4, '0')}`,
});
/**
 * An import (functions/imports/imports.repository.ts): its preview and progress, and the items it
 * will write in chunks sorting right after it (`IMPORT#<id>#CHUNK#<n>`), so one Query reads them all;
 * each carries a TTL. Under the user's partition: account deletion's partition sweep takes them.
 */
export const IMPORT_PREFIX = 'IMPORT#';
export const importKey = (userId: string, importId: string) => ({ PK: userKey(userId), SK: `${IMPORT_PREFIX}${importId}` });
export const importChunkKey = (userId: string, importId: string, chunk: number) => ({
  PK: userKey(userId),
  SK: `${IMPORT_PREFIX}${importId}#CHUNK#${String(chunk).padStart(4, '0')}`,
});
/** An outside assistant's conversation over MCP (`mcp:<token id>`): its current turn and last call (functions/mcp/turns.repository.ts); it carries a TTL. */
export const mcpConversationKey = (userId: string, conversationId: string) => ({ PK: userKey(userId), SK: `MCPCONVERSATION#${conversationId}` });
/** voice_sessions: one per call started. */
export const voiceSessionKey = (userId: string, sessionId: string) => ({ PK: userKey(userId), SK: `VOICESESSION#${sessionId}` });

// ---- Google Calendar, under the user's partition, and the OAuth attempts of their own ----

export const GCAL_SK = {
  /** gcal_tokens: sealed tokens, scopes, expiry, and how the first sync went. */
  tokens: 'GCAL#TOKENS',
  /** Google's sync token and the window it was issued for. */
  syncState: 'GCAL#SYNC',
  /** gcal_events: one row per synced Google event, so disconnect finds them without reading the user's own. */
  syncedPrefix: 'GCALEVENT#',
  /** The mirror's log, by change time then bus event id. */
  mirrorPrefix: 'GCALMIRROR#',
  /** An event whose latest change Google has not confirmed yet (functions/gcal/pending-mirror.repository.ts). */
  pendingPrefix: 'GCALPENDING#',
  /** The watch channel Google notifies changes on (functions/gcal/watch-channel.repository.ts). */
  watch: 'GCAL#WATCH',
} as const;

export const gcalTokensKey = (userId: string) => ({ PK: userKey(userId), SK: GCAL_SK.tokens });
export const gcalSyncStateKey = (userId: string) => ({ PK: userKey(userId), SK: GCAL_SK.syncState });
export const syncedRowKey = (googleId: string) => `${GCAL_SK.syncedPrefix}${googleId}`;

export const pendingMirrorKey = (userId: string, eventId: string) => ({ PK: userKey(userId), SK: `${GCAL_SK.pendingPrefix}${eventId}` });
/** How many byExpiry partitions the pending mirrors are spread over, so that an outage's writes meet no one hot key. */
export const PENDING_MIRROR_SHARDS = 4;
/** The byExpiry partition of a user's pending mirrors, sorted by when they are tried next. */
export const pendingMirrorPartition = (shard: number) => `GCALPENDING#${shard}`;

export const watchChannelKey = (userId: string) => ({ PK: userKey(userId), SK: GCAL_SK.watch });
/** How many byExpiry partitions the watch channels are spread over, by when each is renewed. */
export const WATCH_CHANNEL_SHARDS = 4;
export const watchRenewalPartition = (shard: number) => `GCALWATCH#${shard}`;

/** The same bus event (a redelivery) always lands on the same key: that is what makes the mirror idempotent. */
export const mirrorLogKey = (userId: string, occurredAt: string, busEventId: string) => ({
  PK: userKey(userId),
  SK: `${GCAL_SK.mirrorPrefix}${occurredAt}#${busEventId}`,
});

/** A pending OAuth attempt is found by the hash of its state nonce; the nonce itself is never stored. */
export const oauthStateKey = (nonce: string) => {
  const hash = createHash('sha256').update(nonce).digest('base64url');
  return { PK: `GCALSTATE#${hash}`, SK: 'GCALSTATE' };
};

// ---- accounts and the public forms, each in partitions of its own ----

/** One quota's count in one window (functions/platform/quota.repository.ts). */
export const quotaKey = (key: string, windowStart: number) => ({ PK: `QUOTA#${key}`, SK: `WINDOW#${windowStart}` });
/** The sign-in attempts of one account. */
export const signInThrottleKey = (account: string) => ({ PK: `SIGNIN#${account.toLowerCase()}`, SK: 'THROTTLE' });
/**
 * The browsers trusted for one account (hashes of their tokens), by its `sub`: what its address may
 * become never moves them. (The records kept by address before, under SIGNIN#<address>, are read no
 * more and lapse by their TTL.)
 */
export const trustedDevicesKey = (userId: string) => ({ PK: `TRUSTED#${userId}`, SK: 'DEVICES' });
/** A mailed sign-in link, found by the hash of its token (the token itself is never stored). */
export const signInLinkKey = (token: string) => signInLinkKeyOfHash(signInLinkHash(token));
export const signInLinkHash = (token: string) => createHash('sha256').update(token).digest('base64url');
/** account-deletion: the account's last link, by the hash its LINKMAILED record keeps (`link_hash`). */
export const signInLinkKeyOfHash = (hash: string) => ({ PK: `SIGNINLINK#${hash}`, SK: 'SIGNINLINK' });
/** When an account was last mailed a sign-in link, by its `sub`. */
export const signInLinkMailedKey = (userId: string) => ({ PK: `LINKMAILED#${userId}`, SK: 'LINKMAILED' });
/** A verification link already used. */
export const verifiedLinkKey = (email: string) => ({ PK: `VERIFIED#${email.toLowerCase()}`, SK: 'VERIFIED' });
/** One address's live password reset code. */
export const resetCodeKey = (email: string) => ({ PK: `RESET#${email.toLowerCase()}`, SK: 'LIVE' });
export const waitlistKey = (email: string) => ({ PK: `WAITLIST#${email}`, SK: 'WAITLIST' });
export const bugReportKey = (id: string) => ({ PK: `BUGREPORT#${id}`, SK: 'BUGREPORT' });
/** The demo accounts that expire on a day (yyyy-mm-dd), for the hourly clean-up. */
export const demoExpiryPartition = (day: string) => `DEMOEXPIRY#${day}`;
/** A demo account's record in the register, by its expiry. */
export const demoRegisterKey = (expiresAt: string, userId: string) => ({ PK: demoExpiryPartition(expiresAt.slice(0, 10)), SK: `${expiresAt}#${userId}` });
