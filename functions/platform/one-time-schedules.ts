import { createHash } from 'node:crypto';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import type { OneTimeSchedules } from '../../events/schedules';
import { clientPerEndpoint } from './endpoint-client';

/**
 * EventBridge Scheduler one-time schedules in one of the stage's groups (events/schedules.ts),
 * each invoking the group's target function as the scheduler's role with an input of its own. The
 * CDK hands the group, the target's ARN, the role and the dead-letter queue as the variables named
 * by the group's `environment` prefix (infra/access.ts). A schedule fires at its time to the second
 * (no flexible window), is deleted once it ran, and an invocation that keeps failing goes to the
 * dead-letter queue. Locally the endpoint is the stand-in of local/scheduler.ts.
 */
const scheduler = clientPerEndpoint('AWS_ENDPOINT_URL_SCHEDULER', () => new SchedulerClient({}));

/** How Scheduler retries a failed invocation: how many times, and until the schedule's time is this old. */
export interface InvocationRetries {
  attempts: number;
  maxAgeSeconds: number;
}

/** A schedule's name: unique for what it is of, 45 characters of Scheduler's `[0-9A-Za-z_.-]`. */
export const scheduleName = (prefix: string, identity: unknown[]) => `${prefix}-${createHash('sha256').update(identity.join('\n')).digest('base64url')}`;

const environment = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/** The schedules of one group: put (once per name), put in place of another, deleted. */
export function oneTimeSchedules(schedules: OneTimeSchedules, retries: InvocationRetries) {
  const variable = (suffix: string) => environment(`${schedules.environment}_${suffix}`);

  /** A one-time schedule that invokes the target with `input` at `at`, as CreateSchedule and UpdateSchedule both take it. */
  const oneTimeSchedule = (name: string, at: string, input: object): CreateScheduleCommandInput => ({
    Name: name,
    GroupName: variable('SCHEDULE_GROUP'),
    // at() takes whole seconds.
    ScheduleExpression: `at(${at.slice(0, 19)})`,
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: {
      Arn: variable('FIRE_ARN'),
      RoleArn: variable('SCHEDULER_ROLE_ARN'),
      Input: JSON.stringify(input),
      RetryPolicy: { MaximumRetryAttempts: retries.attempts, MaximumEventAgeInSeconds: retries.maxAgeSeconds },
      DeadLetterConfig: { Arn: variable('DEAD_LETTER_ARN') },
    },
  });

  /** Puts a one-time schedule that invokes the target with `input` at `at`; one there already (a retried put) is the same one. */
  async function create(name: string, at: string, input: object): Promise<void> {
    try {
      await scheduler().send(new CreateScheduleCommand(oneTimeSchedule(name, at, input)));
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
    }
  }

  /** Deletes a schedule; one gone already (it ran, or a retried delete) is fine. */
  async function remove(name: string): Promise<void> {
    try {
      await scheduler().send(new DeleteScheduleCommand({ Name: name, GroupName: variable('SCHEDULE_GROUP') }));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  }

  /**
   * Puts a one-time schedule in place of the one of that name, if any: one schedule per name, never
   * two. Two requests side by side each delete, and the one that creates second finds the first's,
   * due within the same moment.
   */
  async function replace(name: string, at: string, input: object): Promise<void> {
    await remove(name);
    await create(name, at, input);
  }

  return { create, remove, replace };
}
