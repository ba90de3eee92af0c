import { Annotations, ArnFormat, Stack, Validations } from 'aws-cdk-lib';
import type { IWebSocketApi, IWebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { CognitoTrigger } from '../functions/auth/triggers';
import type { IndexName } from '../functions/data/table-definition';
import type { HandlerName } from '../functions/routes';
import type { AppFunction } from './constructs/app-function';
import { arnAsNagShowsIt } from './constructs/nag-arn';
import { REMINDER_SCHEDULES, WEBHOOK_RETRY_SCHEDULES, type OneTimeSchedules } from '../events/schedules';

type TableAction = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query';
type UserPoolAction = 'AdminGetUser' | 'AdminSetUserPassword' | 'AdminUserGlobalSignOut' | 'AdminCreateUser' | 'AdminDeleteUser' | 'ListUsers';

/** What one function may do, and so which environment variables it gets. */
export interface Access {
  /** Actions on the table itself, not its indexes (TABLE_NAME). */
  table?: readonly TableAction[];
  /** Indexes it queries (TABLE_NAME). */
  indexes?: readonly IndexName[];
  /** Puts events on the bus (EVENT_BUS_NAME). */
  publishes?: boolean;
  /** Calls the user pool, with these admin actions (USER_POOL_ID, USER_POOL_CLIENT_ID). */
  userPool?: readonly UserPoolAction[];
  /** Sends mail through SES from the sender identity (MAIL_FROM). */
  sendsMail?: boolean;
  /** Builds links or redirects to the site (APP_ORIGIN). */
  linksToSite?: boolean;
  /** Calls Google Calendar as the OAuth client (GOOGLE_CLIENT_ID; the client secret and token key by ARN). */
  callsGoogle?: boolean;
  /** Mints ElevenLabs conversation URLs (ELEVENLABS_AGENT_ID; the API key by ARN). */
  callsElevenLabs?: boolean;
  /** Posts to the WebSocket API's connections (WEBSOCKET_MANAGEMENT_ENDPOINT). */
  postsToSockets?: boolean;
  /** Closes the WebSocket API's connections (WEBSOCKET_MANAGEMENT_ENDPOINT). */
  closesSockets?: boolean;
  /** Sends Web Push with the VAPID key pair (WEB_PUSH_VAPID by ARN). */
  sendsWebPush?: boolean;
  /** Creates and deletes the reminders' one-time schedules (REMINDER_SCHEDULE_GROUP, REMINDER_FIRE_ARN, REMINDER_SCHEDULER_ROLE_ARN, REMINDER_DEAD_LETTER_ARN). */
  schedulesReminders?: boolean;
  /** Creates the webhook deliveries' later tries, one-time schedules (WEBHOOK_RETRY_SCHEDULE_GROUP, _FIRE_ARN, _SCHEDULER_ROLE_ARN, _DEAD_LETTER_ARN). */
  schedulesWebhookRetries?: boolean;
  /** Seals and opens what the table keeps encrypted, a webhook's signing secret (the token key by ARN, TOKEN_ENCRYPTION_KEY_ARN). */
  sealsSecrets?: boolean;
}

/*
 * Least privilege, read off each function's calls. A function that starts using another action,
 * index or service needs its line here, or it meets AccessDenied in AWS (the local stack does not
 * check). The Record types make a new handler or trigger fail to compile until it has a line.
 */

/**
 * Firing a reminder: read the item, the settings and what was delivered (GetItem), keep the notice
 * (PutItem) or show a snoozed one again (UpdateItem), push to the person's browsers (Query),
 * forgetting one gone (DeleteItem), mail it with a link to the item, claiming the mailing first
 * (UpdateItem), and swap the item's expected reminder with its next schedule.
 */
const REMINDER_FIRING: Access = {
  table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'],
  // reminder.due, for the person's webhooks.
  publishes: true,
  schedulesReminders: true,
  sendsWebPush: true,
  sendsMail: true,
  linksToSite: true,
};

/**
 * A webhook delivery's tries: the person's webhooks (Query) and the delivery read (GetItem), the
 * delivery put and its tries recorded, the webhook's failing state kept (PutItem, UpdateItem); the
 * signing secret opened; a later try scheduled; and one switched off after days of failures
 * mailed about, to the account's address found by its sub (ListUsers), in its language, with a
 * link to Settings. The consumer keeps no idempotency records (a delivery is put once by its id);
 * DeleteItem, since the code it ships could.
 */
const WEBHOOK_DELIVERY: Access = {
  table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'],
  sealsSecrets: true,
  schedulesWebhookRetries: true,
  userPool: ['ListUsers'],
  sendsMail: true,
  linksToSite: true,
};

/**
 * An account's deletion (functions/account/deletion.ts), the demo clean-up's and a person's own:
 * reads the account's partition and the records kept apart by key (Query, GetItem), ends its
 * tokens (PutItem), finds the user by its sub, signs it out everywhere and deletes it, revokes its
 * Google grant (its tokens read and opened, as the Google client), deletes its reminders' and its
 * webhooks' retry schedules, a webhook's place under the cap given back (UpdateItem), and deletes
 * every record (DeleteItem).
 */
const ACCOUNT_DELETION: Access = {
  table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'],
  userPool: ['ListUsers', 'AdminUserGlobalSignOut', 'AdminDeleteUser'],
  linksToSite: true,
  callsGoogle: true,
  schedulesReminders: true,
  schedulesWebhookRetries: true,
};

/** The Google Calendar functions keep tokens, sync state, synced events and their log in the table. */
const GOOGLE_CALENDAR: Access = {
  table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'],
  linksToSite: true,
  callsGoogle: true,
};

/*
 * Every handler's HTTP wrapper keeps the answers of signed-in changes sent with an Idempotency-Key
 * (functions/platform/idempotent-requests.repository.ts): GetItem, PutItem, UpdateItem and
 * DeleteItem, granted also where only public routes are served, since the code they ship can make them.
 */
export const HANDLER_ACCESS: Record<HandlerName, Access> = {
  // Their changes reach the bus and the counters from the table's stream (functions/changes/stream-consumers.ts).
  items: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: ['byList'] },
  trash: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: ['byTrash'] },
  settings: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
  // PutItem: the socket tickets it issues.
  changes: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
  // GetItem: the HTTP wrapper's check of a token against the last password reset, which their
  // public routes never reach; granted since the code they ship can make it.
  // UpdateItem: the per-browser (and per-address) counters of the public forms.
  waitlist: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], publishes: true },
  'bug-reports': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], publishes: true },
  // ConfirmSignUp is a public Cognito call: it needs the client id, not a permission.
  // A reset spends the address's code, and records when the user's tokens start to count (by sub);
  // trusted browsers' tokens are kept by the account's sub; ending every session finds the
  // browsers receiving reminders (Query) and moves the calendar feed's address.
  auth: {
    table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'],
    publishes: true,
    userPool: ['AdminGetUser', 'AdminSetUserPassword', 'AdminUserGlobalSignOut'],
  },
  // Connecting and disconnecting are announced on the bus (gcal.connected starts the first sync), and
  // so are the syncs Google's notifications ask for.
  gcal: { ...GOOGLE_CALENDAR, publishes: true },
  // Sessions, tool calls and change sets in the table (Query: a change set and its lines); Undo
  // changes items through the items domain.
  voice: {
    table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'],
    indexes: ['byList'],
    publishes: true,
    callsElevenLabs: true,
  },
  // A demo account: its quota, the register (Query: counting the demo accounts alive), its settings
  // and sample items (through the items domain); AdminDeleteUser takes back a user whose
  // registration failed.
  demo: {
    table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'],
    indexes: ['byList'],
    userPool: ['AdminCreateUser', 'AdminSetUserPassword', 'AdminDeleteUser'],
  },
  // Lists the notices on screen, dismisses or snoozes one (a snooze puts a schedule of its own); keeps
  // and forgets the browsers that receive Web Push.
  reminders: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'], schedulesReminders: true },
  // The person's feed record (found by its token's hash through byList), and for the feed itself
  // their events, tasks (byList) and settings; the address it answers is on the site.
  'calendar-feed': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: ['byList'], linksToSite: true },
  // Plan my day: the settings, events and tasks (byList), and the plan's change set (its lines put,
  // the set and an earlier plan's lines updated, read back with a Query); no item is written.
  planning: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'], indexes: ['byList'] },
  // The person's tokens (Query), a token's two records put and deleted, and the version of the set
  // every new token moves (UpdateItem); GetItem: whether the account is a demo. Every handler's
  // HTTP wrapper reads a token's record again and notes its last use (GetItem, UpdateItem).
  'access-tokens': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'] },
  // The person's webhooks (Query: the list) with their sealed secrets, their place under the cap, and
  // their delivery logs (Query); a failed delivery sent again is one try, made here.
  webhooks: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'], sealsSecrets: true },
  // Runs the assistant's tools inline as the voice tool processor does (its access, with the same
  // reasons), keeps each conversation's turn (UpdateItem), and undoes a change set as the voice handler does.
  mcp: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'], indexes: ['byList'], publishes: true },
  // "Export my data": the latest export's record (GetItem, PutItem), the previous export's zip parts
  // (Query, DeleteItem) when a new one replaces it, and the parts read back for the download (Query);
  // the build is asked of the bus.
  exports: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'], publishes: true },
  // "Delete my account": the person's language (GetItem), the end of their tokens (PutItem), the
  // deletion asked of the bus, and their access ended at once: the user found by its sub, signed out
  // everywhere and deleted.
  account: {
    table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    publishes: true,
    userPool: ['ListUsers', 'AdminUserGlobalSignOut', 'AdminDeleteUser'],
  },
  // "Import": the preview's record and its chunks put (PutItem), read back (GetItem) and confirmed
  // (UpdateItem); the person's zone and whether the account is a demo (GetItem); the writing is
  // asked of the bus; DeleteItem: a request's Idempotency-Key given up after a failure
  // (platform/http.ts). No item is written here, nor anything queried.
  imports: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], publishes: true },
};

export const TRIGGER_ACCESS: Record<CognitoTrigger, Access> = {
  CustomMessage: { linksToSite: true },
  PostConfirmation: { table: ['PutItem'] },
  PreAuthentication: { table: ['GetItem', 'PutItem'] },
  PostAuthentication: { table: ['GetItem', 'UpdateItem'] },
  // Reads (or records once) when the account was made; reads the throttle's last browser and trusts the browser signing in (its token's hash, by sub).
  PreTokenGeneration: { table: ['GetItem', 'PutItem'] },
  PreSignUp: {},
};

/**
 * The functions EventBridge invokes, bus consumers and schedules, by target (functions/<target>.ts).
 * Every consumer reads, puts, updates and deletes its idempotency records (platform/consumer.ts).
 */
const EVENT_TARGET_ACCESS: Readonly<Record<string, Access>> = {
  'bug-reports/send-feedback': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
  // Reads the address's live code, makes one or counts a mailing of it again.
  'auth/send-reset-code': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], userPool: ['AdminGetUser'], sendsMail: true },
  // Finds the account, notes the mailing and keeps the link's hash; the link points at the site.
  'auth/send-sign-in-link': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], userPool: ['AdminGetUser'], sendsMail: true, linksToSite: true },
  'items/unlink-purged-goal': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'] },
  'purge/handler': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: ['byExpiry'] },
  // Reads the register (Query), moves a record whose deletion failed (PutItem, DeleteItem), and
  // deletes each account as a person's own deletion does.
  'demo/clean-up': ACCOUNT_DELETION,
  // The same, then the confirmation mailed.
  'account/delete-account': { ...ACCOUNT_DELETION, sendsMail: true },
  // Writes one chunk of a confirmed import: the import and its chunk read, each item put on its
  // condition with its tag name's lock (GetItem, PutItem), a list's first position (Query on byList),
  // the progress counted (UpdateItem), its idempotency records (DeleteItem); the next chunk put on the bus.
  'imports/apply': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: ['byList'], publishes: true },
  'gcal/mirror': GOOGLE_CALENDAR,
  'gcal/initial-sync': GOOGLE_CALENDAR,
  // Finds the changes that wait for Google in the expiry index's partitions of its own.
  'gcal/reconcile-mirror': { ...GOOGLE_CALENDAR, indexes: ['byExpiry'] },
  // Opens a watch channel whose notifications come to the site's webhook, and syncs what they announce.
  'gcal/watch': GOOGLE_CALENDAR,
  'gcal/push-sync': GOOGLE_CALENDAR,
  // Finds the channels to renew in the expiry index's partitions of their own.
  'gcal/renew-watch': { ...GOOGLE_CALENDAR, indexes: ['byExpiry'] },
  // Query: a plan reads its change set back (an earlier plan of the turn is replaced), and an answer by voice the plan's.
  'voice/tool-processor': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'], indexes: ['byList'], publishes: true },
  // Only reports (every function may read the error-reporting DSN).
  'dead-letters/report': {},
  // Reads the item and the settings, and swaps the item's expected reminder with its schedule; a
  // reminder that came due while the change waited, it fires itself, as reminders/fire does.
  'reminders/on-item-change': REMINDER_FIRING,
  // Invoked by EventBridge Scheduler.
  'reminders/fire': REMINDER_FIRING,
  'webhooks/on-event': WEBHOOK_DELIVERY,
  // Invoked by EventBridge Scheduler.
  'webhooks/deliver': WEBHOOK_DELIVERY,
  // Records an address SES reported a bounce or complaint of (a repeat writes nothing new, so it keeps
  // no idempotency records; the code it ships could).
  'reminders/mail-feedback': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
  // Builds an export: everything of the person's, read through the items domain (live lists byList,
  // the trash byTrash, each trashed item by GetItem), the settings, the reminders on screen and the
  // change sets (Query, byList); then puts the zip's parts and marks the export ready (UpdateItem),
  // or deletes the parts of one replaced meanwhile.
  'exports/build': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'], indexes: ['byList', 'byTrash'] },
};

/** The HTTP API's authorizer (functions/access-tokens/authorizer.ts): a personal access token's lookup record, by its hash. */
export const API_AUTHORIZER_ACCESS: Access = { table: ['GetItem'] };

/** The WebSocket API's functions (functions/change-notices/socket-api.ts), by source. */
export const SOCKET_ACCESS: Readonly<Record<string, Access>> = {
  // Uses up the ticket (DeleteItem) and checks it against the user's sessions' end (GetItem).
  'change-notices/authorizer': { table: ['GetItem', 'DeleteItem'] },
  // Records and forgets sockets, finds the user's others (Query), counts frames (UpdateItem), and
  // closes the oldest past the cap and a socket past its frames.
  'change-notices/handler': { table: ['PutItem', 'DeleteItem', 'Query', 'UpdateItem'], closesSockets: true },
};

/** The table stream's consumers (functions/changes/stream-consumers.ts), by target. */
export const STREAM_CONSUMER_ACCESS: Readonly<Record<string, Access>> = {
  'changes/publish-changes': { publishes: true },
  // Moves the counters, finds the user's connections, and forgets one that is gone; closes them
  // all when the user's sessions end.
  'changes/count-changes': { table: ['UpdateItem', 'Query', 'DeleteItem'], postsToSockets: true, closesSockets: true },
};

export function eventTargetAccess(target: string): Access {
  const access = EVENT_TARGET_ACCESS[target];
  if (!access) throw new Error(`EventBridge target "${target}" has no entry in EVENT_TARGET_ACCESS (infra/access.ts)`);
  return access;
}

/** A group of one-time schedules, and what each of its schedules names: the target, the role Scheduler invokes it as, the dead-letter queue. */
export interface OneTimeScheduling {
  group: IScheduleGroup;
  functionArn: string;
  role: IRole;
  deadLetters: IQueue;
}

/** What a stack can hand its functions. Mail and the site address are optional settings. */
export interface SharedResources {
  table: ITable;
  bus?: IEventBus;
  auth?: { userPool: IUserPool; webClient: IUserPoolClient };
  mail?: { identity: IEmailIdentity; from: string };
  siteUrl?: string;
  google?: { clientId?: string; clientSecret: ISecret; tokenKey: ISecret };
  elevenLabs?: { agentId?: string; apiKey: ISecret };
  /** The WebSocket API, and where its functions reach its connections (ChangeNoticesStack.managementEndpoint). */
  sockets?: { api: IWebSocketApi; stage: IWebSocketStage; managementEndpoint: string };
  /** The reminders' one-time schedules (infra/stacks/events-stack.ts). */
  reminders?: OneTimeScheduling;
  /** The webhook deliveries' later tries (infra/stacks/events-stack.ts). */
  webhookRetries?: OneTimeScheduling;
  /** The VAPID key pair of Web Push. */
  webPush?: { vapid: ISecret };
  /** Where every function reports its errors and traces (functions/platform/error-reporting.ts): the DSN secret, the release and the stage. */
  errorReporting?: { dsn: ISecret; release: string; environment: string };
}

/** Grants exactly `access`, and to every function the reading of the error-reporting DSN, and sets the environment variables that go with them. */
export function grantAccess(target: AppFunction, access: Access, resources: SharedResources): void {
  reportErrors(target, provided(resources.errorReporting, 'the error-reporting DSN'));
  grantTable(target, access, resources.table);
  if (access.publishes) grantPublish(target, provided(resources.bus, 'the event bus'));
  if (access.userPool) grantUserPool(target, access.userPool, provided(resources.auth, 'the user pool'));
  if (access.sendsMail) grantMail(target, resources.mail);
  if (access.linksToSite) linkToSite(target, resources.siteUrl);
  if (access.callsGoogle) callGoogle(target, provided(resources.google, 'the Google secrets'));
  if (access.callsElevenLabs) callElevenLabs(target, provided(resources.elevenLabs, 'the ElevenLabs key'));
  if (access.postsToSockets) manageSockets(target, 'POST', provided(resources.sockets, 'the WebSocket API'));
  if (access.closesSockets) manageSockets(target, 'DELETE', provided(resources.sockets, 'the WebSocket API'));
  if (access.sendsWebPush) readSecrets(target, { WEB_PUSH_VAPID: provided(resources.webPush, 'the VAPID key pair').vapid });
  if (access.sealsSecrets) readSecrets(target, { TOKEN_ENCRYPTION_KEY: provided(resources.google, 'the token key').tokenKey });
  if (access.schedulesReminders) scheduleOneTime(target, provided(resources.reminders, "the reminders' schedules"), REMINDER_SCHEDULES);
  if (access.schedulesWebhookRetries) scheduleOneTime(target, provided(resources.webhookRetries, "the webhook retries' schedules"), WEBHOOK_RETRY_SCHEDULES);
}

/** Creating and deleting schedules in one group, and handing Scheduler its role for them: nothing else of Scheduler's, no other role. */
function scheduleOneTime(
  target: AppFunction,
  { group, functionArn, role, deadLetters }: OneTimeScheduling,
  { group: name, environment }: OneTimeSchedules,
): void {
  target.role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
      resources: [
        Stack.of(group).formatArn({
          service: 'scheduler',
          resource: 'schedule',
          resourceName: `${group.scheduleGroupName}/*`,
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      ],
    }),
  );
  target.role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['iam:PassRole'],
      resources: [role.roleArn],
      conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
    }),
  );
  Validations.of(target).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${arnAsNagShowsIt(Stack.of(target), 'scheduler', `schedule/${group.scheduleGroupName}/*`)}]`,
    reason: `Creating and deleting any schedule of the ${name} group: one per expected reminder or delivery try, named at run time.`,
  });
  target.function.addEnvironment(`${environment}_SCHEDULE_GROUP`, group.scheduleGroupName);
  target.function.addEnvironment(`${environment}_FIRE_ARN`, functionArn);
  target.function.addEnvironment(`${environment}_SCHEDULER_ROLE_ARN`, role.roleArn);
  target.function.addEnvironment(`${environment}_DEAD_LETTER_ARN`, deadLetters.queueArn);
}

/** Posting to (POST) or closing (DELETE) the stage's connections and nothing else: not reading them, not another stage's. */
function manageSockets(target: AppFunction, method: 'POST' | 'DELETE', { api, stage, managementEndpoint }: NonNullable<SharedResources['sockets']>): void {
  target.role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['execute-api:ManageConnections'],
      resources: [
        Stack.of(api).formatArn({
          service: 'execute-api',
          resource: api.apiId,
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
          resourceName: `${stage.stageName}/${method}/@connections/*`,
        }),
      ],
    }),
  );
  target.function.addEnvironment('WEBSOCKET_MANAGEMENT_ENDPOINT', managementEndpoint);
}

function grantTable(target: AppFunction, { table: actions = [], indexes = [] }: Access, table: ITable): void {
  if (actions.length > 0) {
    target.role.addToPrincipalPolicy(new PolicyStatement({ actions: actions.map((action) => `dynamodb:${action}`), resources: [table.tableArn] }));
  }
  if (indexes.length > 0) {
    target.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['dynamodb:Query'], resources: indexes.map((index) => `${table.tableArn}/index/${index}`) }),
    );
  }
  if (actions.length > 0 || indexes.length > 0) target.function.addEnvironment('TABLE_NAME', table.tableName);
}

function grantPublish(target: AppFunction, bus: IEventBus): void {
  bus.grantPutEventsTo(target.role);
  target.function.addEnvironment('EVENT_BUS_NAME', bus.eventBusName);
}

function grantUserPool(target: AppFunction, actions: readonly UserPoolAction[], { userPool, webClient }: NonNullable<SharedResources['auth']>): void {
  if (actions.length > 0) userPool.grant(target.role, ...actions.map((action) => `cognito-idp:${action}`));
  target.function.addEnvironment('USER_POOL_ID', userPool.userPoolId);
  target.function.addEnvironment('USER_POOL_CLIENT_ID', webClient.userPoolClientId);
}

/** Without a sender (context senderEmail) nothing is granted, and the synth says what will not work. */
function grantMail(target: AppFunction, mail: SharedResources['mail']): void {
  if (!mail) {
    Annotations.of(target).addWarningV2('tempo:noSender', 'No senderEmail in context: this function cannot send its mail until one is set.');
    return;
  }
  mail.identity.grantSendEmail(target.role);
  target.function.addEnvironment('MAIL_FROM', mail.from);
}

function linkToSite(target: AppFunction, siteUrl: string | undefined): void {
  if (!siteUrl) {
    Annotations.of(target).addWarningV2('tempo:noSiteUrl', 'No domainName or siteUrl in context: the links this function builds cannot reach the site.');
    return;
  }
  target.function.addEnvironment('APP_ORIGIN', siteUrl);
}

/**
 * The client id, and the ARNs of the client secret and the token key, which the function reads at
 * cold start: the secrets themselves never sit in the Lambda configuration.
 */
function callGoogle(target: AppFunction, google: NonNullable<SharedResources['google']>): void {
  setOrWarn(
    target,
    'GOOGLE_CLIENT_ID',
    google.clientId,
    'tempo:noGoogleClient',
    'No googleClientId in context: Google Calendar answers "not configured" until one is set.',
  );
  readSecrets(target, { GOOGLE_CLIENT_SECRET: google.clientSecret, TOKEN_ENCRYPTION_KEY: google.tokenKey });
}

/** The agent id, and the ARN of the API key, which the function reads at cold start. */
function callElevenLabs(target: AppFunction, elevenLabs: NonNullable<SharedResources['elevenLabs']>): void {
  setOrWarn(
    target,
    'ELEVENLABS_AGENT_ID',
    elevenLabs.agentId,
    'tempo:noElevenLabsAgent',
    'No elevenLabsAgentId in context: voice answers "not configured" until one is set.',
  );
  readSecrets(target, { ELEVENLABS_API_KEY: elevenLabs.apiKey });
}

/** An optional setting: its variable when given, else a synth warning saying what will not work. */
function setOrWarn(target: AppFunction, name: string, value: string | undefined, warning: string, text: string): void {
  if (value) target.function.addEnvironment(name, value);
  else Annotations.of(target).addWarningV2(warning, text);
}

/** The DSN's ARN (read at cold start), and what each report names: the release and the environment (the stage). */
function reportErrors(target: AppFunction, { dsn, release, environment }: NonNullable<SharedResources['errorReporting']>): void {
  readSecrets(target, { SENTRY_DSN: dsn });
  target.function.addEnvironment('SENTRY_RELEASE', release);
  target.function.addEnvironment('SENTRY_ENVIRONMENT', environment);
}

/** Lets the function read each secret, found by `<NAME>_ARN` (functions/platform/secrets.ts). */
function readSecrets(target: AppFunction, secrets: Record<string, ISecret>): void {
  for (const [name, secret] of Object.entries(secrets)) {
    secret.grantRead(target.role);
    target.function.addEnvironment(`${name}_ARN`, secret.secretArn);
  }
}

function provided<T>(resource: T | undefined, name: string): T {
  if (!resource) throw new Error(`This stack cannot grant access to ${name}`);
  return resource;
}
