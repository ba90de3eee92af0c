import { EVENT_SOURCE, SES_EVENT_SOURCE, type DetailType } from './catalogue';
import type { EventPattern } from './pattern';

/**
 * The bus rules: which events reach which consumer. A target names a consumer at
 * functions/<target>.ts exporting `handler`. The CDK makes one rule, function and dead-letter
 * queue for each; the local bus applies the same patterns in process.
 */
export interface BusRule {
  name: string;
  description: string;
  pattern: EventPattern;
  target: string;
  /** 'default': the rule is on the account's default bus, where AWS services put their events (SES only there). */
  bus?: 'default';
}

const detailTypes = (...types: DetailType[]) => types;

export const BUS_RULES: readonly BusRule[] = [
  {
    name: 'BugReportsToTracker',
    description: 'Sends bug reports to the error-reporting service as user feedback, when a DSN is set',
    pattern: { source: [EVENT_SOURCE], 'detail-type': detailTypes('bugreport.submitted') },
    target: 'bug-reports/send-feedback',
  },
  {
    name: 'PasswordResetCodes',
    description: 'Mails a password reset code when the address has an account',
    pattern: { source: [EVENT_SOURCE], 'detail-type': detailTypes('password.reset-requested') },
    target: 'auth/send-reset-code',
  },
  {
    name: 'SignInLinks',
    description: 'Mails a one-time link that trusts a browser for the account, when the address has one',
    pattern: { source: [EVENT_SOURCE], 'detail-type': detailTypes('auth.sign-in-link-requested') },
    target: 'auth/send-sign-in-link',
  },
  {
    name: 'DeleteAccounts',
    description: 'Deletes everything of an account its owner asked to delete, then mails them the confirmation',
    pattern: { source: [EVENT_SOURCE], 'detail-type': detailTypes('account.deletion-requested') },
    target: 'account/delete-account',
  },
  {
    name: 'UnlinkTasksOfPurgedGoals',
    description: 'Keeps the tasks of a goal deleted for good, without the link to it',
    pattern: { source: [EVENT_SOURCE], 'detail-type': detailTypes('item.purged'), detail: { entity: ['goal'] } },
    target: 'items/unlink-purged-goal',
  },
  {
    name: 'MirrorEventsToGoogle',
    description: 'Writes local event changes to the connected Google calendar, or logs why not',
    pattern: {
      source: [EVENT_SOURCE],
      'detail-type': detailTypes('item.created', 'item.updated', 'item.deleted', 'item.restored', 'item.purged'),
      detail: { entity: ['event'] },
    },
    target: 'gcal/mirror',
  },
  {
    name: 'ScheduleReminders',
    description: "Keeps each event's and task's next reminder scheduled as it changes",
    pattern: {
      source: [EVENT_SOURCE],
      'detail-type': detailTypes('item.created', 'item.updated', 'item.deleted', 'item.restored', 'item.purged'),
      detail: { entity: ['event', 'task'] },
    },
    target: 'reminders/on-item-change',
  },
  {
    name: 'DeliverWebhooks',
    description: "Sends the person's webhooks the changes and reminders they asked for, signed, making each delivery's first try",
    pattern: {
      source: [EVENT_SOURCE],
      'detail-type': detailTypes('item.created', 'item.updated', 'item.deleted', 'item.restored', 'reminder.due'),
    },
    target: 'webhooks/on-event',
  },
  {
    name: 'FirstGoogleSync',
    description: 'Runs the first calendar sync about a second after Google Calendar is connected',
    pattern: { source: [EVENT_SOURCE], 'detail-type': detailTypes('gcal.connected') },
    target: 'gcal/initial-sync',
  },
  {
    name: 'WatchGoogleCalendar',
    description: "Opens a Google Calendar watch channel when Google Calendar is connected, so Google's changes come in without Sync",
    pattern: { source: [EVENT_SOURCE], 'detail-type': detailTypes('gcal.connected') },
    target: 'gcal/watch',
  },
  {
    name: 'SyncNotifiedGoogleChanges',
    description: 'Brings in the changes Google notified, with one incremental sync for a burst of notifications',
    pattern: { source: [EVENT_SOURCE], 'detail-type': detailTypes('gcal.changes-notified') },
    target: 'gcal/push-sync',
  },
  {
    name: 'ProcessToolCalls',
    description: "Runs the voice assistant's tool calls through the items domain, scoped to the user",
    pattern: { source: [EVENT_SOURCE], 'detail-type': detailTypes('toolcall.requested') },
    target: 'voice/tool-processor',
  },
  {
    name: 'BuildDataExports',
    description: "Builds the zip of an export of the person's data and keeps it for download",
    pattern: { source: [EVENT_SOURCE], 'detail-type': detailTypes('export.requested') },
    target: 'exports/build',
  },
  {
    name: 'ApplyImports',
    description: 'Writes a confirmed import, a chunk a run, each chunk putting the next on the bus',
    pattern: { source: [EVENT_SOURCE], 'detail-type': detailTypes('import.chunk-due') },
    target: 'imports/apply',
  },
  {
    name: 'SuppressBouncedMail',
    description: 'Stops reminder mail to an address SES reported a hard bounce or a complaint of',
    pattern: { source: [SES_EVENT_SOURCE], 'detail-type': detailTypes('Email Bounced', 'Email Complained') },
    target: 'reminders/mail-feedback',
    bus: 'default',
  },
];
