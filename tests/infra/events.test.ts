import { Duration } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { describe, expect, it } from 'vitest';
import { BUS_RULES } from '../../events/rules';
import { SCHEDULES } from '../../events/schedules';
import type { AppFunction } from '../../infra/constructs/app-function';
import { logicalId, tempoApp } from './tempo-app';

const tempo = tempoApp();
const template = Template.fromStack(tempo.events);
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;

/** The rule built for a bus rule or schedule, found by the name its constructs carry. */
function synthesizedRule(name: string) {
  const rules = Object.entries(resources).filter(([id, resource]) => resource.Type === 'AWS::Events::Rule' && id.startsWith(`${name}Rule`));
  expect(rules, name).toHaveLength(1);
  return rules[0]![1].Properties;
}

const ref = (id: string, attribute = 'Arn') => ({ 'Fn::GetAtt': [id, attribute] });

/** What every EventBridge target gets: retries, a maximum age, a dead-letter queue and alarms. */
function describeDelivery(name: string, target: AppFunction) {
  const functionId = logicalId(target.function);
  const queueId = logicalId(target.function.deadLetterQueue!);

  it('targets its function with retries, a maximum age and the dead-letter queue', () => {
    const targets = synthesizedRule(name).Targets;
    expect(targets).toHaveLength(1);
    expect(targets[0]).toMatchObject({
      Arn: ref(functionId),
      DeadLetterConfig: { Arn: ref(queueId) },
      RetryPolicy: { MaximumRetryAttempts: expect.any(Number), MaximumEventAgeInSeconds: expect.any(Number) },
    });
  });

  it('has a function of its own, whose failed invocations go to the same queue', () => {
    expect(resources[functionId]!.Properties.Description).toContain(name);
    expect(resources[functionId]!.Properties.DeadLetterConfig).toEqual({ TargetArn: ref(queueId) });
  });

  it('keeps the dead-letter queue encrypted and TLS-only', () => {
    expect(resources[queueId]!.Properties.SqsManagedSseEnabled).toBe(true);
    const statements = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::SQS::QueuePolicy' && JSON.stringify(resource.Properties.Queues).includes(queueId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
  });

  it('alarms when a message waits in the dead-letter queue and when the function fails', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Dimensions: [{ Name: 'QueueName', Value: ref(queueId, 'QueueName') }],
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Namespace: 'AWS/Lambda',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: functionId } }],
    });
  });
}

describe('event bus', () => {
  it('is one custom bus, named per stage', () => {
    template.resourceCountIs('AWS::Events::EventBus', 1);
    template.hasResourceProperties('AWS::Events::EventBus', { Name: 'tempo-dev-bus' });
  });
});

describe.each(BUS_RULES.map((rule) => [rule.name, rule] as const))('bus rule %s', (name, rule) => {
  it('listens on its bus (the custom one, or the default one where SES puts its events) for exactly the JSON pattern of events/rules.ts', () => {
    expect(synthesizedRule(name).EventBusName).toEqual(rule.bus === 'default' ? undefined : { Ref: logicalId(tempo.events.bus) });
    expect(synthesizedRule(name).EventPattern).toEqual(rule.pattern);
    expect(synthesizedRule(name).Description).toBe(rule.description);
  });

  describeDelivery(name, tempo.events.consumers.get(name)!);
});

describe.each(SCHEDULES.map((schedule) => [schedule.name, schedule] as const))('schedule %s', (name, schedule) => {
  it('runs on the default bus at the interval of events/schedules.ts', () => {
    expect(synthesizedRule(name).EventBusName).toBeUndefined();
    expect(synthesizedRule(name).ScheduleExpression).toBe(Schedule.rate(Duration.minutes(schedule.everyMinutes)).expressionString);
  });

  describeDelivery(name, tempo.events.scheduled.get(name)!);
});

describe('dead-letter reports', () => {
  const alarmsOf = (stack: Parameters<typeof Template.fromStack>[0]) =>
    Object.values(Template.fromStack(stack).findResources('AWS::CloudWatch::Alarm', { Properties: { Namespace: 'AWS/SQS' } })).map(
      (alarm) => alarm.Properties as { AlarmName: string; AlarmDescription: string },
    );

  it('hands every dead-letter queue’s alarm of the stage, as it goes to ALARM, from the default bus to the reporter', () => {
    const rule = synthesizedRule('DeadLetterReports');
    expect(rule.EventBusName).toBeUndefined();
    expect(rule.EventPattern).toEqual({
      source: ['aws.cloudwatch'],
      'detail-type': ['CloudWatch Alarm State Change'],
      detail: { alarmName: [{ wildcard: 'Tempo-dev-*-dead-letters' }], state: { value: ['ALARM'] } },
    });
    const alarms = [...alarmsOf(tempo.events), ...alarmsOf(tempo.changeNotices)];
    expect(alarms.length).toBeGreaterThan(BUS_RULES.length + SCHEDULES.length);
    for (const { AlarmName, AlarmDescription } of alarms) {
      expect(AlarmName).toMatch(/^Tempo-dev-(Events|Push)-[\w-]+-dead-letters$/);
      expect(AlarmDescription).toMatch(/^(Events|Stream records) for [\w/-]+ failed every attempt and wait in the dead-letter queue$/);
    }
  });

  describeDelivery('DeadLetterReports', tempo.events.deadLetterReporter);
});
