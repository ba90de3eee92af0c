import { EVENT_SOURCE, type DetailType } from './catalogue';
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
    target: 'reminders/schedule',
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
];
