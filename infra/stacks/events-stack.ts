import { ArnFormat, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { EventBus, Match, Rule, Schedule, type EventPattern as CdkEventPattern } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { EventPattern } from '../../events/pattern';
import { BUS_RULES } from '../../events/rules';
import { REMINDER_SCHEDULES, SCHEDULES, WEBHOOK_RETRY_SCHEDULES, type OneTimeSchedules } from '../../events/schedules';
import { eventTargetAccess, grantAccess, type OneTimeScheduling, type SharedResources } from '../access';
import { DEAD_LETTER_ALARM_SUFFIX, DEAD_LETTER_REPORTER, DEAD_LETTERS_HELD } from '../../functions/dead-letters/alarm';
import { resourceName, stackName, type AppConfig } from '../config';
import { AppFunction } from '../constructs/app-function';
import { deadLetterQueue } from '../constructs/dead-letter-queue';

export interface EventsStackProps extends StackProps {
  config: AppConfig;
  /** What the functions may be granted; the bus is this stack's own. */
  shared: Omit<SharedResources, 'bus'>;
}

/** How long EventBridge keeps trying to hand an event to a function before dead-lettering it. */
const DELIVERY = { retryAttempts: 3, maxEventAge: Duration.hours(2) } as const;

/**
 * The custom bus; for each rule of events/rules.ts (on the custom bus, or the default one where it
 * says so) and each schedule of events/schedules.ts, an EventBridge rule and its function, with retries, a dead-letter queue and alarms; and the rule on
 * the default bus that hands every dead-letter queue's alarm of the stage to its reporter.
 */
export class EventsStack extends Stack {
  readonly bus: EventBus;
  /** Each bus rule's consumer, by rule name. */
  readonly consumers: ReadonlyMap<string, AppFunction>;
  /** Each schedule's function, by schedule name. */
  readonly scheduled: ReadonlyMap<string, AppFunction>;
  /** The function told of each dead-letter queue of the stage that starts to hold something. */
  readonly deadLetterReporter: AppFunction;
  /** The reminders' one-time schedules: their group, and the function, role and queue each one names. */
  readonly reminders: OneTimeScheduling & { fire: AppFunction };
  /** The webhook deliveries' later tries, one-time schedules: their group, and the function, role and queue each one names. */
  readonly webhookRetries: OneTimeScheduling & { fire: AppFunction };

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.bus = new EventBus(this, 'Bus', { eventBusName: resourceName(config, 'bus') });
    this.reminders = this.oneTimeSchedules(config, { ...props.shared, bus: this.bus }, 'Reminders', REMINDER_SCHEDULES, 'reminders');
    this.webhookRetries = this.oneTimeSchedules(config, { ...props.shared, bus: this.bus }, 'WebhookRetries', WEBHOOK_RETRY_SCHEDULES, 'webhookRetries');
    const shared = { ...props.shared, bus: this.bus, reminders: this.reminders, webhookRetries: this.webhookRetries };

    this.consumers = new Map(
      BUS_RULES.map((rule) => {
        const target = new EventTarget(this, rule.name, { config, shared, source: rule.target, description: rule.description });
        new Rule(target, 'Rule', {
          // Without a bus, the account's default one: AWS services' events (SES's) come only there.
          ...(rule.bus === 'default' ? {} : { eventBus: this.bus }),
          description: rule.description,
          eventPattern: toCdkPattern(rule.pattern),
          targets: [target.target],
        });
        return [rule.name, target.function];
      }),
    );
    this.scheduled = new Map(
      SCHEDULES.map((schedule) => {
        const target = new EventTarget(this, schedule.name, {
          config,
          shared,
          source: schedule.target,
          description: schedule.description,
          // A run may work through several days of expired items.
          timeout: Duration.minutes(5),
        });
        new Rule(target, 'Rule', {
          description: schedule.description,
          schedule: Schedule.rate(Duration.minutes(schedule.everyMinutes)),
          targets: [target.target],
        });
        return [schedule.name, target.function];
      }),
    );
    this.deadLetterReporter = this.reportDeadLetters(config, shared);
    new CfnOutput(this, 'EventBusName', { value: this.bus.eventBusName });
  }

  /**
   * A group of one-time schedules (events/schedules.ts) that functions put for themselves: the
   * target function, under a name of its own so its ARN is known to the functions that schedule it
   * (itself among them) without a reference cycle; the role Scheduler invokes it as; and the queue
   * that takes an invocation that failed every retry (the schedule's and the function's own).
   */
  private oneTimeSchedules(
    config: AppConfig,
    shared: SharedResources,
    id: string,
    schedules: OneTimeSchedules,
    resource: 'reminders' | 'webhookRetries',
  ): OneTimeScheduling & { fire: AppFunction } {
    const scope = new Construct(this, id);
    const group = new ScheduleGroup(scope, 'Group', { scheduleGroupName: resourceName(config, schedules.group) });
    const deadLetters = deadLetterQueue(scope, 'DeadLetters', DEAD_LETTERS_HELD.events(schedules.target));
    const functionName = resourceName(config, schedules.target.replaceAll('/', '-'));
    const functionArn = this.formatArn({ service: 'lambda', resource: 'function', resourceName: functionName, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    const role = new Role(scope, 'SchedulerRole', { assumedBy: new ServicePrincipal('scheduler.amazonaws.com') });
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [functionArn] }));
    deadLetters.grantSendMessages(role);
    const scheduling: OneTimeScheduling = { group, functionArn, role, deadLetters };
    const fire = new AppFunction(scope, 'Target', {
      config,
      source: schedules.target,
      description: `${id}: ${schedules.description}`,
      timeout: Duration.seconds(30),
      deadLetterQueue: deadLetters,
      functionName,
    });
    grantAccess(fire, eventTargetAccess(schedules.target), { ...shared, [resource]: scheduling });
    return { ...scheduling, fire };
  }

  /** CloudWatch puts its alarms' changes on the default bus; those of this stage's dead-letter queues (infra/constructs/dead-letter-queue.ts) going to ALARM are reported. */
  private reportDeadLetters(config: AppConfig, shared: SharedResources): AppFunction {
    const description = 'Reports a dead-letter queue that starts to hold something to the error-reporting service';
    const target = new EventTarget(this, 'DeadLetterReports', { config, shared, source: DEAD_LETTER_REPORTER, description });
    new Rule(target, 'Rule', {
      description,
      eventPattern: {
        source: ['aws.cloudwatch'],
        detailType: ['CloudWatch Alarm State Change'],
        detail: { alarmName: Match.wildcard(`${stackName(config, '*')}${DEAD_LETTER_ALARM_SUFFIX}`), state: { value: ['ALARM'] } },
      },
      targets: [target.target],
    });
    return target.function;
  }
}

interface EventTargetProps {
  config: AppConfig;
  shared: SharedResources;
  /** The function's source under functions/, without the extension. */
  source: string;
  description: string;
  timeout?: Duration;
}

/** A function EventBridge invokes, the queue that catches what failed, and alarms on both. */
class EventTarget extends Construct {
  readonly function: AppFunction;
  readonly target: LambdaFunction;

  constructor(scope: Construct, id: string, { config, shared, source, description, timeout }: EventTargetProps) {
    super(scope, id);
    const deadLetters = deadLetterQueue(this, 'DeadLetters', DEAD_LETTERS_HELD.events(source));

    // The same queue takes the function's own failures: EventBridge's DLQ only sees events Lambda
    // refused, while an invocation that threw is retried by Lambda and then dropped without one.
    this.function = new AppFunction(this, 'Consumer', {
      config,
      source,
      description: `${id}: ${description}`,
      timeout: timeout ?? Duration.seconds(30),
      deadLetterQueue: deadLetters,
    });
    grantAccess(this.function, eventTargetAccess(source), shared);
    this.target = new LambdaFunction(this.function.function, { ...DELIVERY, deadLetterQueue: deadLetters });
  }
}

/**
 * The CDK spells the top-level `detail-type` as `detailType` and renders it back; every other key,
 * nested ones included, is passed through as written. So the synthesized pattern equals the JSON one.
 */
function toCdkPattern(pattern: EventPattern): CdkEventPattern {
  const { 'detail-type': detailType, ...rest } = pattern;
  return { ...rest, ...(detailType ? { detailType } : {}) } as CdkEventPattern;
}
