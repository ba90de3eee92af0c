/**
 * Scheduled work: the CDK makes an EventBridge schedule for each, the local stack a timer. A target
 * names a function at functions/<target>.ts exporting `handler`.
 */
export interface Schedule {
  name: string;
  description: string;
  everyMinutes: number;
  target: string;
}

export const SCHEDULES: readonly Schedule[] = [
  {
    name: 'PurgeExpiredTrash',
    description: 'Deletes for good what has been in the trash more than 10 days',
    everyMinutes: 60,
    target: 'purge/handler',
  },
  {
    name: 'MirrorWaitingChangesToGoogle',
    description: 'Writes to Google Calendar the changes it could not take (an outage, a rate limit) once their wait is over',
    everyMinutes: 1,
    target: 'gcal/reconcile-mirror',
  },
  {
    name: 'RenewGoogleWatchChannels',
    description: 'Opens a new Google Calendar watch channel for each one that ends within a day (or could not be opened), and stops the old',
    everyMinutes: 60,
    target: 'gcal/renew-watch',
  },
  {
    name: 'DeleteExpiredDemos',
    description: 'Deletes the demo accounts older than a day, with their Cognito users and everything in them',
    everyMinutes: 60,
    target: 'demo/clean-up',
  },
];

/**
 * One-time schedules a function puts for itself in EventBridge Scheduler, each in a group of the
 * stage's, invoking its target at a time of its own. The CDK makes the group, the target function,
 * the role the scheduler invokes it as, and its dead-letter queue; the local stack serves
 * Scheduler's API (local/scheduler.ts). A target names a function at functions/<target>.ts.
 */
export interface OneTimeSchedules {
  /** The group's name, after the stage's prefix. */
  group: string;
  /**
   * The prefix of the variables that hand its functions the group, the target's ARN, the role and
   * the dead-letter queue: `<prefix>_SCHEDULE_GROUP`, `_FIRE_ARN`, `_SCHEDULER_ROLE_ARN`, `_DEAD_LETTER_ARN`.
   */
  environment: string;
  description: string;
  target: string;
}

export const REMINDER_SCHEDULES: OneTimeSchedules = {
  group: 'reminders',
  environment: 'REMINDER',
  description: "Delivers a reminder of an event or a task, and schedules the item's next one",
  target: 'reminders/fire',
};

export const WEBHOOK_RETRY_SCHEDULES: OneTimeSchedules = {
  group: 'webhook-retries',
  environment: 'WEBHOOK_RETRY',
  description: 'Makes a later try of a webhook delivery that failed, after the backoff of shared/webhooks.ts',
  target: 'webhooks/deliver',
};
