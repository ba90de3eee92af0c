import { z } from 'zod';
import {
  DeviceTokenRequestSchema,
  DeviceTokenSchema,
  OpenedSignInLinkSchema,
  OpenSignInLinkSchema,
  ResetCodeRequestSchema,
  ResetPasswordSchema,
  SignInLinkRequestSchema,
  VerifyEmailSchema,
} from '../shared/accounts.schema';
import { BugReportSchema } from '../shared/bug-reports.schema';
import { CalendarFeedSchema, CalendarFeedUpdateSchema } from '../shared/calendar-feed.schema';
import { DemoAccountSchema, DemoRequestSchema } from '../shared/demo.schema';
import { isoDateTime } from '../shared/dates.schema';
import {
  GcalCallbackQuerySchema,
  GcalConnectAnswerSchema,
  GcalConnectSchema,
  GcalDisconnectAnswerSchema,
  GcalStatusSchema,
  GcalSyncAnswerSchema,
  GcalSyncSchema,
  MirrorLogEntrySchema,
} from '../shared/gcal.schema';
import { ITEM_SCHEMAS } from '../shared/item-kinds.schema';
import { ChangeStampsSchema } from '../shared/changes.schema';
import { TRASHABLE_KINDS, type ItemKind } from '../shared/item-kinds';
import { ReorderSchema, TrashEntrySchema } from '../shared/item-fields.schema';
import { PushSubscriptionCreateSchema, PushSubscriptionEntrySchema } from '../shared/push-subscriptions.schema';
import { ReminderMailStatusSchema } from '../shared/reminders.schema';
import { ReminderNoticeSchema, SnoozeSchema } from '../shared/reminder-notices.schema';
import { SettingsSchema, SettingsUpdateSchema } from '../shared/settings.schema';
import { ChangeSetConfirmationSchema, ChangeSetSchema, ChangeSetUndoSchema, ToolCallUndoSchema } from '../shared/change-sets.schema';
import { PlanButtonSchema } from '../shared/planning.schema';
import { ToolCallRequestSchema, ToolCallSchema } from '../shared/tool-calls.schema';
import { VoiceConfigSchema, VoiceSessionUpdateSchema } from '../shared/voice.schema';
import { WaitingListJoinSchema } from '../shared/waiting-list.schema';
import { AccessTokenCreateSchema, AccessTokenEntrySchema, CreatedAccessTokenSchema, SignOutEverywhereSchema } from '../shared/access-tokens.schema';
import type { AccessTokenScope } from '../shared/access-tokens';
import { CreatedWebhookSchema, WebhookCreateSchema, WebhookDeliverySchema, WebhookEntrySchema, WebhookUpdateSchema } from '../shared/webhooks.schema';
import { CHANGE_SOCKET_PATH, SERVICE_ROUTE_THROTTLE, SOCKET_LIMITS } from '../shared/constants';
import { ACCOUNT_DELETION } from '../shared/account-deletion';
import { AccountDeletionSchema } from '../shared/account-deletion.schema';
import { DATA_EXPORT_FILES, DATA_EXPORT_LIMITS } from '../shared/data-export';
import { DataExportEntrySchema } from '../shared/data-export.schema';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../shared/imports';
import { ImportSchema, ImportUploadQuerySchema } from '../shared/imports.schema';

/**
 * The route table: every HTTP route of the API, read by the CDK (one function per handler, the JWT
 * authorizer on every route not marked public), by the local stack's adapter, and by the OpenAPI
 * generator. A handler lives at functions/<handler>/handler.ts and exports `handler`.
 */

export const HANDLERS = [
  'items',
  'trash',
  'settings',
  'changes',
  'reminders',
  'waitlist',
  'bug-reports',
  'auth',
  'gcal',
  'voice',
  'demo',
  'calendar-feed',
  'planning',
  'access-tokens',
  'webhooks',
  'mcp',
  'exports',
  'account',
  'imports',
] as const;
export type HandlerName = (typeof HANDLERS)[number];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  handler: HandlerName;
  summary: string;
  /** Public routes skip the JWT authorizer; every other route requires a signed-in user. */
  public?: true;
  body?: z.ZodType;
  /**
   * A body that is a file, not JSON: the handler gets its bytes, at most `maxBytes` as sent (past it
   * a 413 with `tooLarge`); every JSON body keeps API_LIMITS.maxBodyBytes. API Gateway's own 10 MB
   * and a Lambda's 6 MB event (the file in base64) bound what `maxBytes` may be.
   */
  fileBody?: { maxBytes: number; tooLarge: string };
  /** The query's fields, checked before the handler runs and listed in the OpenAPI document. */
  query?: z.ZodType<Record<string, string | undefined>>;
  /** The success status and body, for the OpenAPI document. */
  status?: 200 | 201 | 202 | 204 | 302;
  /** The success body's media type when it is not JSON (the calendar feed), for the OpenAPI document. */
  produces?: string;
  response?: z.ZodType;
  /** What the `{id}` in the path is when it is not one of ours (a UUID), for the OpenAPI document. */
  foreignId?: string;
  /** What a 404 means on a route whose path names nothing (what it names comes in headers), for the OpenAPI document. */
  notFound?: string;
  /** A public route's own throttle when it is not a form's (PUBLIC_ROUTE_THROTTLE): in API Gateway's route settings and the local adapter. */
  throttle?: { ratePerSecond: number; burst: number };
  /**
   * A public route an outside service calls for everyone from a few addresses of its own (Google's
   * push notices): left out of the per-address counts at the edge and in the local adapter, since
   * what it carries (a channel token) is checked before any work instead.
   */
  calledByService?: true;
  /** Failures of an upstream service this route answers with, and what they mean, for the OpenAPI document. */
  upstreamFailures?: Partial<Record<502 | 503, string>>;
  /**
   * A route that speaks JSON-RPC (the MCP server): what its protocol answers beside the API's own
   * statuses, for the OpenAPI document; its refusals (and its 400 and 413) carry a JSON-RPC error.
   */
  jsonRpcAnswers?: Partial<Record<202 | 405 | 406 | 415, string>>;
  /** What the route's own quota counts (429 `rate_limited`, with Retry-After), for the OpenAPI document. */
  quota?: string;
  /** What a demo account may not do here (403 `demo_limit`, shared/demo.ts), for the OpenAPI document. */
  demoLimit?: string;
  /**
   * A route only a signed-in session may call, never a personal access token (403 `token_not_allowed`):
   * what manages tokens or sessions, or hands out what only the person should see.
   */
  sessionOnly?: true;
  /**
   * The scope a personal access token needs here when it is not what the method says (GET: `read`;
   * anything else: `write`): POST /mcp reads with a read token, and checks each tool's own scope.
   */
  tokenScope?: AccessTokenScope;
}

export interface Route<K extends string = string> extends RouteSpec {
  key: K;
  method: Method;
  path: string;
}

function route<const M extends Method, const P extends string, const S extends RouteSpec>(method: M, path: P, spec: S) {
  return { ...spec, key: `${method} ${path}` as `${M} ${P}`, method, path };
}

const TOOL_CALL_ID = "ElevenLabs' tool_call_id";
const REMINDER_NOTICE_ID = 'A reminder notice’s id (GET /api/reminders)';

const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
const trashItem = z.strictObject({ kind: z.enum(TRASHABLE_KINDS), id: z.uuid({ error: 'Not a valid id' }) });
const trashSelection = z.strictObject({
  items: z.array(trashItem).min(1, 'Select at least one item').max(1_000),
});

const crud = <const K extends ItemKind>(kind: K, noun: string, deleteSummary: string) => {
  const schemas = ITEM_SCHEMAS[kind];
  return [
    route('GET', `/api/${kind}`, { handler: 'items', summary: `List ${kind}`, response: list(schemas.item) }),
    route('POST', `/api/${kind}`, {
      handler: 'items',
      summary: `Create a ${noun}`,
      body: schemas.create,
      status: 201,
      response: schemas.item,
    }),
    route('GET', `/api/${kind}/{id}`, { handler: 'items', summary: `Get a ${noun}`, response: schemas.item }),
    route('PATCH', `/api/${kind}/{id}`, {
      handler: 'items',
      summary: `Update a ${noun}`,
      body: schemas.update,
      response: schemas.item,
    }),
    route('DELETE', `/api/${kind}/{id}`, { handler: 'items', summary: deleteSummary, status: 204 }),
  ] as const;
};

const reorder = <const K extends string>(kind: K) =>
  route('PUT', `/api/${kind}/order`, {
    handler: 'items',
    summary: `Save the order of ${kind}`,
    body: ReorderSchema,
    status: 204,
  });

export const routes = [
  ...crud('goals', 'goal', 'Move a goal to the trash'),
  reorder('goals'),
  ...crud('tasks', 'task', 'Move a task to the trash'),
  reorder('tasks'),
  ...crud('events', 'event', 'Move an event to the trash'),
  route('DELETE', '/api/events/{id}/occurrences', {
    handler: 'items',
    summary: "Move a series' occurrences from `from` (one's start) on to the trash, as a series of their own; the series ends before it",
    query: z.object({ from: isoDateTime }),
    status: 204,
  }),
  ...crud('tags', 'tag', 'Delete a tag'),

  route('GET', '/api/trash', { handler: 'trash', summary: 'List the trash, newest deletion first', response: list(TrashEntrySchema) }),
  route('POST', '/api/trash/restore', {
    handler: 'trash',
    summary: 'Restore items from the trash',
    body: trashSelection,
    response: z.object({ restored: z.number().int() }),
  }),
  route('POST', '/api/trash/delete', {
    handler: 'trash',
    summary: 'Delete items from the trash permanently',
    body: trashSelection,
    response: z.object({ deleted: z.number().int() }),
  }),
  route('POST', '/api/trash/empty', {
    handler: 'trash',
    summary: 'Delete everything in the trash permanently',
    response: z.object({ deleted: z.number().int() }),
  }),

  route('GET', '/api/settings', { handler: 'settings', summary: 'Get the settings, defaults filled in', response: SettingsSchema }),
  route('PUT', '/api/settings', {
    handler: 'settings',
    summary: 'Save settings',
    body: SettingsUpdateSchema,
    response: SettingsSchema,
  }),

  route('GET', '/api/calendar-feed', {
    handler: 'calendar-feed',
    summary: 'Whether the calendar feed is on (its address is shown only when it is made)',
    response: CalendarFeedSchema,
  }),
  route('POST', '/api/calendar-feed', {
    handler: 'calendar-feed',
    summary: 'Make a new calendar feed address; the previous one stops',
    status: 201,
    response: CalendarFeedSchema,
    sessionOnly: true,
  }),
  route('PUT', '/api/calendar-feed', {
    handler: 'calendar-feed',
    summary: "Put Google's events in the calendar feed, or leave them out",
    body: CalendarFeedUpdateSchema,
    response: CalendarFeedSchema,
    sessionOnly: true,
  }),
  route('DELETE', '/api/calendar-feed', { handler: 'calendar-feed', summary: 'Turn the calendar feed off', status: 204, sessionOnly: true }),
  route('GET', '/ical/{token}', {
    handler: 'calendar-feed',
    summary: 'The calendar feed (iCal), at its secret address <token>.ics',
    public: true,
    produces: 'text/calendar',
    quota: "one address's requests of the hour",
  }),

  route('GET', '/api/changes', {
    handler: 'changes',
    summary: 'The change counters, for polling: one key read whatever the number of items',
    response: z.object({ stamps: ChangeStampsSchema }),
  }),
  route('POST', '/api/changes/socket-ticket', {
    handler: 'changes',
    summary: `A single-use ticket that opens the change notices' WebSocket (${CHANGE_SOCKET_PATH}?ticket=…) within ${SOCKET_LIMITS.ticketSeconds} s; the token itself never goes in the socket's address`,
    status: 201,
    response: z.object({ ticket: z.string() }),
    sessionOnly: true,
  }),

  route('GET', '/api/reminders', {
    handler: 'reminders',
    summary: 'The reminders on screen: not dismissed or snoozed, newest first',
    response: list(ReminderNoticeSchema),
  }),
  route('POST', '/api/reminders/{id}/dismiss', {
    handler: 'reminders',
    summary: 'Dismiss a reminder, in every open tab',
    foreignId: REMINDER_NOTICE_ID,
    status: 204,
  }),
  route('POST', '/api/reminders/{id}/snooze', {
    handler: 'reminders',
    summary: 'Hide a reminder for 10 minutes or 1 hour, after which it shows again',
    foreignId: REMINDER_NOTICE_ID,
    body: SnoozeSchema,
    status: 204,
  }),
  route('GET', '/api/reminders/mail', {
    handler: 'reminders',
    summary: 'Where reminders are mailed, whether mail to it stopped (SES reported a bounce or a complaint), and the day’s reminder mails',
    response: ReminderMailStatusSchema,
  }),

  route('GET', '/api/push-subscriptions', {
    handler: 'reminders',
    summary: 'The browsers that receive reminders by Web Push',
    response: list(PushSubscriptionEntrySchema),
  }),
  route('POST', '/api/push-subscriptions', {
    handler: 'reminders',
    summary: "Turn Web Push on in a browser: its PushSubscription, at one of the browsers' push services",
    body: PushSubscriptionCreateSchema,
    status: 201,
    response: PushSubscriptionEntrySchema,
    sessionOnly: true,
  }),
  route('DELETE', '/api/push-subscriptions/{id}', {
    handler: 'reminders',
    summary: 'Stop Web Push to a browser',
    foreignId: 'A browser’s id (GET /api/push-subscriptions)',
    status: 204,
    sessionOnly: true,
  }),

  route('POST', '/api/waitlist', {
    handler: 'waitlist',
    summary: 'Join the waiting list',
    public: true,
    body: WaitingListJoinSchema,
    quota: "one browser's sign-ups of the hour",
    status: 201,
    response: z.object({ joined: z.literal(true) }),
  }),
  route('POST', '/api/bug-reports', {
    handler: 'bug-reports',
    summary: 'Report a bug',
    public: true,
    body: BugReportSchema,
    quota: "one browser's, and one address's, reports of the hour",
    status: 201,
    response: z.object({ id: z.uuid() }),
  }),

  route('POST', '/api/demo', {
    handler: 'demo',
    summary: 'Make a demo account of its own for a visitor, with sample items; it and everything in it is deleted a day later',
    public: true,
    quota: "one address's (an IPv6 host's /64) demo accounts of the hour, the stage's of the hour, or the stage's demo accounts at once",
    body: DemoRequestSchema,
    status: 201,
    response: DemoAccountSchema,
  }),

  route('POST', '/api/auth/verify-email', {
    handler: 'auth',
    summary: 'Confirm an account with the code of its verification link',
    public: true,
    quota: "one address's wrong codes of the hour",
    body: VerifyEmailSchema,
    response: z.object({ verified: z.literal(true) }),
  }),
  route('POST', '/api/auth/reset-code', {
    handler: 'auth',
    summary: 'Mail a 6-digit password reset code (answers alike whether or not the address has an account)',
    public: true,
    quota: "one browser's, and one address's, requests of the hour",
    body: ResetCodeRequestSchema,
    status: 202,
    response: z.object({ sent: z.literal(true) }),
  }),
  route('POST', '/api/auth/reset-password', {
    handler: 'auth',
    summary: 'Set a new password with a reset code',
    public: true,
    quota: "one address's resets of the hour",
    body: ResetPasswordSchema,
    response: z.object({ reset: z.literal(true) }),
  }),
  route('POST', '/api/auth/sign-in-link', {
    handler: 'auth',
    summary: 'Mail a one-time link that makes the browser opening it trusted for the account (answers alike whether or not the address has an account)',
    public: true,
    quota: "one browser's, and one address's, requests of the hour",
    body: SignInLinkRequestSchema,
    status: 202,
    response: z.object({ sent: z.literal(true) }),
  }),
  route('POST', '/api/auth/sign-in-link/open', {
    handler: 'auth',
    summary: "Open a mailed sign-in link, once: this browser's token for the account, as after a sign-in, and the account's address",
    public: true,
    quota: "one address's links of the hour that did not open",
    body: OpenSignInLinkSchema,
    status: 201,
    response: OpenedSignInLinkSchema,
  }),
  route('POST', '/api/auth/device-token', {
    handler: 'auth',
    summary: "Trust this browser for sign-in to the account: a token it sends with its next sign-ins, whose attempts strangers' failures never hold up",
    body: DeviceTokenRequestSchema,
    status: 201,
    response: DeviceTokenSchema,
    sessionOnly: true,
  }),
  route('POST', '/api/auth/sign-out-everywhere', {
    handler: 'auth',
    summary:
      "End every session of the signed-in user at once: Cognito's refresh tokens, the tokens already issued (this one included) and every open socket; with `revoke_access_tokens`, every personal access token too",
    body: SignOutEverywhereSchema,
    response: z.object({ signed_out: z.literal(true) }),
    sessionOnly: true,
  }),

  route('POST', '/api/gcal/connect', {
    handler: 'gcal',
    summary: 'Start connecting Google Calendar: the Google address to send the browser to (read-only, or with write access)',
    body: GcalConnectSchema,
    response: GcalConnectAnswerSchema,
    upstreamFailures: { 503: 'No Google OAuth client is configured on this server (code `not_configured`)' },
    demoLimit: 'a demo account cannot connect Google',
    sessionOnly: true,
  }),
  route('GET', '/api/gcal/callback', {
    handler: 'gcal',
    summary: 'Where Google sends the browser back: stores the tokens and redirects (302) to /settings?gcal=connected or ?gcal=error',
    public: true,
    query: GcalCallbackQuerySchema,
    status: 302,
  }),
  route('GET', '/api/gcal/status', {
    handler: 'gcal',
    summary: 'Whether Google Calendar is connected (correcting the stored flag), with write access, and how the first sync went',
    response: GcalStatusSchema,
  }),
  route('POST', '/api/gcal/sync', {
    handler: 'gcal',
    summary: 'Sync events in from Google Calendar over the settings window; answers how many changed here',
    body: GcalSyncSchema,
    response: GcalSyncAnswerSchema,
    upstreamFailures: {
      502: 'Google refused or failed the sync (code `upstream_failed`)',
      503: 'Google asks to try later (code `rate_limited`)',
    },
    quota: "the person's Google syncs of the hour",
  }),
  route('POST', '/api/gcal/notifications', {
    handler: 'gcal',
    summary:
      "Google Calendar's push notifications for a watch channel: an empty POST whose X-Goog-Channel-ID, X-Goog-Resource-ID and X-Goog-Channel-Token must match the person's channel (else 404); any X-Goog-Resource-State but `sync` queues one incremental sync",
    public: true,
    status: 204,
    notFound: 'The headers name no watch channel of this server, or do not match it (a forged, stopped or replaced channel)',
    throttle: SERVICE_ROUTE_THROTTLE,
    calledByService: true,
  }),
  route('POST', '/api/gcal/disconnect', {
    handler: 'gcal',
    summary: 'Disconnect Google Calendar: removes the tokens and every synced event',
    response: GcalDisconnectAnswerSchema,
    sessionOnly: true,
  }),
  route('GET', '/api/gcal/mirror-log', {
    handler: 'gcal',
    summary: 'What the mirror did with the latest local event changes, newest first',
    response: list(MirrorLogEntrySchema),
  }),

  route('GET', '/api/voice/config', {
    handler: 'voice',
    summary: 'Start a voice call: a signed ElevenLabs conversation URL, the dynamic variables, and the voice session recorded for it',
    response: VoiceConfigSchema,
    upstreamFailures: {
      502: 'ElevenLabs refused or failed to sign a conversation URL (code `upstream_failed`)',
      503: 'No voice agent is configured on this server (code `voice_not_configured`)',
    },
    quota: "the person's voice calls of the hour (each is a billed ElevenLabs conversation)",
    demoLimit: 'a demo account has started all the conversations it may',
    sessionOnly: true,
  }),
  route('PATCH', '/api/voice/sessions/{id}', {
    handler: 'voice',
    summary: "Save a call's real duration, and its conversation id",
    body: VoiceSessionUpdateSchema,
    status: 204,
    sessionOnly: true,
  }),
  route('POST', '/api/voice/tool-calls', {
    handler: 'voice',
    summary: "Log the assistant's client tool call as pending and queue it; the same tool_call_id again answers the call already logged",
    body: ToolCallRequestSchema,
    status: 202,
    response: ToolCallSchema,
    sessionOnly: true,
  }),
  route('GET', '/api/voice/tool-calls', {
    handler: 'voice',
    summary: 'The latest tool calls, newest first (at most 50)',
    response: list(ToolCallSchema),
  }),
  route('GET', '/api/voice/tool-calls/{id}', { handler: 'voice', summary: 'One tool call', response: ToolCallSchema, foreignId: TOOL_CALL_ID }),
  route('POST', '/api/voice/tool-calls/{id}/undo', {
    handler: 'voice',
    foreignId: TOOL_CALL_ID,
    summary: 'Undo the change a finished tool call made, or one item of a batch call (`index`); 409 when it made none or was undone already',
    body: ToolCallUndoSchema,
    response: ToolCallSchema,
  }),
  route('GET', '/api/voice/change-sets', {
    handler: 'voice',
    summary: "Today's change sets of the assistant (in the person's time zone), newest first, at most 20, each with its lines",
    response: list(ChangeSetSchema),
  }),
  route('GET', '/api/voice/change-sets/{id}', {
    handler: 'voice',
    summary: 'One change set: the changes the assistant made in one turn',
    response: ChangeSetSchema,
  }),
  route('POST', '/api/voice/change-sets/{id}/undo', {
    handler: 'voice',
    summary:
      "Undo all: revert every change of the set (or only `lines`, e.g. a plan's beside other changes of its turn), newest first, all or none; 409 names each line that cannot be reverted (`<tool_call_id>/<index>`: changed since, deleted since)",
    body: ChangeSetUndoSchema,
    response: ChangeSetSchema,
  }),
  route('POST', '/api/voice/change-sets/{id}/confirm', {
    handler: 'voice',
    summary:
      "The person's answer to what the set holds waiting (moves to the trash, a plan's blocks): apply them all, only `lines` (each `<tool_call_id>/<index>`; the rest are turned down), or none; 409 when nothing waits or a named line does not",
    body: ChangeSetConfirmationSchema,
    response: ChangeSetSchema,
    sessionOnly: true,
  }),

  route('POST', '/api/planning/plans', {
    handler: 'planning',
    summary:
      "Plan my day (or week): proposes blocks of time for the open tasks from now to the end of today (or of Sunday) in the person's zone, each with its reason, as a change set of the 'planner' conversation waiting for the person's answer (POST /api/voice/change-sets/{id}/confirm); nothing is saved before it. 409 when there is no open task to plan",
    body: PlanButtonSchema,
    status: 201,
    response: ChangeSetSchema,
  }),

  route('GET', '/api/access-tokens', {
    handler: 'access-tokens',
    summary: 'The personal access tokens, newest first (never the tokens themselves)',
    response: list(AccessTokenEntrySchema),
    sessionOnly: true,
  }),
  route('POST', '/api/access-tokens', {
    handler: 'access-tokens',
    summary: 'Make a personal access token: the answer is the only time it is shown (only its hash is kept); 409 past the limit per account',
    body: AccessTokenCreateSchema,
    status: 201,
    response: CreatedAccessTokenSchema,
    sessionOnly: true,
    demoLimit: 'a demo account cannot make access tokens',
  }),
  route('DELETE', '/api/access-tokens/{id}', {
    handler: 'access-tokens',
    summary: 'Revoke a personal access token: it stops working at once',
    status: 204,
    sessionOnly: true,
  }),

  route('GET', '/api/webhooks', { handler: 'webhooks', summary: 'The webhooks, oldest first (never their secrets)', response: list(WebhookEntrySchema) }),
  route('POST', '/api/webhooks', {
    handler: 'webhooks',
    summary:
      'Add a webhook: a public https address and the events it hears of; the answer is the only time its signing secret is shown. 400 for an address that is not public; 409 past the limit per account',
    body: WebhookCreateSchema,
    status: 201,
    response: CreatedWebhookSchema,
    demoLimit: 'a demo account cannot add webhooks',
  }),
  route('PATCH', '/api/webhooks/{id}', {
    handler: 'webhooks',
    summary: 'Change a webhook’s address or events, or switch it off or on again (also after the server switched it off)',
    body: WebhookUpdateSchema,
    response: WebhookEntrySchema,
  }),
  route('DELETE', '/api/webhooks/{id}', { handler: 'webhooks', summary: 'Remove a webhook: nothing more is sent to it', status: 204 }),
  route('GET', '/api/webhooks/{id}/deliveries', {
    handler: 'webhooks',
    summary: 'The webhook’s delivery log: its latest deliveries, newest first, with their tries and how the last went',
    response: list(WebhookDeliverySchema),
  }),
  route('POST', '/api/webhooks/{id}/deliveries/{deliveryId}/retry', {
    handler: 'webhooks',
    summary: 'Send a failed delivery again now, as a new try of the same message (the same `webhook-id`); 409 unless it failed',
    status: 202,
    response: WebhookDeliverySchema,
  }),

  route('POST', '/mcp', {
    handler: 'mcp',
    summary:
      "The MCP server (Streamable HTTP, stateless, JSON answers): the assistant's tools for any AI assistant that speaks MCP, with a personal access token; a read token gets the read tools only (docs/mcp.md)",
    tokenScope: 'read',
    jsonRpcAnswers: {
      202: 'A notification or a response taken (no body)',
      406: 'The Accept header does not take both application/json and text/event-stream',
      415: 'The body is not application/json',
    },
  }),
  route('GET', '/mcp', {
    handler: 'mcp',
    summary: 'No server-sent event stream: the server is stateless, so 405 (MCP Streamable HTTP)',
    tokenScope: 'read',
    jsonRpcAnswers: { 405: 'Always: this server answers POST only' },
  }),
  route('DELETE', '/mcp', {
    handler: 'mcp',
    summary: 'No session to end: the server is stateless, so 405 (MCP Streamable HTTP)',
    tokenScope: 'read',
    jsonRpcAnswers: { 405: 'Always: this server answers POST only' },
  }),

  route('GET', '/api/exports', {
    handler: 'exports',
    summary: "The latest export of the person's data (at most one): being made, ready to download until it expires, or failed with why",
    response: list(DataExportEntrySchema),
    sessionOnly: true,
  }),
  route('POST', '/api/exports', {
    handler: 'exports',
    summary: `Export everything of the person's (docs/data-export.md): made in the background, it replaces the previous export and can be downloaded for ${DATA_EXPORT_LIMITS.keptDays} days; 409 while one is being made`,
    status: 202,
    response: DataExportEntrySchema,
    sessionOnly: true,
  }),
  route('GET', '/api/exports/{id}/file', {
    handler: 'exports',
    summary: `The export's zip: ${DATA_EXPORT_FILES.json} (everything, as our import reads it), ${DATA_EXPORT_FILES.calendar} (the events) and ${DATA_EXPORT_FILES.tasks} (the tasks); 404 unless it is the latest, ready and not expired`,
    produces: 'application/zip',
    notFound: 'Not the latest export of yours, or not ready, or expired (code `not_found`)',
    sessionOnly: true,
  }),

  route('DELETE', '/api/account', {
    handler: 'account',
    summary: `Delete the account and everything of it (docs/data-retention.md): the token must come from a sign-in of the last ${ACCOUNT_DELETION.freshSignInMs / 60_000} minutes (403 \`sign_in_again\`) and \`confirmation\` must be the account's email address. Its access ends at once; the rest goes in the background, then a mail confirms it`,
    body: AccountDeletionSchema,
    status: 202,
    sessionOnly: true,
  }),

  route('POST', '/api/imports', {
    handler: 'imports',
    summary: `Read a file to import (docs/imports.md), its bytes as the body: a Todoist backup (zip or CSV), a TickTick backup (CSV), an iCalendar file or a Tempo export (zip or JSON), at most ${IMPORT_LIMITS.fileMaxBytes / 1024 / 1024} MB. Writes nothing: answers the preview (what would be made, the rows skipped and why), kept for ${IMPORT_LIMITS.keptHours} hours; 400 for a malformed file or one of the wrong kind, 413 for one too large`,
    fileBody: { maxBytes: IMPORT_LIMITS.fileMaxBytes, tooLarge: IMPORT_MESSAGES.tooLarge },
    query: ImportUploadQuerySchema,
    status: 201,
    response: ImportSchema,
    sessionOnly: true,
    demoLimit: 'a demo account cannot import files',
  }),
  route('GET', '/api/imports/{id}', {
    handler: 'imports',
    summary: 'An import: its preview, and once confirmed, how far its writing got (`status` done when all is written)',
    response: ImportSchema,
    sessionOnly: true,
  }),
  route('POST', '/api/imports/{id}/apply', {
    handler: 'imports',
    summary:
      'Confirm an import: its items are written in the background, each once (importing the same file again makes nothing twice); 409 when it was confirmed already',
    status: 202,
    response: ImportSchema,
    sessionOnly: true,
  }),
] as const satisfies readonly Route[];

export type AnyRoute = (typeof routes)[number];
export type RouteKey = AnyRoute['key'];
export type RouteKeyOf<H extends HandlerName> = Extract<AnyRoute, { handler: H }>['key'];
export type RouteOf<K extends RouteKey> = Extract<AnyRoute, { key: K }>;

export const routesByKey: ReadonlyMap<string, Route> = new Map(routes.map((entry) => [entry.key, entry]));

/** The first segment of every route's path (`/api/`, `/ical/`): what the site sends to the API rather than to the SPA. */
export const API_PATH_PREFIXES: readonly string[] = [...new Set(routes.map((route) => `/${route.path.split('/')[1]}/`))];
