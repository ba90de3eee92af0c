import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { TABLE } from '../../functions/data/table-definition';
import { BUS_RULES } from '../../events/rules';
import { REMINDER_SCHEDULES, SCHEDULES, WEBHOOK_RETRY_SCHEDULES } from '../../events/schedules';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { STREAM_CONSUMERS } from '../../functions/changes/stream-consumers';
import { SOCKET_API } from '../../functions/change-notices/socket-api';
import {
  API_AUTHORIZER_ACCESS,
  eventTargetAccess,
  HANDLER_ACCESS,
  SOCKET_ACCESS,
  STREAM_CONSUMER_ACCESS,
  TRIGGER_ACCESS,
  type Access,
} from '../../infra/access';
import type { AppFunction } from '../../infra/constructs/app-function';
import { logicalId, tempoApp } from './tempo-app';

// A sender, a site address, a Google client and an ElevenLabs agent, so that every optional grant is made.
const tempo = tempoApp({
  senderEmail: 'tempo@example.com',
  siteUrl: 'https://tempo.example.com',
  googleClientId: 'client-id.apps.googleusercontent.com',
  elevenLabsAgentId: 'agent_test',
});
const INDEX_NAMES = Object.keys(TABLE.indexes);
const busName = Object.values(Template.fromStack(tempo.events).findResources('AWS::Events::EventBus'))[0]!.Properties.Name as string;

/** How each shared resource shows in a policy: its logical id, inside a cross-stack reference. */
const REFERENCES = {
  table: logicalId(tempo.data.table),
  bus: logicalId(tempo.events.bus),
  /** The Cognito triggers' stack comes before the bus's, so they name it. */
  busByName: `:event-bus/${busName}"`,
  userPool: logicalId(tempo.auth.userPool),
  sender: logicalId(tempo.email!.sender),
  googleSecrets: [logicalId(tempo.secrets.googleClientSecret), logicalId(tempo.secrets.googleTokenKey)],
  elevenLabsKey: logicalId(tempo.secrets.elevenLabsApiKey),
  webPushVapid: logicalId(tempo.secrets.webPushVapid),
  /** Every function may read it, to report its errors. */
  sentryDsn: logicalId(tempo.secrets.sentryDsn),
  socketApi: logicalId(tempo.changeNotices.api),
  /** Named at synth (the schedules name their group in their own ARN). */
  reminderGroup: `:schedule/tempo-dev-${REMINDER_SCHEDULES.group}/*"`,
  reminderSchedulerRole: logicalId(tempo.events.reminders.role),
  webhookRetryGroup: `:schedule/tempo-dev-${WEBHOOK_RETRY_SCHEDULES.group}/*"`,
  webhookRetrySchedulerRole: logicalId(tempo.events.webhookRetries.role),
  tokenKey: logicalId(tempo.secrets.googleTokenKey),
};
const SECRETS = [...REFERENCES.googleSecrets, REFERENCES.elevenLabsKey, REFERENCES.webPushVapid, REFERENCES.sentryDsn];

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

/** What a policy lets a function do, in the shape of its Access entry. */
interface Granted {
  table: string[];
  indexes: string[];
  publishes: boolean;
  userPool: string[];
  sendsMail: boolean;
  /** The secrets it may read (the error-reporting DSN; the Google client secret and token key, the ElevenLabs key). */
  secrets: string[];
  postsToSockets: boolean;
  closesSockets: boolean;
  /** Reads the table's stream: a stream consumer's event source mapping. */
  readsStream: boolean;
  /** Creates and deletes schedules in the reminders' group, and passes Scheduler its role for them: both or neither. */
  schedulesReminders: { schedules: boolean; passesRole: boolean };
  /** The same, for the webhook retries' group. */
  schedulesWebhookRetries: { schedules: boolean; passesRole: boolean };
}

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

function permissionsOf(target: AppFunction) {
  const template = Template.fromStack(Stack.of(target));
  const roleId = logicalId(target.role);
  const role = template.toJSON().Resources[roleId].Properties;
  const statements = Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).some((ref) => ref.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
  const environment = template.toJSON().Resources[logicalId(target.function)].Properties.Environment.Variables as Record<string, unknown>;
  return { role, statements, environment };
}

/**
 * Reads each statement back into what it grants, checking it names only the function's own log
 * group and queue, the table and its indexes, the bus, the user pool or the sender identity.
 */
function decode(target: AppFunction, statements: Statement[], failureQueue?: IQueue): Granted {
  const granted: Granted = {
    table: [],
    indexes: [],
    publishes: false,
    userPool: [],
    sendsMail: false,
    secrets: [],
    postsToSockets: false,
    closesSockets: false,
    readsStream: false,
    schedulesReminders: { schedules: false, passesRole: false },
    schedulesWebhookRetries: { schedules: false, passesRole: false },
  };
  const ownLogs = { 'Fn::GetAtt': [logicalId(target.function.logGroup), 'Arn'] };
  const ownQueue = target.function.deadLetterQueue && { 'Fn::GetAtt': [logicalId(target.function.deadLetterQueue), 'Arn'] };
  const ownFailures = failureQueue && { 'Fn::GetAtt': [logicalId(failureQueue), 'Arn'] };
  for (const statement of statements) {
    const actions = list(statement.Action);
    const resources = list(statement.Resource);
    const names = (reference: string) => resources.every((resource) => JSON.stringify(resource).includes(reference));
    const service = actions[0]!.split(':')[0];
    expect(
      actions.every((action) => action.startsWith(`${service}:`)),
      `one service per statement: ${actions}`,
    ).toBe(true);
    switch (service) {
      case 'logs':
        expect(actions.sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
        expect(statement.Resource).toEqual(ownLogs);
        break;
      case 'sqs':
        if (ownFailures) {
          // The event source mapping's on-failure destination, as aws-cdk-lib grants it.
          expect(actions.sort()).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
          expect(statement.Resource).toEqual(ownFailures);
        } else {
          expect(actions).toEqual(['sqs:SendMessage']);
          expect(statement.Resource).toEqual(ownQueue);
        }
        break;
      case 'dynamodb':
        if (actions.includes('dynamodb:ListStreams')) {
          // The one action that cannot name a stream.
          expect(actions).toEqual(['dynamodb:ListStreams']);
          expect(statement.Resource).toBe('*');
          granted.readsStream = true;
        } else if (actions.every((action) => STREAM_READS.includes(action))) {
          expect(actions.sort()).toEqual([...STREAM_READS].sort());
          expect(names(`${REFERENCES.table}StreamArn`), 'a stream read names the table’s stream').toBe(true);
        } else {
          expect(names(REFERENCES.table), 'a DynamoDB grant names the table').toBe(true);
          decodeTable(actions, resources, granted);
        }
        break;
      case 'execute-api': {
        expect(actions).toEqual(['execute-api:ManageConnections']);
        // One statement may name both (the policy merges them): each resource is one or the other.
        const methodOf = (resource: unknown) => /\/(POST|DELETE)\/@connections\/\*/.exec(JSON.stringify(resource))?.[1];
        const methods = resources.map(methodOf);
        expect(names(REFERENCES.socketApi) && names(`/${SOCKET_API.stage}/`), 'the stage’s connections only').toBe(true);
        expect(methods.every(Boolean), 'posting to or closing connections only').toBe(true);
        if (methods.includes('POST')) granted.postsToSockets = true;
        if (methods.includes('DELETE')) granted.closesSockets = true;
        break;
      }
      case 'events':
        expect(actions).toEqual(['events:PutEvents']);
        expect(names(REFERENCES.bus) || names(REFERENCES.busByName), 'a PutEvents grant names the app’s bus').toBe(true);
        granted.publishes = true;
        break;
      case 'cognito-idp':
        expect(names(REFERENCES.userPool)).toBe(true);
        granted.userPool.push(...actions.map((action) => action.replace('cognito-idp:', '')));
        break;
      case 'ses':
        expect(actions.every((action) => action.startsWith('ses:Send'))).toBe(true);
        expect(names(REFERENCES.sender)).toBe(true);
        granted.sendsMail = true;
        break;
      case 'secretsmanager': {
        expect(actions.sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
        for (const resource of resources) {
          const secret = SECRETS.find((reference) => JSON.stringify(resource).includes(reference));
          expect(secret, 'a secret read names one of the app secrets').toBeDefined();
          granted.secrets.push(secret!);
        }
        break;
      }
      case 'scheduler': {
        expect(actions.sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']);
        // One statement may name both groups (the policy merges them, for an account's deletion): each resource is one group's.
        for (const resource of resources) {
          const text = JSON.stringify(resource);
          const group = text.includes(REFERENCES.reminderGroup)
            ? granted.schedulesReminders
            : text.includes(REFERENCES.webhookRetryGroup)
              ? granted.schedulesWebhookRetries
              : null;
          expect(group, 'the schedules of one group of the app’s only').not.toBeNull();
          group!.schedules = true;
        }
        break;
      }
      case 'iam': {
        expect(actions).toEqual(['iam:PassRole']);
        expect(statement.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
        // As the schedules: one statement may name both groups' roles.
        for (const resource of resources) {
          const text = JSON.stringify(resource);
          const group = text.includes(REFERENCES.reminderSchedulerRole)
            ? granted.schedulesReminders
            : text.includes(REFERENCES.webhookRetrySchedulerRole)
              ? granted.schedulesWebhookRetries
              : null;
          expect(group, 'the role one group’s schedules name only').not.toBeNull();
          group!.passesRole = true;
        }
        break;
      }
      default:
        throw new Error(`unexpected grant: ${actions.join(', ')}`);
    }
  }
  return { ...granted, table: granted.table.sort(), indexes: granted.indexes.sort(), userPool: granted.userPool.sort(), secrets: granted.secrets.sort() };
}

/** Actions on the table itself; only Query on an index. */
function decodeTable(actions: string[], resources: unknown[], granted: Granted): void {
  for (const resource of resources) {
    const index = /\/index\/(\w+)"/.exec(JSON.stringify(resource))?.[1];
    if (index) {
      expect(INDEX_NAMES).toContain(index);
      expect(actions, 'only queries on an index').toEqual(['dynamodb:Query']);
      granted.indexes.push(index);
    } else {
      granted.table.push(...actions.map((action) => action.replace('dynamodb:', '')));
    }
  }
}

const STREAM_READS = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'];

function expected(access: Access, readsStream: boolean): Granted {
  const schedules = access.schedulesReminders ?? false;
  const retries = access.schedulesWebhookRetries ?? false;
  return {
    postsToSockets: access.postsToSockets ?? false,
    closesSockets: access.closesSockets ?? false,
    readsStream,
    schedulesReminders: { schedules, passesRole: schedules },
    schedulesWebhookRetries: { schedules: retries, passesRole: retries },
    table: [...(access.table ?? [])].sort(),
    indexes: [...(access.indexes ?? [])].sort(),
    publishes: access.publishes ?? false,
    userPool: [...(access.userPool ?? [])].sort(),
    sendsMail: access.sendsMail ?? false,
    secrets: [
      REFERENCES.sentryDsn,
      ...(access.callsGoogle ? REFERENCES.googleSecrets : []),
      ...(access.sealsSecrets && !access.callsGoogle ? [REFERENCES.tokenKey] : []),
      ...(access.callsElevenLabs ? [REFERENCES.elevenLabsKey] : []),
      ...(access.sendsWebPush ? [REFERENCES.webPushVapid] : []),
    ].sort(),
  };
}

type Case = [string, AppFunction, Access, IQueue?];
const FUNCTIONS: Case[] = [
  ...[...tempo.api.handlers].map(([name, target]): Case => [`handler ${name}`, target, HANDLER_ACCESS[name]]),
  ['API authorizer', tempo.api.authorizer, API_AUTHORIZER_ACCESS],
  ...BUS_RULES.map((rule): Case => [`consumer of ${rule.name}`, tempo.events.consumers.get(rule.name)!, eventTargetAccess(rule.target)]),
  ...SCHEDULES.map((schedule): Case => [`schedule ${schedule.name}`, tempo.events.scheduled.get(schedule.name)!, eventTargetAccess(schedule.target)]),
  [`one-time schedules of ${REMINDER_SCHEDULES.group}`, tempo.events.reminders.fire, eventTargetAccess(REMINDER_SCHEDULES.target)],
  [`one-time schedules of ${WEBHOOK_RETRY_SCHEDULES.group}`, tempo.events.webhookRetries.fire, eventTargetAccess(WEBHOOK_RETRY_SCHEDULES.target)],
  ['dead-letter reporter', tempo.events.deadLetterReporter, eventTargetAccess('dead-letters/report')],
  ...[...tempo.auth.triggers].map(([trigger, target]): Case => [`trigger ${trigger}`, target, TRIGGER_ACCESS[trigger]]),
  ...[...tempo.changeNotices.socketFunctions].map(([source, target]): Case => [`socket function ${source}`, target, SOCKET_ACCESS[source]!]),
  ...STREAM_CONSUMERS.map((consumer): Case => {
    const { function: target, failures } = tempo.changeNotices.streamConsumers.get(consumer.name)!;
    return [`stream consumer ${consumer.name}`, target, STREAM_CONSUMER_ACCESS[consumer.target]!, failures];
  }),
];

describe('function permissions', () => {
  it('cover every function of the app', () => {
    const lambdas = [tempo.api, tempo.events, tempo.auth, tempo.changeNotices].map(
      (stack) => Object.keys(Template.fromStack(stack).findResources('AWS::Lambda::Function')).length,
    );
    expect(FUNCTIONS).toHaveLength(lambdas.reduce((sum, count) => sum + count, 0));
  });

  it.each(FUNCTIONS)('%s: no wildcard, no managed or inline policy', (_name, target) => {
    const { role, statements } = permissionsOf(target);
    expect(role.ManagedPolicyArns).toBeUndefined();
    expect(role.Policies).toBeUndefined();
    for (const statement of statements) {
      expect(statement.Effect).toBe('Allow');
      for (const action of list(statement.Action)) expect(action).not.toContain('*');
      // No resource, nor any part of a joined one, ends in a wildcard: but the connections made at
      // run time, the reminders' schedules (named at run time, in their group), and ListStreams,
      // which names no stream (decode checks each is no more than that).
      const allowed = /@connections\/\*"|^"\*"$|:schedule\/.*\/\*"/;
      const wildcard = list(statement.Resource).filter((resource) => /\*"/.test(JSON.stringify(resource)) && !allowed.test(JSON.stringify(resource)));
      expect(wildcard).toEqual([]);
    }
  });

  it.each(FUNCTIONS)('%s: exactly what its access entry says, on the shared resources only', (_name, target, access, failureQueue) => {
    expect(decode(target, permissionsOf(target).statements, failureQueue)).toEqual(expected(access, Boolean(failureQueue)));
  });

  it.each(FUNCTIONS)('%s: the environment that goes with its access', (_name, target, access) => {
    const { environment } = permissionsOf(target);
    const has = (name: string) => environment[name] !== undefined;
    expect(has('TABLE_NAME'), 'TABLE_NAME').toBe(Boolean(access.table?.length || access.indexes?.length));
    expect(has('EVENT_BUS_NAME'), 'EVENT_BUS_NAME').toBe(Boolean(access.publishes));
    expect(has('USER_POOL_ID') && has('USER_POOL_CLIENT_ID'), 'USER_POOL_*').toBe(Boolean(access.userPool));
    expect(has('MAIL_FROM'), 'MAIL_FROM').toBe(Boolean(access.sendsMail));
    expect(has('APP_ORIGIN'), 'APP_ORIGIN').toBe(Boolean(access.linksToSite));
    expect(has('GOOGLE_CLIENT_ID'), 'GOOGLE_CLIENT_ID').toBe(Boolean(access.callsGoogle));
    expect(has('GOOGLE_CLIENT_SECRET_ARN'), 'GOOGLE_CLIENT_SECRET_ARN').toBe(Boolean(access.callsGoogle));
    expect(has('TOKEN_ENCRYPTION_KEY_ARN'), 'TOKEN_ENCRYPTION_KEY_ARN').toBe(Boolean(access.callsGoogle || access.sealsSecrets));
    expect(has('ELEVENLABS_API_KEY_ARN'), 'ELEVENLABS_API_KEY_ARN').toBe(Boolean(access.callsElevenLabs));
    expect(has('WEB_PUSH_VAPID_ARN'), 'WEB_PUSH_VAPID_ARN').toBe(Boolean(access.sendsWebPush));
    expect(has('ELEVENLABS_AGENT_ID'), 'ELEVENLABS_AGENT_ID').toBe(Boolean(access.callsElevenLabs));
    expect(has('WEBSOCKET_MANAGEMENT_ENDPOINT'), 'WEBSOCKET_MANAGEMENT_ENDPOINT').toBe(Boolean(access.postsToSockets || access.closesSockets));
    const schedulesReminders = ['REMINDER_SCHEDULE_GROUP', 'REMINDER_FIRE_ARN', 'REMINDER_SCHEDULER_ROLE_ARN', 'REMINDER_DEAD_LETTER_ARN'].map(has);
    expect(schedulesReminders, 'REMINDER_*').toEqual(schedulesReminders.map(() => Boolean(access.schedulesReminders)));
    const schedulesRetries = ['SCHEDULE_GROUP', 'FIRE_ARN', 'SCHEDULER_ROLE_ARN', 'DEAD_LETTER_ARN'].map((name) =>
      has(`${WEBHOOK_RETRY_SCHEDULES.environment}_${name}`),
    );
    expect(schedulesRetries, 'WEBHOOK_RETRY_*').toEqual(schedulesRetries.map(() => Boolean(access.schedulesWebhookRetries)));
    // Every function reports: the DSN by ARN, never its value; the release (the stage's default) and the stage.
    expect(has('SENTRY_DSN_ARN') && !has('SENTRY_DSN'), 'SENTRY_DSN_ARN').toBe(true);
    expect([environment.SENTRY_RELEASE, environment.SENTRY_ENVIRONMENT]).toEqual(['tempo@dev', 'dev']);
  });

  it('lets nothing scan, batch or run PartiQL', () => {
    const all = FUNCTIONS.flatMap(([, target]) => permissionsOf(target).statements.flatMap((statement) => list(statement.Action)));
    expect(all.filter((action) => /Scan|Batch|PartiQL|Transact/.test(action))).toEqual([]);
  });
});
