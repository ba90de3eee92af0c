import { createHash } from 'node:crypto';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { clientPerEndpoint } from '../platform/endpoint-client';
import type { DueReminder } from './plan';

/**
 * One EventBridge Scheduler one-time schedule per expected reminder, in the stage's group
 * (REMINDER_SCHEDULE_GROUP), invoking the firing function (REMINDER_FIRE_ARN) as the scheduler's
 * role (REMINDER_SCHEDULER_ROLE_ARN) with the reminder as its input. It fires at its time to the
 * second (no flexible window), is deleted once it ran, and a firing that keeps failing goes to the
 * dead-letter queue (REMINDER_DEAD_LETTER_ARN). Locally the endpoint is the stand-in of local/scheduler.ts.
 */
const scheduler = clientPerEndpoint('AWS_ENDPOINT_URL_SCHEDULER', () => new SchedulerClient({}));

/** A reminder older than this when its firing is retried (or its change is seen) is not delivered any more: it would come too late to help. */
export const MAX_LATENESS_SECONDS = 3600;
const RETRIES = 5;

/** A schedule's name: unique for what it is of, 45 characters of Scheduler's `[0-9A-Za-z_.-]`. */
const nameOf = (prefix: string, identity: unknown[]) => `${prefix}-${createHash('sha256').update(identity.join('\n')).digest('base64url')}`;

/** The name of a reminder's schedule, unique for the item and the reminder. */
export const scheduleNameOf = (due: DueReminder) => nameOf('r', [due.userId, due.kind, due.id, due.at, due.occurrence ?? '', due.offset]);

/** The name of a snooze's schedule: one per notice, so snoozing it again moves that one schedule. */
export const snoozeNameOf = (userId: string, noticeId: string) => nameOf('s', [userId, noticeId]);

const environment = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/** A one-time schedule that invokes the firing function with `input` at `at`, as CreateSchedule and UpdateSchedule both take it. */
function oneTimeSchedule(name: string, at: string, input: object): CreateScheduleCommandInput {
  return {
    Name: name,
    GroupName: environment('REMINDER_SCHEDULE_GROUP'),
    // at() takes whole seconds: an item's times are whole minutes.
    ScheduleExpression: `at(${at.slice(0, 19)})`,
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: {
      Arn: environment('REMINDER_FIRE_ARN'),
      RoleArn: environment('REMINDER_SCHEDULER_ROLE_ARN'),
      Input: JSON.stringify(input),
      RetryPolicy: { MaximumRetryAttempts: RETRIES, MaximumEventAgeInSeconds: MAX_LATENESS_SECONDS },
      DeadLetterConfig: { Arn: environment('REMINDER_DEAD_LETTER_ARN') },
    },
  };
}

/** Puts a one-time schedule that invokes the firing function with `input` at `at`; one there already (a retried put) is the same one. */
export async function createOneTimeSchedule(name: string, at: string, input: object): Promise<void> {
  try {
    await scheduler().send(new CreateScheduleCommand(oneTimeSchedule(name, at, input)));
  } catch (error) {
    if (!(error instanceof ConflictException)) throw error;
  }
}

/**
 * Puts a one-time schedule in place of the one of that name, if any (a reminder snoozed again):
 * one schedule per name, never two. Two requests side by side each delete, and the one that
 * creates second finds the first's, due within the same moment.
 */
export async function replaceOneTimeSchedule(name: string, at: string, input: object): Promise<void> {
  await deleteReminderSchedule(name);
  await createOneTimeSchedule(name, at, input);
}

/** Deletes a schedule; one gone already (it ran, or a retried delete) is fine. */
export async function deleteReminderSchedule(name: string): Promise<void> {
  try {
    await scheduler().send(new DeleteScheduleCommand({ Name: name, GroupName: environment('REMINDER_SCHEDULE_GROUP') }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
}
