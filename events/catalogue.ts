import { z } from 'zod';
import { TRACE_HEADERS } from '../shared/error-reporting';
import { ENTITIES } from '../shared/item-kinds';
import { LANGUAGES } from '../shared/languages';
import { ReminderNoticeSchema } from '../shared/reminder-notices.schema';
import { TOOL_CALL_STATUSES } from '../shared/tool-calls';

/**
 * The event catalogue: every detail-type put on the bus, with the schema of its detail. Producers
 * validate against it before putting; consumers parse with it; the CDK and the local bus read the
 * rules beside it (rules.ts).
 */
export const EVENT_SOURCE = 'tempo.app';

const occurredAt = z.iso.datetime({ offset: true });
const entity = z.enum(ENTITIES);
const record = z.record(z.string(), z.unknown());

/**
 * The trace a request's event continues (TRACE_HEADERS), put on by the
 * producer when the request is traced: its consumer's span joins the browser's trace (docs/events.md).
 */
const [traceHeader, baggageHeader] = TRACE_HEADERS;
export const TraceHeadersSchema = z.object({ [traceHeader]: z.string(), [baggageHeader]: z.string().optional() });
export type TraceHeaders = z.infer<typeof TraceHeadersSchema>;
const trace = TraceHeadersSchema.optional();

/**
 * A change to one item, from the table's stream (functions/changes/publish-changes.ts): `item` is the
 * item after the change, `previous` before it. `changeId` is the stream record's: a change put on
 * the bus twice (a retried batch) carries the same one, and consumers handle it once.
 */
const ItemChange = z.object({
  userId: z.string(),
  entity,
  id: z.string(),
  item: record.nullable(),
  previous: record.nullable(),
  occurredAt,
  changeId: z.string(),
});

export const EVENT_CATALOGUE = {
  'item.created': ItemChange,
  /** Any change to a live item, its place in a reordered list included. */
  'item.updated': ItemChange,
  /** Moved to the trash (goals, tasks, events) or, for tags, deleted. */
  'item.deleted': ItemChange,
  'item.restored': ItemChange,
  /** Permanently deleted from the trash. */
  'item.purged': ItemChange,
  /**
   * A reminder was delivered (functions/reminders/fire.ts): shown on screen, pushed or mailed as the
   * person chose. `changeId` is the notice's id, one per reminder: a firing retried puts the same one.
   */
  'reminder.due': z.object({ userId: z.string(), reminder: ReminderNoticeSchema, occurredAt, changeId: z.string() }),
  /** The user's settings row was made: at sign-up, or by the Google flag for a user without one. */
  'settings.created': z.object({ userId: z.string(), settings: record, occurredAt }),
  /** Saved from the settings screen, or the Google flag corrected to whether tokens are stored. */
  'settings.updated': z.object({ userId: z.string(), settings: record, occurredAt }),
  'waitlist.joined': z.object({ email: z.string(), occurredAt }),
  /** Someone asked for a reset code; the consumer mails one if the address has an account. */
  'password.reset-requested': z.object({ email: z.string(), lang: z.enum(LANGUAGES).default('en'), occurredAt }),
  /** Someone asked for a sign-in link; the consumer mails one if the address has an account. */
  'auth.sign-in-link-requested': z.object({ email: z.string(), lang: z.enum(LANGUAGES).default('en'), occurredAt }),
  /**
   * A person asked for their account's deletion (functions/account/handler.ts), which has signed it
   * out and ended its tokens; the consumer deletes everything of it, then mails the confirmation to
   * `email` in `lang`.
   */
  'account.deletion-requested': z.object({ userId: z.string(), email: z.string(), lang: z.enum(LANGUAGES), occurredAt }),
  'bugreport.submitted': z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    description: z.string(),
    occurredAt,
    trace,
  }),
  /** Tokens stored after the OAuth callback; the first sync follows on the bus. */
  'gcal.connected': z.object({ userId: z.string(), writeAccess: z.boolean(), occurredAt }),
  /**
   * Google said the person's calendar changed (a push notification on their watch channel): one
   * incremental sync follows, however many notifications came while it was queued.
   */
  'gcal.changes-notified': z.object({ userId: z.string(), occurredAt }),
  /** Tokens and synced events removed. */
  'gcal.disconnected': z.object({ userId: z.string(), removedEvents: z.number().int(), occurredAt }),
  /** A call is starting: its configuration and signed URL were handed out. */
  'voice.session-started': z.object({ userId: z.string(), sessionId: z.string(), agentId: z.string(), occurredAt }),
  /** A call ended; its length, and its conversation once one was opened. */
  'voice.session-ended': z.object({
    userId: z.string(),
    sessionId: z.string(),
    conversationId: z.string().nullable(),
    durationSeconds: z.number().int(),
    occurredAt,
  }),
  /** The assistant asked for a client tool; the call is logged as pending and the processor runs it. */
  'toolcall.requested': z.object({ userId: z.string(), toolCallId: z.string(), toolName: z.string(), occurredAt, trace }),
  /** A tool call finished, with success or error. */
  'toolcall.completed': z.object({
    userId: z.string(),
    toolCallId: z.string(),
    toolName: z.string(),
    status: z.enum(TOOL_CALL_STATUSES).exclude(['pending']),
    occurredAt,
  }),
  /** The person asked for an export of their data (POST /api/exports); the consumer builds its zip (functions/exports/build.ts). */
  'export.requested': z.object({ userId: z.string(), exportId: z.string(), occurredAt, trace }),
  /**
   * A chunk of a confirmed import is to be written (functions/imports/apply.ts): the first when the
   * person confirms, each next one when the one before is written.
   */
  'import.chunk-due': z.object({ userId: z.string(), importId: z.string(), chunk: z.number().int().min(0), occurredAt }),
  /**
   * SES's own events (source `aws.ses`, on the account's default bus), from the sender identity's
   * configuration set (infra/stacks/email-stack.ts): a mail bounced, or its recipient marked it as
   * spam. Only the fields the consumer reads; SES sends more.
   */
  'Email Bounced': z.object({
    eventType: z.literal('Bounce'),
    bounce: z.object({
      bounceType: z.string(),
      bouncedRecipients: z.array(z.object({ emailAddress: z.string() })),
      timestamp: z.iso.datetime({ offset: true }),
    }),
  }),
  'Email Complained': z.object({
    eventType: z.literal('Complaint'),
    complaint: z.object({
      complainedRecipients: z.array(z.object({ emailAddress: z.string() })),
      timestamp: z.iso.datetime({ offset: true }),
    }),
  }),
} as const;

/** The source SES's events carry (EVENT_CATALOGUE's `Email …`). */
export const SES_EVENT_SOURCE = 'aws.ses';

export type DetailType = keyof typeof EVENT_CATALOGUE;
export type DetailOf<T extends DetailType> = z.infer<(typeof EVENT_CATALOGUE)[T]>;
export const DETAIL_TYPES = Object.keys(EVENT_CATALOGUE) as DetailType[];

/** The envelope EventBridge hands a target. */
export interface BusEvent<T extends DetailType = DetailType> {
  version: '0';
  id: string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  'detail-type': T;
  detail: DetailOf<T>;
}
