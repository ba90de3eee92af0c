import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { COGNITO_TRIGGERS } from '../../functions/auth/triggers';
import { HANDLERS, routes } from '../../functions/routes';
import { BUS_RULES } from '../../events/rules';
import { REMINDER_SCHEDULES, SCHEDULES, WEBHOOK_RETRY_SCHEDULES } from '../../events/schedules';
import { STREAM_CONSUMERS } from '../../functions/changes/stream-consumers';
import { SOCKET_API } from '../../functions/change-notices/socket-api';
import { tempoApp } from './tempo-app';

/**
 * The CDK builds from the same lists the local stack serves from (functions/routes.ts,
 * events/rules.ts, events/schedules.ts, functions/changes/stream-consumers.ts, functions/change-notices/socket-api.ts,
 * functions/auth/triggers.ts), so what runs on a laptop is what AWS runs.
 */
const tempo = tempoApp();
const resourcesOf = (stack: Parameters<typeof Template.fromStack>[0], type: string) =>
  Object.values(Template.fromStack(stack).findResources(type)).map((resource) => resource.Properties);

describe('one source for the CDK and the local stack', () => {
  it('routes: one API route per route-table entry, one to one', () => {
    const synthesized = resourcesOf(tempo.api, 'AWS::ApiGatewayV2::Route').map((route) => route.RouteKey as string);
    expect(synthesized.sort()).toEqual(routes.map((route) => route.key).sort());
    expect(new Set(synthesized).size).toBe(synthesized.length);
  });

  it('handlers: one function per handler name', () => {
    expect([...tempo.api.handlers.keys()].sort()).toEqual([...HANDLERS].sort());
    // And the authorizer in front of them (functions/access-tokens/authorizer.ts).
    expect(resourcesOf(tempo.api, 'AWS::Lambda::Function')).toHaveLength(HANDLERS.length + 1);
  });

  it('bus rules and schedules: one rule and one function each, one to one; the dead-letter alarms’ rule and reporter; the one-time schedules’ groups and targets', () => {
    const synthesized = resourcesOf(tempo.events, 'AWS::Events::Rule');
    // A rule on the default bus (where SES puts its events) names no bus; the dead-letter alarms' rule is there too, and not a bus rule.
    const isBusRule = (rule: Record<string, unknown>) =>
      rule.EventBusName !== undefined || BUS_RULES.some((busRule) => busRule.bus === 'default' && busRule.description === rule.Description);
    const onBus = synthesized
      .filter(isBusRule)
      .map((rule) => ({ pattern: rule.EventPattern, description: rule.Description, bus: rule.EventBusName === undefined ? 'default' : 'own' }));
    const scheduled = synthesized.filter((rule) => rule.ScheduleExpression).map((rule) => rule.Description as string);
    expect(onBus).toHaveLength(BUS_RULES.length);
    for (const rule of BUS_RULES) expect(onBus).toContainEqual({ pattern: rule.pattern, description: rule.description, bus: rule.bus ?? 'own' });
    expect(scheduled.sort()).toEqual(SCHEDULES.map((schedule) => schedule.description).sort());
    expect(synthesized).toHaveLength(BUS_RULES.length + SCHEDULES.length + 1);
    expect([...tempo.events.consumers.keys()].sort()).toEqual(BUS_RULES.map((rule) => rule.name).sort());
    expect([...tempo.events.scheduled.keys()].sort()).toEqual(SCHEDULES.map((schedule) => schedule.name).sort());
    // Beside them: the dead-letter reporter, and the target of each group of one-time schedules.
    expect(resourcesOf(tempo.events, 'AWS::Lambda::Function')).toHaveLength(BUS_RULES.length + SCHEDULES.length + 3);
    expect(resourcesOf(tempo.events, 'AWS::Scheduler::ScheduleGroup').map((group) => group.Name)).toEqual(
      [REMINDER_SCHEDULES, WEBHOOK_RETRY_SCHEDULES].map(({ group }) => `tempo-dev-${group}`),
    );
  });

  it('WebSocket routes: one per route of the socket API, each to its one routes function; the authorizer on $connect only', () => {
    const synthesized = resourcesOf(tempo.changeNotices, 'AWS::ApiGatewayV2::Route');
    expect(synthesized.map((route) => route.RouteKey as string).sort()).toEqual([...SOCKET_API.routes].sort());
    expect(synthesized.filter((route) => route.AuthorizationType === 'CUSTOM').map((route) => route.RouteKey)).toEqual(['$connect']);
    const [authorizer, ...others] = resourcesOf(tempo.changeNotices, 'AWS::ApiGatewayV2::Authorizer');
    expect(others).toEqual([]);
    expect(authorizer).toMatchObject({ AuthorizerType: 'REQUEST', IdentitySource: [`route.request.querystring.${SOCKET_API.authorizer.queryParameter}`] });
    expect(resourcesOf(tempo.changeNotices, 'AWS::ApiGatewayV2::Integration')).toHaveLength(1);
    expect([...tempo.changeNotices.socketFunctions.keys()].sort()).toEqual([SOCKET_API.authorizer.source, SOCKET_API.handler].sort());
  });

  it('stream consumers: one function and one event source mapping each, with the same filter as the local stream', () => {
    const mappings = resourcesOf(tempo.changeNotices, 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(STREAM_CONSUMERS.length);
    for (const consumer of STREAM_CONSUMERS) {
      expect(mappings).toContainEqual(
        expect.objectContaining({
          FilterCriteria: { Filters: [{ Pattern: JSON.stringify(consumer.filter) }] },
          FunctionResponseTypes: ['ReportBatchItemFailures'],
          DestinationConfig: { OnFailure: { Destination: expect.anything() } },
        }),
      );
    }
    expect([...tempo.changeNotices.streamConsumers.keys()].sort()).toEqual(STREAM_CONSUMERS.map((consumer) => consumer.name).sort());
    expect(resourcesOf(tempo.changeNotices, 'AWS::Lambda::Function')).toHaveLength(STREAM_CONSUMERS.length + tempo.changeNotices.socketFunctions.size);
  });

  it('Cognito triggers: one function per trigger, attached to the user pool', () => {
    const [pool] = resourcesOf(tempo.auth, 'AWS::Cognito::UserPool');
    expect(Object.keys(pool!.LambdaConfig).sort()).toEqual(Object.keys(COGNITO_TRIGGERS).sort());
    expect(resourcesOf(tempo.auth, 'AWS::Lambda::Function')).toHaveLength(Object.keys(COGNITO_TRIGGERS).length);
  });
});
